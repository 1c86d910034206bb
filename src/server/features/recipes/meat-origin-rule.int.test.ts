import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/harness.ts';

/**
 * One meat-origin rule for every recipe (src/shared/diner-meat-origins.ts `recipeOriginMissing`):
 * the same Ciqual lardons flag the quiche and the bourguignon whose beef is an own product with
 * its origin (docs/decisions/0036-the-owners-day.md).
 */
const BACON = '28501'; // Lardon nature, cru
const EGG = '22000'; // Oeuf cru
const CHICKEN = '36016'; // Poulet, filet, sans peau, cru

let t: TestApp;
let owner: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
});
afterAll(() => t.close());
const api = (method: string, path: string, body?: unknown) => t.request(method, path, { cookie: owner.cookie, body });

const recipe = (name: string, ingredients: unknown[], meatOrigins: unknown[] = []) => ({
  name,
  servings: 4,
  ingredients,
  allergens: [],
  meatOrigins,
});

describe('meat origin: one rule for all recipes', () => {
  it('flags the lardons of the quiche and of the bourguignon alike, until pork is declared', async () => {
    const paleron = (
      await api('POST', '/api/products', {
        name: 'Paleron',
        per100g: { energyKcal: 150 },
        allergens: [],
        traces: [],
        labels: [],
        meatKind: 'bovine',
        origin: 'France',
      })
    ).body;
    const quicheLines = [
      { code: EGG, quantity: 200, unit: 'g' },
      { code: BACON, quantity: 200, unit: 'g' },
    ];
    const stewLines = [
      { productId: paleron.id, quantity: 1200, unit: 'g' },
      { code: BACON, quantity: 150, unit: 'g' },
    ];
    const quiche = (await api('POST', '/api/recipes', recipe('Quiche lorraine', quicheLines))).body;
    const stew = (await api('POST', '/api/recipes', recipe('Bœuf bourguignon', stewLines))).body;
    expect(quiche.meatOriginMissing).toBe(true);
    // Before: the paleron's origin hid the lardons' (the flag was down for the bourguignon only).
    expect(stew.meatOriginMissing).toBe(true);

    const pork = [{ meat: 'Porc', reared: 'France', slaughtered: 'France' }];
    const quicheDone = await api('PUT', `/api/recipes/${quiche.id}`, recipe('Quiche lorraine', quicheLines, pork));
    const stewDone = await api('PUT', `/api/recipes/${stew.id}`, recipe('Bœuf bourguignon', stewLines, pork));
    expect(quicheDone.body.meatOriginMissing).toBe(false);
    // The beef comes from the product's origin, the pork from the declaration: both known.
    expect(stewDone.body.meatOriginMissing).toBe(false);

    // A sub-recipe's lardons count in the dish that uses it, at any depth.
    const lardons = (
      await api('POST', '/api/recipes', recipe('Lardons rissolés', [{ code: BACON, quantity: 500, unit: 'g' }]))
    ).body;
    const salad = (
      await api(
        'POST',
        '/api/recipes',
        recipe('Salade lyonnaise', [{ recipeId: lardons.id, quantity: 1, unit: 'portion' }]),
      )
    ).body;
    expect(salad.meatOriginMissing).toBe(true);
    // Poultry is in the decree too (not red meat): a Ciqual chicken is flagged like pork.
    const chicken = (
      await api('POST', '/api/recipes', recipe('Poulet rôti', [{ code: CHICKEN, quantity: 800, unit: 'g' }]))
    ).body;
    expect(chicken.meatOriginMissing).toBe(true);
  });
});
