import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/harness.ts';

const recipe = (name: string) => ({
  name,
  servings: 2,
  ingredients: [{ code: '16400', quantity: 20, unit: 'g' }],
  allergens: ['Lait'],
  dietaryInfo: [],
});

let t: TestApp;
let owner: SignedUpUser;
let intruder: SignedUpUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  intruder = await t.signUp();
  await t.db
    .updateTable('subscriptions')
    .set({ tier: 'premium' })
    .where('organisation_id', '=', owner.organisationId)
    .execute();
});
afterAll(() => t.close());

const as = (user: SignedUpUser) => ({
  get: (path: string) => t.request('GET', path, { cookie: user.cookie }),
  post: (path: string, body: unknown = {}) => t.request('POST', path, { cookie: user.cookie, body }),
  put: (path: string, body: unknown) => t.request('PUT', path, { cookie: user.cookie, body }),
  patch: (path: string, body: unknown) => t.request('PATCH', path, { cookie: user.cookie, body }),
  del: (path: string) => t.request('DELETE', path, { cookie: user.cookie }),
});

async function menuWithContent() {
  const api = as(owner);
  const menu = (await api.post('/api/menus', { name: 'Carte d’hiver', description: 'Plats de saison' })).body;
  const entrees = (await api.post(`/api/menus/${menu.id}/sections`, { name: 'Entrées' })).body;
  const plats = (await api.post(`/api/menus/${menu.id}/sections`)).body;
  const soupe = (await api.post('/api/recipes', recipe('Soupe'))).body;
  const gratin = (await api.post('/api/recipes', recipe('Gratin'))).body;
  const item1 = (await api.post(`/api/sections/${plats.id}/items`, { recipeId: gratin.id })).body;
  const item2 = (await api.post(`/api/sections/${plats.id}/items`, { recipeId: soupe.id })).body;
  return { menu, entrees, plats, soupe, gratin, item1, item2 };
}

