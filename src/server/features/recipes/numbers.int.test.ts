import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/harness.ts';

/** Quantities, weights, densities and prices (docs/product/decisions.md 16 and 17, docs/decisions/0010). */
let t: TestApp;
let owner: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
});
afterAll(() => t.close());

// Ciqual 2025: 16400 butter (753 kcal), 17440 sunflower oil (900 kcal), 22002 raw egg yolk.
const recipe = (ingredients: unknown[], patch: Record<string, unknown> = {}) => ({
  name: 'Sauce',
  servings: 1,
  ingredients,
  allergens: [],
  dietaryInfo: [],
  ...patch,
});
const countRecipes = async (organisationId: string) =>
  Number(
    (
      await t.db
        .selectFrom('recipes')
        .select(t.db.fn.countAll<number>().as('n'))
        .where('organisation_id', '=', organisationId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('numbers of a recipe', () => {
  it('stores 0.25 kg of butter and a 9.50 € price as sent', async () => {
    const res = await t.request('POST', '/api/recipes', {
      cookie: owner.cookie,
      body: recipe([{ code: '16400', quantity: 0.25, unit: 'kg' }], { price: 9.5 }),
    });
    expect(res.status).toBe(201);
    // 250 g × 7.53 kcal/g = 1882.5 → 1883 kcal (not the 188 250 of « 0,25 » read as 25).
    expect(res.body).toMatchObject({ price: 9.5, caloriesPerServing: 1883, nutrition: { totalGrams: 250 } });
    expect(res.body.ingredients[0]).toMatchObject({ quantity: 0.25, unit: 'kg', gramsPerUnit: null, gramsPerMl: null });
  });

  it('weighs a volume with the food density from data/kitchen-measures.json, or the one sent', async () => {
    const byDefault = await t.request('POST', '/api/recipes', {
      cookie: owner.cookie,
      body: recipe([{ code: '17440', quantity: 100, unit: 'ml' }]),
    });
    expect(byDefault.status).toBe(201);
    expect(byDefault.body.ingredients[0]).toMatchObject({ unit: 'ml', gramsPerMl: 0.92 });
    // 100 ml × 0.92 = 92 g × 9 kcal/g = 828 kcal.
    expect(byDefault.body).toMatchObject({ caloriesPerServing: 828, nutrition: { totalGrams: 92 } });

    const own = await t.request('PUT', `/api/recipes/${byDefault.body.id}`, {
      cookie: owner.cookie,
      body: recipe([
        { code: '17440', quantity: 0.1, unit: 'l', gramsPerMl: 0.9 },
        { code: '16400', quantity: 10, unit: 'g', gramsPerMl: 2 },
      ]),
    });
    expect(own.status).toBe(200);
    expect(own.body.ingredients.map((l: { gramsPerMl: number | null }) => l.gramsPerMl)).toEqual([0.9, null]);
    expect(own.body.nutrition.totalGrams).toBe(100);
  });

  it('uses the weight of a unit sent with the line (an egg yolk of 17 g)', async () => {
    const res = await t.request('POST', '/api/recipes', {
      cookie: owner.cookie,
      body: recipe([{ code: '22002', quantity: 2, unit: 'unité', gramsPerUnit: 17 }]),
    });
    expect(res.status).toBe(201);
    expect(res.body.nutrition.totalGrams).toBe(34);
  });

  const refused: [string, unknown[], Record<string, unknown>, string, string][] = [
    [
      'quantity -5',
      [{ code: '16400', quantity: -5, unit: 'g' }],
      {},
      'ingredients.0.quantity',
      'La quantité doit être supérieure à 0',
    ],
    [
      'quantity 0',
      [{ code: '16400', quantity: 0, unit: 'g' }],
      {},
      'ingredients.0.quantity',
      'La quantité doit être supérieure à 0',
    ],
    [
      'a quantity rounding to 0',
      [{ code: '16400', quantity: 0.0001, unit: 'kg' }],
      {},
      'ingredients.0.quantity',
      'La quantité doit être supérieure à 0',
    ],
    [
      'a quantity as text',
      [{ code: '16400', quantity: '0,25', unit: 'kg' }],
      {},
      'ingredients.0.quantity',
      'La quantité doit être un nombre supérieur à 0',
    ],
    [
      'a unit weight of 0',
      [{ code: '22002', quantity: 2, unit: 'unité', gramsPerUnit: 0 }],
      {},
      'ingredients.0.gramsPerUnit',
      'Indiquez le poids d’une unité (en grammes)',
    ],
    [
      'a density of 0',
      [{ code: '17440', quantity: 100, unit: 'ml', gramsPerMl: 0 }],
      {},
      'ingredients.0.gramsPerMl',
      'Indiquez la densité (en g/ml), supérieure à 0',
    ],
    [
      'a density of 7',
      [{ code: '17440', quantity: 100, unit: 'ml', gramsPerMl: 7 }],
      {},
      'ingredients.0.gramsPerMl',
      'La densité ne peut pas dépasser 5 g/ml',
    ],
    [
      'a price of 0',
      [{ code: '16400', quantity: 10, unit: 'g' }],
      { price: 0 },
      'price',
      'Le prix doit être supérieur à 0',
    ],
    [
      'a cooked weight of 0',
      [{ code: '16400', quantity: 10, unit: 'g' }],
      { cookedWeightG: 0 },
      'cookedWeightG',
      'Le poids cuit doit être supérieur à 0',
    ],
    [
      '1.5 servings',
      [{ code: '16400', quantity: 10, unit: 'g' }],
      { servings: 1.5 },
      'servings',
      'Le nombre de portions doit être un nombre entier',
    ],
  ];
  it.each(refused)(
    'refuses %s with 422 on its field and stores nothing',
    async (_label, ingredients, patch, field, message) => {
      const user = await t.signUp();
      const res = await t.request('POST', '/api/recipes', { cookie: user.cookie, body: recipe(ingredients, patch) });
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('validation');
      expect(res.body.error.fields).toEqual({ [field]: message });
      expect(await countRecipes(user.organisationId)).toBe(0);
    },
  );
});
