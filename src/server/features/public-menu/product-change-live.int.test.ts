import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/harness.ts';
import { readEvents } from './sse-test-reader.ts';

/**
 * A product's change recomputes every recipe using it, at any depth (docs/product/products.md);
 * an open public page showing one of them hears of it (live « Épuisé », docs/decisions/0020),
 * through the recipes' trigger of src/server/db/migrations/0015-performance.ts.
 */
let t: TestApp;
let owner: SignedUpUser;

const call = async (method: string, path: string, body?: unknown) => {
  const res = await t.request(method, path, { cookie: owner.cookie, ...(body !== undefined ? { body } : {}) });
  expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
  return res.body;
};
const productInput = (allergens: string[]) => ({
  name: 'Fond blanc',
  per100g: { energyKcal: 40 },
  allergens,
  traces: [],
  labels: [],
  price: null,
});

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
});
afterAll(() => t?.close());

describe('a product change on an open public page', () => {
  it('streams a « change » to the page of a dish that uses the product through a sub-recipe', async () => {
    const product = await call('POST', '/api/products', productInput([]));
    const sauce = await call('POST', '/api/recipes', {
      name: 'Sauce',
      servings: 2,
      ingredients: [{ productId: product.id, quantity: 200, unit: 'g' }],
      allergens: [],
      dietaryInfo: [],
    });
    const dish = await call('POST', '/api/recipes', {
      name: 'Blanquette',
      servings: 1,
      ingredients: [{ recipeId: sauce.id, quantity: 1, unit: 'portion' }],
      allergens: [],
      dietaryInfo: [],
    });
    const menu = await call('POST', '/api/menus', { name: 'Carte' });
    const section = await call('POST', `/api/menus/${menu.id}/sections`, { name: 'Plats' });
    await call('POST', `/api/sections/${section.id}/items`, { recipeId: dish.id });

    const events = await readEvents(t.app, `/menu/${menu.id}/events`);
    try {
      await call('PUT', `/api/products/${product.id}`, productInput(['Céleri']));
      expect(await events.next()).toBe(`event: change\ndata: ${menu.id}`);
    } finally {
      await events.close();
    }
    const page = (await t.request('GET', `/menu/${menu.id}`)).text;
    expect(page).toContain('Céleri');
  });
});