describe('menus, sections and items', () => {
  it('goes through the whole lifecycle with docs/product/spec.md defaults', async () => {
    const api = as(owner);
    const { menu, entrees, plats, gratin, item1, item2 } = await menuWithContent();
    expect(menu).toMatchObject({ name: 'Carte d’hiver', description: 'Plats de saison', isActive: true });
    expect(entrees).toMatchObject({ name: 'Entrées', description: '', displayOrder: 0, items: [] });
    expect(plats).toMatchObject({ name: 'Nouvelle section', description: '', displayOrder: 1 });
    // No price until the owner sets one (migration 0012): diners see none, never « 0,00 € ».
    expect(item1).toMatchObject({
      name: 'Gratin',
      description: '',
      price: null,
      labels: null,
      isAvailable: true,
      displayOrder: 0,
    });
    expect(item1.recipe).toEqual({
      id: gratin.id,
      name: 'Gratin',
      description: '',
      price: null,
      caloriesPerServing: gratin.caloriesPerServing,
      photoUrl: null,
      photo: null,
    });
    expect(item2.displayOrder).toBe(1);

    const list = await api.get('/api/menus');
    // A new menu goes to the organisation's first establishment.
    const [establishment] = (await api.get('/api/establishments')).body.establishments;
    expect(menu.establishmentId).toBe(establishment.id);
    expect(list.body.menus[0]).toEqual({
      id: menu.id,
      version: 1,
      name: menu.name,
      description: menu.description,
      isActive: true,
      establishmentId: establishment.id,
      translations: {},
      createdAt: menu.createdAt,
    });

    const renamed = await api.put(`/api/sections/${plats.id}`, { name: 'Plats', description: 'Faits maison' });
    expect(renamed.body).toMatchObject({ name: 'Plats', description: 'Faits maison' });
    const edited = await api.put(`/api/items/${item1.id}`, {
      name: 'Gratin dauphinois',
      description: 'Crème et ail',
      isAvailable: false,
    });
    expect(edited.body).toMatchObject({ name: 'Gratin dauphinois', description: 'Crème et ail', isAvailable: false });

    const off = await api.patch(`/api/menus/${menu.id}`, { isActive: false });
    expect(off.body.isActive).toBe(false);
    const put = await api.put(`/api/menus/${menu.id}`, { name: 'Carte', description: '', isActive: true });
    expect(put.body).toMatchObject({ name: 'Carte', description: '', isActive: true });

    const sections = (await api.get(`/api/menus/${menu.id}/sections`)).body.sections;
    expect(sections.map((s: { name: string }) => s.name)).toEqual(['Entrées', 'Plats']);
    expect(sections[1].items.map((i: { name: string }) => i.name)).toEqual(['Gratin dauphinois', 'Soupe']);

    expect((await api.del(`/api/items/${item1.id}`)).status).toBe(204);
    const after = (await api.get(`/api/menus/${menu.id}/sections`)).body.sections;
    expect(after[1].items).toMatchObject([{ name: 'Soupe', displayOrder: 0 }]);

    expect((await api.del(`/api/sections/${entrees.id}`)).status).toBe(204);
    const left = (await api.get(`/api/menus/${menu.id}/sections`)).body.sections;
    expect(left).toMatchObject([{ name: 'Plats', displayOrder: 0 }]);
  });

  it('reorders sections and items, keeping orders dense under concurrent moves', async () => {
    const api = as(owner);
    const { menu, entrees, plats, item1, item2 } = await menuWithContent();
    const moved = await api.post(`/api/sections/${plats.id}/move`, { position: 0 });
    expect(moved.body.sections.map((s: { id: string }) => s.id)).toEqual([plats.id, entrees.id]);
    const items = await api.post(`/api/items/${item2.id}/move`, { position: 0 });
    expect(items.body.sections[0].items.map((i: { id: string }) => i.id)).toEqual([item2.id, item1.id]);

    const extra = await Promise.all(
      Array.from({ length: 6 }, () => api.post(`/api/menus/${menu.id}/sections`, { name: 'Dessert' })),
    );
    const ids = [plats.id, entrees.id, ...extra.map((r) => r.body.id as string)];
    await Promise.all(ids.map((id, i) => api.post(`/api/sections/${id}/move`, { position: (i * 5) % ids.length })));
    const sections = (await api.get(`/api/menus/${menu.id}/sections`)).body.sections as {
      id: string;
      displayOrder: number;
    }[];
    expect(sections.map((s) => s.displayOrder)).toEqual(sections.map((_, i) => i));
    expect(new Set(sections.map((s) => s.id))).toEqual(new Set(ids));
  });

  it('moves an item into another section of the same menu, both sections kept dense; refuses a section of another menu', async () => {
    const api = as(owner);
    const { menu, entrees, plats, item1, item2 } = await menuWithContent();
    const moved = await api.post(`/api/items/${item1.id}/move`, { position: 0, sectionId: entrees.id });
    expect(moved.status).toBe(200);
    const [first, second] = moved.body.sections as { id: string; items: { id: string; displayOrder: number }[] }[];
    expect(first!.id).toBe(entrees.id);
    expect(first!.items.map((i) => [i.id, i.displayOrder])).toEqual([[item1.id, 0]]);
    expect(second!.items.map((i) => [i.id, i.displayOrder])).toEqual([[item2.id, 0]]);
    const back = await api.post(`/api/items/${item1.id}/move`, { position: 5, sectionId: plats.id });
    expect(
      back.body.sections[1].items.map((i: { id: string; displayOrder: number }) => [i.id, i.displayOrder]),
    ).toEqual([
      [item2.id, 0],
      [item1.id, 1],
    ]);

    const other = (await api.post('/api/menus', { name: 'Carte d’été' })).body;
    const otherSection = (await api.post(`/api/menus/${other.id}/sections`, { name: 'Ailleurs' })).body;
    const before = (await api.get(`/api/menus/${menu.id}/sections`)).body;
    const refused = await api.post(`/api/items/${item1.id}/move`, { position: 0, sectionId: otherSection.id });
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields).toEqual({ sectionId: 'Choisissez une section de ce menu' });
    const unknown = await api.post(`/api/items/${item1.id}/move`, { position: 0, sectionId: 'pas-un-id' });
    expect(unknown.status).toBe(422);
    expect((await api.get(`/api/menus/${menu.id}/sections`)).body).toEqual(before);
    expect((await api.get(`/api/menus/${other.id}/sections`)).body.sections[0].items).toEqual([]);
  });

  it("answers 404 on every route for another owner's menu, section and item, and changes nothing", async () => {
    const { menu, plats, item1, soupe } = await menuWithContent();
    const snapshot = async () => ({
      menu: await t.db.selectFrom('menus').selectAll().where('id', '=', menu.id).executeTakeFirst(),
      sections: await t.db
        .selectFrom('menu_sections')
        .selectAll()
        .where('menu_id', '=', menu.id)
        .orderBy('id')
        .execute(),
      items: await t.db
        .selectFrom('menu_items')
        .selectAll()
        .where('menu_section_id', '=', plats.id)
        .orderBy('id')
        .execute(),
    });
    const before = await snapshot();
    const api = as(intruder);
    const attempts = [
      api.get(`/api/menus/${menu.id}`),
      api.put(`/api/menus/${menu.id}`, { name: 'x', description: '', isActive: false }),
      api.patch(`/api/menus/${menu.id}`, { isActive: false }),
      api.get(`/api/menus/${menu.id}/sections`),
      api.post(`/api/menus/${menu.id}/sections`, { name: 'x' }),
      api.put(`/api/sections/${plats.id}`, { name: 'x', description: '' }),
      api.post(`/api/sections/${plats.id}/move`, { position: 0 }),
      api.post(`/api/sections/${plats.id}/items`, { recipeId: soupe.id }),
      api.put(`/api/items/${item1.id}`, { name: 'x', description: '', isAvailable: false }),
      api.post(`/api/items/${item1.id}/move`, { position: 1 }),
      api.del(`/api/items/${item1.id}`),
      api.del(`/api/sections/${plats.id}`),
      api.del(`/api/menus/${menu.id}`),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    expect((await api.get('/api/menus')).body.menus).toEqual([]);
    expect(await snapshot()).toEqual(before);
    expect((await as(owner).get('/api/menus/pas-un-uuid')).status).toBe(404);
  });

  it("refuses to add another owner's recipe to a menu", async () => {
    const { plats } = await menuWithContent();
    const foreign = (await as(intruder).post('/api/recipes', recipe('Pas à toi'))).body;
    const res = await as(owner).post(`/api/sections/${plats.id}/items`, { recipeId: foreign.id });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe('Recette introuvable');
  });

  it('validates with French messages and stores nothing', async () => {
    const user = await t.signUp();
    const api = as(user);
    const empty = await api.post('/api/menus', { name: ' ' });
    expect(empty.status).toBe(422);
    expect(empty.body.error.fields.name).toBe('Le nom du menu est requis');
    const badType = await api.post('/api/menus', { name: 'Menu', isActive: 'oui' });
    expect(badType.status).toBe(422);
    expect((await api.get('/api/menus')).body.menus).toEqual([]);
    const menu = (await api.post('/api/menus', { name: 'Menu' })).body;
    const section = await api.post(`/api/menus/${menu.id}/sections`, { name: '' });
    expect(section.status).toBe(422);
    expect(section.body.error.fields.name).toBe('Le nom de la section est requis');
    const noRecipe = await api.post(`/api/menus/${menu.id}/sections`);
    const item = await api.post(`/api/sections/${noRecipe.body.id}/items`, { recipeId: 'abc' });
    expect(item.status).toBe(422);
    const move = await api.post(`/api/sections/${noRecipe.body.id}/move`, { position: -1 });
    expect(move.status).toBe(422);
  });

  it('keeps a free owner at exactly 1 menu under parallel creations', async () => {
    const user = await t.signUp();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => as(user).post('/api/menus', { name: `Menu ${i}` })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = results.filter((r) => r.status === 403);
    expect(refused).toHaveLength(9);
    expect(refused[0]!.body.error).toEqual({
      code: 'plan_limit',
      message: 'Limite de menus atteinte pour le plan gratuit. Passez au Premium pour créer plus de menus.',
    });
    expect((await as(user).get('/api/me')).body.usage.menus).toBe(1);
  });

  it('deleting a menu removes its sections, items and QR codes', async () => {
    const { menu, plats } = await menuWithContent();
    await t.db
      .insertInto('qr_codes')
      .values({ organisation_id: owner.organisationId, created_by: owner.user.id, menu_id: menu.id, name: 'Table 1' })
      .execute();
    expect((await as(owner).del(`/api/menus/${menu.id}`)).status).toBe(204);
    expect(await t.db.selectFrom('menu_sections').selectAll().where('menu_id', '=', menu.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('menu_items').selectAll().where('menu_section_id', '=', plats.id).execute()).toEqual(
      [],
    );
    expect(await t.db.selectFrom('qr_codes').selectAll().where('menu_id', '=', menu.id).execute()).toEqual([]);
    expect((await as(owner).get(`/api/menus/${menu.id}`)).status).toBe(404);
  });
});
