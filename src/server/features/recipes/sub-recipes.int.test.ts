import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipeMessages } from '../../../shared/api/recipes.ts';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/harness.ts';
import { makePremium } from '../../test/teams.ts';

// Ciqual 2025: 9410 wheat flour T110 (343 kcal), 16400 butter (753 kcal), 22000 egg (140 kcal).
const brisee = {
  name: 'Pâte brisée maison',
  servings: 4,
  // 250 g flour + 125 g butter = 375 g raw; 300 g once baked (a 20 % loss).
  ingredients: [
    { code: '9410', quantity: 250, unit: 'g' },
    { code: '16400', quantity: 125, unit: 'g' },
  ],
  allergens: ['Gluten', 'Lait'],
  yieldGrams: 300,
};

let t: TestApp;
let owner: SignedUpUser;
let other: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  other = await t.signUp();
  await makePremium(t, owner.organisationId);
});
afterAll(() => t.close());

const post = async (body: unknown, cookie = owner.cookie) => t.request('POST', '/api/recipes', { cookie, body });

describe('sub-recipes', () => {
  it('a quiche on a pâte brisée maison: nutrition after the cooking loss, allergens, by weight and by portion, and updates at any depth', async () => {
    const pastry = (await post(brisee)).body;
    expect(pastry).toMatchObject({ yieldGrams: 300, cookedWeightG: 300 });
    const pastryKcal = 250 * 3.43 + 125 * 7.53; // 1798.75 kcal in 300 g served
    expect(pastry.nutrition.totals.energyKcal).toBeCloseTo(pastryKcal, 6);

    // The quiche uses 150 g of baked pastry (half of it) and 2 eggs of 50 g.
    const quiche = await post({
      name: 'Quiche',
      servings: 6,
      ingredients: [
        { recipeId: pastry.id, quantity: 150, unit: 'g' },
        { code: '22000', quantity: 2, unit: 'unité', gramsPerUnit: 50 },
      ],
      allergens: [],
    });
    expect(quiche.status).toBe(201);
    expect(quiche.body.ingredients[0]).toMatchObject({
      kind: 'recipe',
      recipeId: pastry.id,
      code: null,
      name: 'Pâte brisée maison',
      unit: 'g',
      allergens: ['Gluten', 'Lait'],
    });
    expect(quiche.body.nutrition.totals.energyKcal).toBeCloseTo(pastryKcal / 2 + 140, 6);
    expect(quiche.body.allergens).toEqual(['Gluten', 'Lait']);
    expect(quiche.body.productAllergens.map((a: { allergen: string }) => a.allergen)).toEqual(['Gluten', 'Lait']);

    // By portion: 2 portions of 4 = half the pastry, the same values.
    const byPortion = await post({
      name: 'Quiche en portions',
      servings: 6,
      ingredients: [{ recipeId: pastry.id, quantity: 2, unit: 'portion' }],
      allergens: [],
    });
    expect(byPortion.body.nutrition.totals.energyKcal).toBeCloseTo(pastryKcal / 2, 6);

    // A third level: a buffet with a whole quiche.
    const buffet = await post({
      name: 'Buffet',
      servings: 10,
      ingredients: [{ recipeId: quiche.body.id, quantity: 6, unit: 'portion' }],
      allergens: [],
    });
    expect(buffet.body.nutrition.totals.energyKcal).toBeCloseTo(pastryKcal / 2 + 140, 6);

    // The pastry changes (more butter, eggs added as an allergen): the quiche and the buffet follow, in the same save.
    const changed = await t.request('PUT', `/api/recipes/${pastry.id}`, {
      cookie: owner.cookie,
      body: {
        ...brisee,
        ingredients: [brisee.ingredients[0], { code: '16400', quantity: 150, unit: 'g' }],
        allergens: ['Gluten', 'Lait', 'Œufs'],
      },
    });
    expect(changed.status).toBe(200);
    const newPastryKcal = 250 * 3.43 + 150 * 7.53;
    for (const id of [quiche.body.id, buffet.body.id]) {
      const after = (await t.request('GET', `/api/recipes/${id}`, { cookie: owner.cookie })).body;
      expect(after.nutrition.totals.energyKcal).toBeCloseTo(newPastryKcal / 2 + 140, 6);
      // Stated by a sub-recipe: in annex II order.
      expect(after.allergens).toEqual(['Gluten', 'Œufs', 'Lait']);
    }

    // Used elsewhere: the pastry cannot be deleted, the parents are named.
    const refused = await t.request('DELETE', `/api/recipes/${pastry.id}`, { cookie: owner.cookie });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain('Quiche');
  });

  it('refuses a recipe inside itself, at any depth, with 422 and changes nothing', async () => {
    const a = (await post({ ...brisee, name: 'A' })).body;
    const b = (
      await post({ name: 'B', servings: 1, ingredients: [{ recipeId: a.id, quantity: 100, unit: 'g' }], allergens: [] })
    ).body;
    const c = (
      await post({
        name: 'C',
        servings: 1,
        ingredients: [{ recipeId: b.id, quantity: 1, unit: 'portion' }],
        allergens: [],
      })
    ).body;
    for (const inner of [a.id, c.id]) {
      const res = await t.request('PUT', `/api/recipes/${a.id}`, {
        cookie: owner.cookie,
        body: {
          ...brisee,
          name: 'A',
          ingredients: [...brisee.ingredients, { recipeId: inner, quantity: 10, unit: 'g' }],
        },
      });
      expect(res.status).toBe(422);
      expect(res.body.error.fields['ingredients.2.recipeId']).toBe(recipeMessages.cycle);
    }
    const lines = await t.db.selectFrom('recipe_ingredients').select('id').where('recipe_id', '=', a.id).execute();
    expect(lines).toHaveLength(2);
  });

  it('refuses another organisation’s recipe as a sub-recipe, a portion of a food, and a sub-recipe in ml', async () => {
    const mine = (await post({ ...brisee, name: 'Fond blanc' })).body;
    const stolen = await post(
      { name: 'Vol', servings: 1, ingredients: [{ recipeId: mine.id, quantity: 10, unit: 'g' }], allergens: [] },
      other.cookie,
    );
    expect(stolen.status).toBe(422);
    expect(stolen.body.error.fields['ingredients.0.recipeId']).toBe(recipeMessages.unknownRecipe);
    const portionOfFood = await post({
      name: 'X',
      servings: 1,
      ingredients: [{ code: '16400', quantity: 1, unit: 'portion' }],
      allergens: [],
    });
    expect(portionOfFood.body.error.fields['ingredients.0.unit']).toBe(recipeMessages.portionForRecipe);
    const inMl = await post({
      name: 'Y',
      servings: 1,
      ingredients: [{ recipeId: mine.id, quantity: 10, unit: 'ml' }],
      allergens: [],
    });
    expect(inMl.body.error.fields['ingredients.0.unit']).toBe(recipeMessages.subRecipeUnit);
  });

  it('costs: per portion from product prices through a sub-recipe, food cost % on the price HT, incomplete (null) with a line without price', async () => {
    const product = async (name: string, price: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      (
        await t.request('POST', '/api/products', {
          cookie: owner.cookie,
          body: { name, per100g: { energyKcal: 350 }, allergens: [], traces: [], labels: [], price, ...extra },
        })
      ).body;
    const flour = await product('Farine T55 Moulin', { amount: 1.2, per: 'kg' });
    const butter = await product('Beurre plaque', { amount: 2.5, per: 'unité' }, { gramsPerUnit: 250 });
    const milk = await product('Lait entier', { amount: 1.1, per: 'l' });
    // Dough: 500 g flour (0.60 €) + 250 g butter (2.50 €) = 3.10 €, 600 g once baked.
    const dough = (
      await post({
        name: 'Pâte',
        servings: 4,
        ingredients: [
          { productId: flour.id, quantity: 500, unit: 'g' },
          { productId: butter.id, quantity: 250, unit: 'g' },
        ],
        allergens: [],
        yieldGrams: 600,
      })
    ).body;
    expect(dough.costPerServing).toBe(0.78); // 3.10 / 4 = 0.775
    // Tart: 300 g of baked dough (1.55 €) + 0.5 l milk at density 1.03 (0.55 €) = 2.10 € for 6, sold 5.50 € TTC.
    const tart = (
      await post({
        name: 'Flan',
        servings: 6,
        price: 5.5,
        ingredients: [
          { recipeId: dough.id, quantity: 300, unit: 'g' },
          { productId: milk.id, quantity: 0.5, unit: 'l', gramsPerMl: 1.03 },
        ],
        allergens: [],
      })
    ).body;
    expect(tart.costPerServing).toBe(0.35); // 2.10 / 6
    // 0.35 / (5.50 / 1.10) = 7 %.
    expect(tart.foodCostPercent).toBe(7);
    // A Ciqual line has no price: the cost is unknown, never smaller.
    const withFood = (
      await t.request('PUT', `/api/recipes/${tart.id}`, {
        cookie: owner.cookie,
        body: {
          name: 'Flan',
          servings: 6,
          price: 5.5,
          allergens: [],
          ingredients: [
            { recipeId: dough.id, quantity: 300, unit: 'g' },
            { code: '22000', quantity: 100, unit: 'g' },
          ],
        },
      })
    ).body;
    expect(withFood).toMatchObject({ costPerServing: null, foodCostPercent: null, costMissing: ['Oeuf cru'] });
  });
});
