import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingredientPriceMessages } from '../../../shared/ingredient-prices.ts';
import { productMessages } from '../../../shared/api/products.ts';
import { permissionMessages } from '../../../shared/permissions.ts';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/harness.ts';
import { addMember } from '../../test/teams.ts';

/** Ciqual 2025 codes of the quiche lorraine of docs/product/costs.md. */
const FLOUR = '9436'; // Farine de blé tendre ou froment T55 (pour pains)
const BUTTER = '16400'; // Beurre à 80% MG minimum, doux
const TAP_WATER = '18066'; // Eau du robinet
const SALT = '11058'; // Sel blanc alimentaire, iodé, non fluoré (marin, ignigène ou gemme)
const BACON = '28501'; // Lardon nature, cru
const EGG = '22000'; // Oeuf cru
const CREAM = '19410'; // Crème 30% MG, épaisse, rayon frais

let t: TestApp;
let owner: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
});
afterAll(() => t.close());

const api = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  t.request(method, path, { cookie: owner.cookie, body, ...(headers ? { headers } : {}) });
const price = (code: string, amount: number, per: 'kg' | 'l' | 'unité', supplier?: string) =>
  api('PUT', `/api/ingredient-prices/${code}`, { amount, per, ...(supplier ? { supplier } : {}) });

const doughBody = {
  name: 'Pâte brisée',
  servings: 1,
  ingredients: [
    { code: FLOUR, quantity: 250, unit: 'g' },
    { code: BUTTER, quantity: 125, unit: 'g' },
    { code: TAP_WATER, quantity: 50, unit: 'ml' },
    { code: SALT, quantity: 5, unit: 'g' },
  ],
  allergens: [],
};

