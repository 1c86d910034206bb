import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { originStagesMessages } from '../../../shared/product-origin-stages.ts';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/harness.ts';

/**
 * Meat origins from products reach diners (docs/decisions/0023-costs-import-export.md « Meat
 * origins from products »): a kind the recipe does not declare shows its products' origin when
 * they all agree on every stage the decree needs, on the page and in its JSON.
 */
let t: TestApp;
let owner: SignedUpUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
});
afterAll(() => t.close());

const call = async (method: string, path: string, body?: unknown) => {
  const res = await t.request(method, path, { cookie: owner.cookie, ...(body !== undefined ? { body } : {}) });
  expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
  return res.body;
};
const product = (name: string, origin: Record<string, unknown>) => ({
  name,
  per100g: { energyKcal: 150 },
  allergens: [],
  traces: [],
  labels: [],
  meatKind: 'bovine',
  ...origin,
});
const dish = (name: string, ingredients: unknown[], extra: Record<string, unknown> = {}) => ({
  name,
  servings: 1,
  ingredients,
  allergens: [],
  allergensDeclared: true,
  dietaryInfo: [],
  ...extra,
});
const line = (id: string, kind: 'productId' | 'recipeId' = 'productId') => ({
  [kind]: id,
  quantity: kind === 'productId' ? 150 : 1,
  unit: kind === 'productId' ? 'g' : 'portion',
});

async function publish(recipeId: string) {
  const menu = await call('POST', '/api/menus', { name: 'Carte' });
  const section = await call('POST', `/api/menus/${menu.id}/sections`, { name: 'Plats' });
  await call('POST', `/api/sections/${section.id}/items`, { recipeId });
  return {
    json: async () =>
      (await t.request('GET', `/api/public/menus/${menu.id}`)).body.sections[0].items[0].recipe.meatOrigins,
    html: async (lang = '') => (await t.request('GET', `/menu/${menu.id}${lang}`)).text,
  };
}

describe('meat origin from products, for diners', () => {
  it('shows the products’ agreed origin through a sub-recipe, follows a product’s change, and yields to a declaration', async () => {
    const paleron = await call('POST', '/api/products', product('Paleron', { origin: 'France' }));
    const fond = await call(
      'POST',
      '/api/products',
      product('Fond brun', { originStages: { born: 'France', reared: 'France', slaughtered: 'France' } }),
    );
    expect(fond).toMatchObject({
      origin: 'Né\u00a0: France ; Élevé\u00a0: France ; Abattu\u00a0: France',
      originStages: { born: 'France', reared: 'France', slaughtered: 'France' },
    });
    const sauce = await call('POST', '/api/recipes', dish('Sauce', [line(fond.id)]));
    const stew = await call('POST', '/api/recipes', dish('Bœuf mode', [line(paleron.id), line(sauce.id, 'recipeId')]));
    expect(stew.meatOriginMissing).toBe(false);
    const page = await publish(stew.id);
    expect(await page.json()).toEqual([
      {
        meat: 'Viande bovine',
        text: 'Origine\u00a0: France',
        bovine: true,
        countries: { born: 'France', reared: 'France', slaughtered: 'France' },
      },
    ]);
    expect(await page.html()).toContain('<li>Viande bovine · Origine\u00a0: France</li>');
    // In the diner's language (src/shared/diner/meat-origin-names.ts).
    expect(await page.html('?lang=de')).toContain(
      '<p>Herkunft des Fleisches:</p><ul class="origins"><li>Rindfleisch · Herkunft: Frankreich</li>',
    );

    // The sub-recipe's product now says otherwise: they disagree, diners see nothing, the owner is told.
    await call(
      'PUT',
      `/api/products/${fond.id}`,
      product('Fond brun', { originStages: { born: 'Irlande', reared: 'France', slaughtered: 'France' } }),
    );
    expect(await page.json()).toEqual([]);
    expect(await page.html()).not.toContain('Viande bovine');
    expect((await call('GET', `/api/recipes/${stew.id}`)).meatOriginMissing).toBe(true);

    // Both say it now: « Né et élevé ».
    await call(
      'PUT',
      `/api/products/${paleron.id}`,
      product('Paleron', { originStages: { born: 'Irlande', reared: 'France', slaughtered: 'France' } }),
    );
    expect(await page.json()).toMatchObject([
      {
        meat: 'Viande bovine',
        text: 'Né et élevé\u00a0: Irlande, France et abattu\u00a0: France',
        countries: { born: 'Irlande' },
      },
    ]);

    // A declaration wins, even one still incomplete (nothing invented, the owner flagged).
    const declared = await call(
      'PUT',
      `/api/recipes/${stew.id}`,
      dish('Bœuf mode', [line(paleron.id), line(sauce.id, 'recipeId')], {
        meatOrigins: [{ meat: 'Veau', reared: 'France', slaughtered: 'France' }],
      }),
    );
    expect(declared.meatOriginMissing).toBe(true);
    expect(await page.json()).toEqual([]);
  });

  it('an incomplete origin from a product shows nothing and keeps the flag', async () => {
    owner = await t.signUp(); // the free plan's one menu is the first test's
    const ham = await call('POST', '/api/products', {
      ...product('Jambon', { originStages: { reared: 'Espagne' } }),
      meatKind: 'porcine',
    });
    expect(ham).toMatchObject({
      origin: 'Élevé\u00a0: Espagne',
      originStages: { born: null, reared: 'Espagne', slaughtered: null },
    });
    const recipe = await call('POST', '/api/recipes', dish('Croque', [line(ham.id)]));
    expect(recipe.meatOriginMissing).toBe(true);
    expect(await (await publish(recipe.id)).json()).toEqual([]);
  });

  it.each([
    [{ origin: 'France', originStages: { reared: 'France' } }, 'originStages', originStagesMessages.both],
    [{ originStages: { born: 'France ; Abattu : Chine' } }, 'originStages.born', originStagesMessages.countryInvalid],
    [
      { originStages: { born: 'x'.repeat(40), reared: 'y'.repeat(40), slaughtered: 'z' } },
      'originStages',
      originStagesMessages.tooLong,
    ],
  ])('refuses a product origin %j with 422 next to the field and stores nothing', async (origin, field, message) => {
    const before = await t.db.selectFrom('products').select('id').execute();
    const res = await t.request('POST', '/api/products', { cookie: owner.cookie, body: product('Bavette', origin) });
    expect([res.status, res.body.error.fields?.[field]]).toEqual([422, message]);
    expect(await t.db.selectFrom('products').select('id').execute()).toEqual(before);
  });
});
