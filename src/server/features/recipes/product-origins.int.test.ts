import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/harness.ts';
import { makePremium } from '../../test/teams.ts';

let t: TestApp;
let owner: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  await makePremium(t, owner.organisationId);
});
afterAll(() => t.close());

const api = (method: string, path: string, body?: unknown) => t.request(method, path, { cookie: owner.cookie, body });
const productBody = (name: string, meatKind: string | null, origin: string | null) => ({
  name,
  per100g: { energyKcal: 200 },
  allergens: [],
  traces: [],
  labels: [],
  meatKind,
  origin,
});

describe('meat origins from products (docs/decisions/0023)', () => {
  it('travel through sub-recipes to the recipe, beside the declared ones; an undeclared kind is flagged; a product change follows', async () => {
    const veal = (await api('POST', '/api/products', productBody('Os de veau', 'bovine', 'France'))).body;
    const bacon = (await api('POST', '/api/products', productBody('Lardons fumés', 'porcine', null))).body;
    const stock = (
      await api('POST', '/api/recipes', {
        name: 'Fond brun',
        servings: 10,
        ingredients: [{ productId: veal.id, quantity: 1, unit: 'kg' }],
        allergens: [],
      })
    ).body;
    const sauce = (
      await api('POST', '/api/recipes', {
        name: 'Sauce',
        servings: 4,
        ingredients: [
          { recipeId: stock.id, quantity: 200, unit: 'g' },
          { productId: bacon.id, quantity: 50, unit: 'g' },
        ],
        allergens: [],
      })
    ).body;
    const dish = {
      name: 'Bourguignon',
      servings: 4,
      ingredients: [{ recipeId: sauce.id, quantity: 2, unit: 'portion' }],
      allergens: [],
    };
    const created = (await api('POST', '/api/recipes', dish)).body;
    expect(created.origins).toEqual([
      { meatKind: 'bovine', origin: 'France', sources: ['Os de veau'] },
      { meatKind: 'porcine', origin: null, sources: ['Lardons fumés'] },
    ]);
    expect(created.meatOriginMissing).toBe(true);

    // Declared beef and pork, fully: nothing is missing; the declaration is the diners', the products' stay beside it.
    const declared = [
      { meat: 'Bœuf', born: 'France', reared: 'France', slaughtered: 'France' },
      { meat: 'Porc', reared: 'Espagne', slaughtered: 'France' },
    ];
    const updated = (await api('PUT', `/api/recipes/${created.id}`, { ...dish, meatOrigins: declared })).body;
    expect(updated).toMatchObject({ meatOriginMissing: false, meatOrigins: [{ meat: 'Bœuf' }, { meat: 'Porc' }] });
    expect(updated.origins).toHaveLength(2);

    // The bacon's label now says Spain: the dish two levels up follows in the same save.
    await api('PUT', `/api/products/${bacon.id}`, productBody('Lardons fumés', 'porcine', 'Espagne'));
    expect((await api('GET', `/api/recipes/${created.id}`)).body.origins[1]).toEqual({
      meatKind: 'porcine',
      origin: 'Espagne',
      sources: ['Lardons fumés'],
    });
    // Only poultry declared: beef and pork come from their products, which now say it all
    // (docs/decisions/0023 « Meat origins from products »): nothing is missing…
    const poultry = (
      await api('PUT', `/api/recipes/${created.id}`, {
        ...dish,
        meatOrigins: [{ meat: 'Volaille', reared: 'France', slaughtered: 'France' }],
      })
    ).body;
    expect(poultry.meatOriginMissing).toBe(false);
    // …until a product's origin is unknown again: that kind is flagged.
    await api('PUT', `/api/products/${bacon.id}`, productBody('Lardons fumés', 'porcine', null));
    expect((await api('GET', `/api/recipes/${created.id}`)).body.meatOriginMissing).toBe(true);
  });
});