describe('prices of Ciqual foods (docs/product/api.md « Kitchen »)', () => {
  it('costs the quiche from its first save once its foods have a price; tap water is free; a missing price names its line', async () => {
    await price(FLOUR, 1.2, 'kg', 'Minoterie Dupuis');
    await price(BUTTER, 9.6, 'kg');
    // Salt has no price yet: the dough names it, and only it (water costs nothing by default).
    const dough = await api('POST', '/api/recipes', doughBody);
    expect(dough.status).toBe(201);
    expect(dough.body).toMatchObject({
      costPerServing: null,
      costMissing: ['Sel blanc alimentaire, iodé, non fluoré (marin, ignigène ou gemme)'],
    });

    const salted = await price(SALT, 0.8, 'kg');
    expect(salted.status).toBe(200);
    expect(salted.body).toMatchObject({ code: SALT, amount: 0.8, per: 'kg', supplier: null, version: 1 });
    // The price reached the stored recipe in the price's transaction: 0,30 + 1,20 + 0 + 0,004 = 1,504 €.
    const costed = (await api('GET', `/api/recipes/${dough.body.id}`)).body;
    expect(costed).toMatchObject({ costPerServing: 1.5, costMissing: [] });

    await price(BACON, 14, 'kg');
    await price(EGG, 0.3, 'unité');
    await price(CREAM, 4.5, 'l');
    const quiche = await api('POST', '/api/recipes', {
      name: 'Quiche lorraine',
      servings: 6,
      price: 9.9,
      ingredients: [
        { recipeId: dough.body.id, quantity: 1, unit: 'portion' },
        { code: BACON, quantity: 200, unit: 'g' },
        // Per unit at 0,30 €: four eggs 1,20 € whatever their weight.
        { code: EGG, quantity: 4, unit: 'unité', gramsPerUnit: 55 },
        { code: CREAM, quantity: 0.25, unit: 'l' },
      ],
      allergens: [],
    });
    expect(quiche.status).toBe(201);
    // 1,504 + 2,80 + 1,20 + 0,25 l × 4,50 € (per litre: the cream's density does not matter) = 6,629 € ÷ 6.
    expect(quiche.body.costPerServing).toBeCloseTo((1.504 + 2.8 + 1.2 + 1.125) / 6, 2);
    expect(quiche.body.costMissing).toEqual([]);
    expect(quiche.body.foodCostPercent).not.toBeNull();
  });

  it('lists the organisation’s prices by name with tap water apart; a new price changes every recipe using the food, at any depth', async () => {
    const list = await api('GET', '/api/ingredient-prices');
    expect(list.status).toBe(200);
    expect(list.body.prices.map((p: { code: string }) => p.code)).toEqual(
      expect.arrayContaining([FLOUR, BUTTER, SALT, BACON, EGG, CREAM]),
    );
    expect(list.body.prices.find((p: { code: string }) => p.code === FLOUR)).toMatchObject({
      name: 'Farine de blé tendre ou froment T55 (pour pains)',
      supplier: 'Minoterie Dupuis',
    });
    expect(list.body.freeByDefault).toEqual([{ code: TAP_WATER, name: 'Eau du robinet' }]);

    const recipes = (await api('GET', '/api/recipes')).body.recipes as { name: string; costPerServing: number }[];
    const before = recipes.find((r) => r.name === 'Quiche lorraine')!.costPerServing;
    // Butter doubles: the dough (1 portion of it in the quiche) costs 1,20 € more, the quiche 0,20 € a portion.
    const updated = await price(BUTTER, 19.2, 'kg');
    expect(updated.body.version).toBe(2);
    const after = (await api('GET', '/api/recipes')).body.recipes as typeof recipes;
    expect(after.find((r) => r.name === 'Quiche lorraine')!.costPerServing).toBeCloseTo(before + 0.2, 2);

    // Water given a price counts; its price removed, it is free again.
    await price(TAP_WATER, 4, 'l');
    const dough = after.find((r) => r.name === 'Pâte brisée')!;
    const withWater = (await api('GET', `/api/recipes/${(dough as unknown as { id: string }).id}`)).body;
    expect(withWater.costPerServing).toBeCloseTo(dough.costPerServing + 0.2, 2);
    expect((await api('DELETE', `/api/ingredient-prices/${TAP_WATER}`)).status).toBe(204);
    expect((await api('GET', `/api/recipes/${(dough as unknown as { id: string }).id}`)).body.costPerServing).toBe(
      dough.costPerServing,
    );
    expect((await api('DELETE', `/api/ingredient-prices/${TAP_WATER}`)).status).toBe(404);
  });

  it('a stale version is a conflict and changes nothing; If-Match works too; without a version the write is taken', async () => {
    const current = (await api('GET', '/api/ingredient-prices')).body.prices.find(
      (p: { code: string }) => p.code === BUTTER,
    );
    const stale = await api('PUT', `/api/ingredient-prices/${BUTTER}`, {
      amount: 5,
      per: 'kg',
      version: current.version - 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('conflict');
    const viaHeader = await api(
      'PUT',
      `/api/ingredient-prices/${BUTTER}`,
      { amount: 5, per: 'kg' },
      { 'If-Match': '"1"' },
    );
    expect(viaHeader.status).toBe(409);
    const unchanged = (await api('GET', '/api/ingredient-prices')).body.prices.find(
      (p: { code: string }) => p.code === BUTTER,
    );
    expect(unchanged).toMatchObject({ amount: current.amount, version: current.version });
    const taken = await api('PUT', `/api/ingredient-prices/${BUTTER}`, { amount: 10, per: 'kg' });
    expect(taken.body).toMatchObject({ amount: 10, version: current.version + 1 });
    const matching = await api(
      'PUT',
      `/api/ingredient-prices/${BUTTER}`,
      { amount: 9.6, per: 'kg' },
      { 'If-Match': `"${current.version + 1}"` },
    );
    expect(matching.body).toMatchObject({ amount: 9.6, version: current.version + 2 });
  });

  it('refuses a bad price next to its field and an unknown food as missing; viewers read no prices, service writes none', async () => {
    const bad = await api('PUT', `/api/ingredient-prices/${FLOUR}`, {
      amount: 0,
      per: 'sac',
      supplier: 'x'.repeat(201),
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields).toMatchObject({
      amount: 'Le prix doit être supérieur à 0',
      per: productMessages.priceUnitInvalid,
      supplier: productMessages.supplierTooLong,
    });
    expect((await price('99999999', 1, 'kg')).status).toBe(404);
    expect((await price('lait', 1, 'kg')).status).toBe(404);
    const badVersion = await api('PUT', `/api/ingredient-prices/${FLOUR}`, { amount: 1, per: 'kg', version: 0 });
    expect(badVersion.body.error.fields.version).toBe(ingredientPriceMessages.versionInvalid);

    for (const role of ['viewer', 'service'] as const) {
      const member = await addMember(t, owner, role);
      const as = (method: string, path: string, body?: unknown) =>
        t.request(method, path, { cookie: member.cookie, body });
      const list = await as('GET', '/api/ingredient-prices');
      expect(list.status).toBe(403);
      expect(list.body.error.message).toBe(permissionMessages.forbidden);
      expect((await as('PUT', `/api/ingredient-prices/${FLOUR}`, { amount: 1, per: 'kg' })).status).toBe(403);
      expect((await as('DELETE', `/api/ingredient-prices/${FLOUR}`)).status).toBe(403);
    }
    const flour = (await api('GET', '/api/ingredient-prices')).body.prices.find(
      (p: { code: string }) => p.code === FLOUR,
    );
    expect(flour.amount).toBe(1.2);
  });

  it('writes each change in « Historique », named after the food', async () => {
    const history = (await api('GET', '/api/organisation/history')).body.events as {
      action: string;
      entity: { type: string; name: string };
      details: Record<string, unknown>;
    }[];
    const salt = history.find((e) => e.entity.type === 'ingredient_price' && e.action === 'created');
    expect(salt).toBeDefined();
    expect(
      history.some(
        (e) => e.entity.type === 'ingredient_price' && e.action === 'deleted' && e.entity.name === 'Eau du robinet',
      ),
    ).toBe(true);
  });
});
