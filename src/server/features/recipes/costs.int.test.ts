import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipeMessages } from '../../../shared/api/recipes.ts';
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
const product = async (name: string, euroPerKg: number | null) =>
  (
    await api('POST', '/api/products', {
      name,
      per100g: { energyKcal: 300 },
      allergens: [],
      traces: [],
      labels: [],
      price: euroPerKg === null ? null : { amount: euroPerKg, per: 'kg' },
    })
  ).body;

describe('costs and margins (docs/decisions/0023)', () => {
  it('coefficient and « coût matière » on the price HT, on site at 10 % by default, to take away at 5,5 %; steps stored in order', async () => {
    const beef = await product('Paleron', 16);
    // 600 g at 16 €/kg = 9,60 € for 4 portions: 2,40 € a portion; sold 13,20 € TTC.
    const body = {
      name: 'Bœuf braisé',
      servings: 4,
      price: 13.2,
      ingredients: [{ productId: beef.id, quantity: 600, unit: 'g' }],
      allergens: [],
      progression: ['Saisir la viande', '  ', 'Braiser 3 h à 150 °C'],
    };
    const onSite = await api('POST', '/api/recipes', body);
    expect(onSite.status).toBe(201);
    // 13,20 ÷ 1,10 = 12,00 € HT; 2,40 ÷ 12 = 20 %; 12 ÷ 2,40 = 5.
    expect(onSite.body).toMatchObject({
      saleMode: 'sur_place',
      costPerServing: 2.4,
      priceHt: 12,
      foodCostPercent: 20,
      coefficient: 5,
      progression: ['Saisir la viande', 'Braiser 3 h à 150 °C'],
    });
    const takeAway = await api('PUT', `/api/recipes/${onSite.body.id}`, { ...body, saleMode: 'a_emporter' });
    // 13,20 ÷ 1,055 = 12,5118… € HT; 2,40 ÷ 12,5118 = 19,2 %; coefficient 5,21.
    expect(takeAway.body).toMatchObject({
      saleMode: 'a_emporter',
      priceHt: 12.51,
      foodCostPercent: 19.2,
      coefficient: 5.21,
    });
    expect((await api('GET', `/api/recipes/${onSite.body.id}`)).body.saleMode).toBe('a_emporter');

    const bad = await api('PUT', `/api/recipes/${onSite.body.id}`, {
      ...body,
      saleMode: 'livraison',
      progression: ['x'.repeat(2001)],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields).toMatchObject({
      saleMode: recipeMessages.saleModeInvalid,
      'progression.0': recipeMessages.stepTooLong,
    });
    expect((await api('GET', `/api/recipes/${onSite.body.id}`)).body).toMatchObject({
      saleMode: 'a_emporter',
      progression: ['Saisir la viande', 'Braiser 3 h à 150 °C'],
    });
  });

  it('a line without a price: no cost, no percentage, no coefficient, the line named; a price added completes it in every parent', async () => {
    const salt = await product('Sel de Guérande', null);
    const beef = await product('Joue de bœuf', 20);
    const sauce = (
      await api('POST', '/api/recipes', {
        name: 'Sauce',
        servings: 2,
        ingredients: [
          { productId: salt.id, quantity: 10, unit: 'g' },
          { productId: beef.id, quantity: 100, unit: 'g' },
        ],
        allergens: [],
      })
    ).body;
    const dish = (
      await api('POST', '/api/recipes', {
        name: 'Plat en sauce',
        servings: 2,
        price: 11,
        ingredients: [{ recipeId: sauce.id, quantity: 2, unit: 'portion' }],
        allergens: [],
      })
    ).body;
    expect(sauce).toMatchObject({ costPerServing: null, costMissing: ['Sel de Guérande'] });
    expect(dish).toMatchObject({
      costPerServing: null,
      foodCostPercent: null,
      coefficient: null,
      priceHt: 10,
      costMissing: ['Sauce'],
    });
    await api('PUT', `/api/products/${salt.id}`, {
      name: 'Sel de Guérande',
      per100g: { energyKcal: 0 },
      allergens: [],
      traces: [],
      labels: [],
      price: { amount: 6, per: 'kg' },
    });
    // 0,06 € + 2,00 € for the whole sauce, all of it in the dish: 1,03 € a portion; 10 € HT.
    expect((await api('GET', `/api/recipes/${dish.id}`)).body).toMatchObject({
      costPerServing: 1.03,
      foodCostPercent: 10.3,
      coefficient: 9.71,
      costMissing: [],
    });
  });

  it("?view=costs gives every recipe's cost and margins only, as the full list has them, and only the organisation's", async () => {
    const flour = await product('Farine T55', 1.2);
    const cream = await product('Crème sans prix', null);
    const tart = (
      await api('POST', '/api/recipes', {
        name: 'Tarte fine',
        servings: 4,
        price: 9,
        saleMode: 'a_emporter',
        ingredients: [{ productId: flour.id, quantity: 1000, unit: 'g' }],
        allergens: [],
      })
    ).body;
    const flan = (
      await api('POST', '/api/recipes', {
        name: 'Flan',
        servings: 6,
        ingredients: [{ productId: cream.id, quantity: 500, unit: 'g' }],
        allergens: [],
      })
    ).body;
    // 1 kg at 1,20 € for 4 portions: 0,30 € a portion; 9 € TTC to take away = 8,53 € HT (5,5 %): 3,5 %.
    expect(tart.costPerServing).toBe(0.3);
    const keys = [
      'id',
      'name',
      'costPerServing',
      'price',
      'priceHt',
      'foodCostPercent',
      'coefficient',
      'costMissing',
      'saleMode',
    ] as const;
    const full = (await api('GET', '/api/recipes')).body.recipes as Record<string, unknown>[];
    const costs = await api('GET', '/api/recipes?view=costs');
    expect(costs.status).toBe(200);
    // Plus, for each recipe, the prices of its own on menus (none here: docs/product/costs.md).
    expect(costs.body.recipes).toEqual(
      full.map((r) => ({ ...Object.fromEntries(keys.map((k) => [k, r[k]])), menuPrices: [] })),
    );
    expect(costs.body.recipes.find((r: { id: string }) => r.id === flan.id)).toMatchObject({
      costPerServing: null,
      costMissing: ['Crème sans prix'],
      price: null,
      priceHt: null,
    });
    expect(costs.body.recipes.find((r: { id: string }) => r.id === tart.id)).toMatchObject({
      saleMode: 'a_emporter',
      costPerServing: 0.3,
      priceHt: 8.53,
      foodCostPercent: 3.5,
      coefficient: 28.44,
    });
    const stranger = await t.signUp();
    expect((await t.request('GET', '/api/recipes?view=costs', { cookie: stranger.cookie })).body).toEqual({
      recipes: [],
    });
  });

  it('costs never reach diners: the public menu page and its API hold no cost of the recipe', async () => {
    const truffle = await product('Truffe noire', 987.65);
    const recipe = (
      await api('POST', '/api/recipes', {
        name: 'Risotto truffé',
        servings: 1,
        price: 32,
        ingredients: [{ productId: truffle.id, quantity: 10, unit: 'g' }],
        allergens: [],
      })
    ).body;
    expect(recipe.costPerServing).toBe(9.88);
    const menu = (await api('POST', '/api/menus', { name: 'Carte' })).body;
    const section = (await api('POST', `/api/menus/${menu.id}/sections`, { name: 'Plats' })).body;
    const item = (await api('POST', `/api/sections/${section.id}/items`, { recipeId: recipe.id })).body;
    await api('PUT', `/api/items/${item.id}`, {
      name: 'Risotto truffé',
      description: '',
      isAvailable: true,
      price: 32,
    });
    const page = (await t.request('GET', `/menu/${menu.id}`)).text;
    expect(page).toContain('Risotto truffé');
    expect(page).toContain('32,00');
    for (const secret of ['9,88', '9.88', 'oût matière', 'oefficient', 'Prix HT', '29,09'])
      expect(page).not.toContain(secret);
    const json = JSON.stringify((await t.request('GET', `/api/public/menus/${menu.id}`)).body);
    expect(json).toContain('Risotto truffé');
    for (const secret of ['9.88', 'cost', 'coefficient', 'priceHt', 'foodCost']) expect(json).not.toContain(secret);
  });

  it('a cycle through any chain of sub-recipes is refused with 422 and changes nothing (fast-check)', async () => {
    const base = await product('Farine', 1);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 4 }), fc.nat(), async (depth, pick) => {
        // A chain r0 ⊂ r1 ⊂ … ⊂ r(depth): r0 may not take any of them, itself included.
        const chain = [
          (
            await api('POST', '/api/recipes', {
              name: 'r0',
              servings: 1,
              ingredients: [{ productId: base.id, quantity: 100, unit: 'g' }],
              allergens: [],
            })
          ).body,
        ];
        for (let i = 1; i <= depth; i++) {
          chain.push(
            (
              await api('POST', '/api/recipes', {
                name: `r${i}`,
                servings: 1,
                ingredients: [{ recipeId: chain[i - 1].id, quantity: 1, unit: 'portion' }],
                allergens: [],
              })
            ).body,
          );
        }
        const inner = chain[pick % chain.length];
        const res = await api('PUT', `/api/recipes/${chain[0].id}`, {
          name: 'r0',
          servings: 1,
          ingredients: [
            { productId: base.id, quantity: 100, unit: 'g' },
            { recipeId: inner.id, quantity: 10, unit: 'g' },
          ],
          allergens: [],
        });
        expect(res.status).toBe(422);
        expect(res.body.error.fields['ingredients.1.recipeId']).toBe(recipeMessages.cycle);
        expect(
          await t.db.selectFrom('recipe_ingredients').select('id').where('recipe_id', '=', chain[0].id).execute(),
        ).toHaveLength(1);
      }),
      { numRuns: 8 },
    );
  });
});
