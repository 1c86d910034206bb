import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formuleMessages as m } from '../../../shared/api/formules.ts';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/harness.ts';
import { addMember } from '../../test/teams.ts';

/** Formules (src/shared/api/formules.ts): a priced combination of a menu's sections. */
const recipe = (name: string) => ({
  name,
  servings: 1,
  ingredients: [{ code: '16400', quantity: 20, unit: 'g' }],
  allergens: ['Lait'],
  dietaryInfo: [],
  allergensDeclared: true,
});

let t: TestApp;
let owner: SignedUpUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  await t.db
    .updateTable('subscriptions')
    .set({ tier: 'premium' })
    .where('organisation_id', '=', owner.organisationId)
    .execute();
});
afterAll(() => t.close());

const call = (user: SignedUpUser, method: string, path: string, body?: unknown) =>
  t.request(method, path, { cookie: user.cookie, ...(body !== undefined ? { body } : {}) });
const formuleRows = () =>
  t.db.selectFrom('formules').select(['id', 'name', 'price', 'choices', 'display_order']).orderBy('id').execute();

async function carte(user: SignedUpUser = owner) {
  const menu = (await call(user, 'POST', '/api/menus', { name: 'Carte du midi' })).body;
  const section = async (name: string) => {
    const s = (await call(user, 'POST', `/api/menus/${menu.id}/sections`, { name })).body;
    const dish = (await call(user, 'POST', '/api/recipes', recipe(`${name} du jour`))).body;
    await call(user, 'POST', `/api/sections/${s.id}/items`, { recipeId: dish.id });
    return s.id as string;
  };
  return { menu, entree: await section('Entrée'), plat: await section('Plat'), dessert: await section('Dessert') };
}

describe('formules', () => {
  it('creates, reads, changes and deletes a formule; diners see it first with its price and alternatives', async () => {
    const { menu, entree, plat, dessert } = await carte();
    const created = await call(owner, 'POST', `/api/menus/${menu.id}/formules`, {
      name: '  Formule déjeuner ',
      price: 18.5,
      choices: [
        [entree, plat],
        [plat, dessert],
      ],
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Formule déjeuner',
      price: 18.5,
      choices: [
        [entree, plat],
        [plat, dessert],
      ],
      displayOrder: 0,
    });
    expect((await call(owner, 'GET', `/api/menus/${menu.id}/formules`)).body.formules).toEqual([created.body]);

    const page = (await t.request('GET', `/menu/${menu.id}`)).text;
    expect(page).toContain('<h2 id="fo">Formules</h2>');
    expect(page).toContain(
      '<h3>Formule déjeuner</h3><p class="pr"><span class="sr">Prix\u00a0: </span>18,50\u00a0€</p><p class="idesc">Entrée + Plat ou Plat + Dessert</p>',
    );
    // In the page's body (the head's JSON-LD names every dish too).
    expect(page.indexOf('id="fo"')).toBeLessThan(page.indexOf('Entrée du jour', page.indexOf('<body')));
    expect((await t.request('GET', `/menu/${menu.id}?lang=en`)).text).toContain(
      '<h2 id="fo">Set menus</h2><ul class="items"><li class="item"><h3 lang="fr">Formule déjeuner</h3>',
    );
    const json = (await t.request('GET', `/api/public/menus/${menu.id}`)).body;
    expect(json.formules).toEqual([
      {
        name: 'Formule déjeuner',
        price: 18.5,
        translations: {},
        choices: [
          ['Entrée', 'Plat'],
          ['Plat', 'Dessert'],
        ],
      },
    ]);

    const changed = await call(owner, 'PUT', `/api/formules/${created.body.id}`, {
      name: 'Formule express',
      price: 14,
      choices: [[plat]],
    });
    expect([changed.status, changed.body.name, changed.body.price, changed.body.choices]).toEqual([
      200,
      'Formule express',
      14,
      [[plat]],
    ]);
    expect((await t.request('GET', `/menu/${menu.id}`)).text).toContain('<p class="idesc">Plat</p>');

    // A deleted section drops out of its alternatives; a formule left with none is not shown.
    await call(owner, 'DELETE', `/api/sections/${plat}`);
    expect((await call(owner, 'GET', `/api/menus/${menu.id}/formules`)).body.formules[0].choices).toEqual([]);
    expect((await t.request('GET', `/menu/${menu.id}`)).text).not.toContain('id="fo"');

    expect((await call(owner, 'DELETE', `/api/formules/${created.body.id}`)).status).toBe(204);
    expect((await call(owner, 'GET', `/api/menus/${menu.id}/formules`)).body.formules).toEqual([]);
    expect((await call(owner, 'DELETE', `/api/formules/${created.body.id}`)).status).toBe(404);
  });

  it('refuses bad input next to its field and stores nothing', async () => {
    const { menu, entree } = await carte();
    const other = await carte();
    const before = await formuleRows();
    const cases: [unknown, string, string][] = [
      [{ name: ' ', price: 10, choices: [[entree]] }, 'name', m.nameRequired],
      [{ name: 'F', price: 0, choices: [[entree]] }, 'price', m.priceTooSmall],
      [{ name: 'F', price: '18,50', choices: [[entree]] }, 'price', m.priceInvalid],
      [{ name: 'F', price: 10, choices: [] }, 'choices', m.choicesRequired],
      [{ name: 'F', price: 10, choices: [[]] }, 'choices.0', m.choiceEmpty],
      [{ name: 'F', price: 10, choices: [[entree, entree]] }, 'choices.0.1', m.sectionRepeated],
      [{ name: 'F', price: 10, choices: [[entree], [entree]] }, 'choices.1', m.choiceRepeated],
      [{ name: 'F', price: 10, choices: [['pas-un-id']] }, 'choices.0.0', m.sectionUnknown],
      // Another menu's section, even of the same organisation.
      [{ name: 'F', price: 10, choices: [[other.entree]] }, 'choices.0.0', m.sectionUnknown],
    ];
    for (const [body, field, message] of cases) {
      const res = await call(owner, 'POST', `/api/menus/${menu.id}/formules`, body);
      expect([res.status, res.body.error?.fields?.[field]], JSON.stringify(body)).toEqual([422, message]);
    }
    expect(await formuleRows()).toEqual(before);
  });

  it('keeps at most ten formules per menu, numbered in order after a delete', async () => {
    const { menu, plat } = await carte();
    const ids: string[] = [];
    for (let i = 0; i < 10; i++)
      ids.push(
        (
          await call(owner, 'POST', `/api/menus/${menu.id}/formules`, {
            name: `F${i}`,
            price: 10 + i,
            choices: [[plat]],
          })
        ).body.id,
      );
    const eleventh = await call(owner, 'POST', `/api/menus/${menu.id}/formules`, {
      name: 'F10',
      price: 20,
      choices: [[plat]],
    });
    expect([eleventh.status, eleventh.body.error.fields.name]).toEqual([422, m.tooManyFormules]);
    await call(owner, 'DELETE', `/api/formules/${ids[0]}`);
    const list = (await call(owner, 'GET', `/api/menus/${menu.id}/formules`)).body.formules;
    expect(list.map((f: { displayOrder: number }) => f.displayOrder)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('another organisation gets 404; a viewer reads but may not write (403)', async () => {
    const { menu, plat } = await carte();
    const formule = (
      await call(owner, 'POST', `/api/menus/${menu.id}/formules`, { name: 'F', price: 10, choices: [[plat]] })
    ).body;
    const stranger = await t.signUp();
    expect((await call(stranger, 'GET', `/api/menus/${menu.id}/formules`)).status).toBe(404);
    expect(
      (await call(stranger, 'POST', `/api/menus/${menu.id}/formules`, { name: 'F', price: 10, choices: [[plat]] }))
        .status,
    ).toBe(404);
    expect(
      (await call(stranger, 'PUT', `/api/formules/${formule.id}`, { name: 'F', price: 10, choices: [[plat]] })).status,
    ).toBe(404);
    expect((await call(stranger, 'DELETE', `/api/formules/${formule.id}`)).status).toBe(404);
    const viewer = await addMember(t, owner, 'viewer');
    expect((await call(viewer, 'GET', `/api/menus/${menu.id}/formules`)).status).toBe(200);
    expect(
      (await call(viewer, 'PUT', `/api/formules/${formule.id}`, { name: 'G', price: 10, choices: [[plat]] })).status,
    ).toBe(403);
    expect((await call(viewer, 'DELETE', `/api/formules/${formule.id}`)).status).toBe(403);
    expect((await formuleRows()).find((f) => f.id === formule.id)?.name).toBe('F');
  });
});
