import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let owner: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
// The free plan holds 5 recipes: each test is its own organisation.
beforeEach(async () => {
  owner = await t.signUp();
});

const recipe = (name: string, ingredients: unknown[], patch: Record<string, unknown> = {}) => ({
  name,
  servings: 4,
  ingredients,
  allergens: [],
  dietaryInfo: [],
  showNutriScore: true,
  ...patch,
});
const post = (body: unknown) => t.request('POST', '/api/recipes', { cookie: owner.cookie, body });
const product = async (body: Record<string, unknown>) => {
  const res = await t.request('POST', '/api/products', {
    cookie: owner.cookie,
    body: { allergens: [], traces: [], labels: [], ...body },
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
};

/**
 * Five dishes made through the API, one per table, each as the reference grades it
 * (src/shared/nutriscore-off.test.ts names the Open Food Facts products and their expected
 * results; the cheese, which the reference has no test for, is worked by hand from the rule of
 * lib/ProductOpener/Nutriscore.pm in src/shared/nutriscore.test.ts).
 */
describe('a drink, an oil, a cheese, a water and a dish show the reference letter and their table', () => {
  it('on the recipe, in the public menu JSON and on the public page', async () => {
    // A label with the values of Open Food Facts' « en-orange-juice-category » (beverage, C), based on a Ciqual juice.
    const juice = await product({
      name: 'Jus d’orange du fournisseur',
      basedOnCode: '2012',
      per100g: { energyKj: 182, fat: 0, saturatedFat: 0, carbs: 9, sugars: 8.9, fiber: 0.5, protein: 0.2, salt: 0.5 },
    });
    // « fr-rapeseed-oil » (fats, B): 92 g of fat, 7,3 g of saturates.
    const oil = await product({
      name: 'Huile de colza du fournisseur',
      basedOnCode: '17130',
      per100g: { energyKj: 3400, fat: 92, saturatedFat: 7.3, carbs: 0, sugars: 0, fiber: 0, protein: 0, salt: 0 },
    });
    // « cookies » (general, E).
    const cookies = await product({
      name: 'Sablés du fournisseur',
      per100g: { energyKj: 3460, fat: 90, saturatedFat: 15, carbs: 0, sugars: 0, fiber: 0, protein: 0, salt: 0 },
    });
    const dishes = [
      {
        body: recipe('Jus d’orange', [{ productId: juice, quantity: 1000, unit: 'g' }], { fruitVegLegumePercent: 100 }),
        letter: 'C',
        category: 'beverage',
        table: 'tableau des boissons',
      },
      {
        body: recipe('Huile de colza', [{ productId: oil, quantity: 1, unit: 'l' }], { fruitVegLegumePercent: 0 }),
        letter: 'B',
        category: 'fats',
        table: 'tableau des matières grasses',
      },
      // Ciqual 12001 Camembert: 20 negative points, protein 7 counted for a cheese → 13 → D.
      {
        body: recipe('Camembert', [{ code: '12001', quantity: 250, unit: 'g' }], { fruitVegLegumePercent: 0 }),
        letter: 'D',
        category: 'cheese',
        table: 'tableau des fromages',
      },
      {
        body: recipe('Carafe d’eau', [{ code: '18066', quantity: 1, unit: 'l' }]),
        letter: 'A',
        category: 'water',
        table: 'tableau des eaux',
      },
      {
        body: recipe('Sablés', [{ productId: cookies, quantity: 500, unit: 'g' }], { fruitVegLegumePercent: 0 }),
        letter: 'E',
        category: 'general',
        table: 'tableau des aliments',
      },
    ] as const;
    const menu = (await t.request('POST', '/api/menus', { cookie: owner.cookie, body: { name: 'Carte' } })).body;
    const section = (
      await t.request('POST', `/api/menus/${menu.id}/sections`, { cookie: owner.cookie, body: { name: 'Tout' } })
    ).body;
    for (const dish of dishes) {
      const res = await post(dish.body);
      expect(res.status).toBe(201);
      expect(res.body.nutriScoreCategory).toBe('auto');
      expect(res.body.nutriScore, dish.body.name).toMatchObject({
        available: true,
        letter: dish.letter,
        category: dish.category,
      });
      expect(res.body.nutriScore.categoryReason).toBeTruthy();
      await t.request('POST', `/api/sections/${section.id}/items`, {
        cookie: owner.cookie,
        body: { recipeId: res.body.id },
      });
    }
    // The form previews with the same table: a product's search hit leans as its Ciqual food does.
    const hits = (
      await t.request('GET', '/api/catalogue/ingredients?q=du%20fournisseur&limit=10', { cookie: owner.cookie })
    ).body.hits as { name: string; nutriKind: string | null }[];
    expect(
      hits
        .filter((h) => h.name.endsWith('du fournisseur'))
        .map((h) => [h.name, h.nutriKind])
        .sort(),
    ).toEqual([
      ['Huile de colza du fournisseur', 'fat'],
      ['Jus d’orange du fournisseur', 'drink'],
      ['Sablés du fournisseur', null],
    ]);
    const json = (await t.request('GET', `/api/public/menus/${menu.id}`)).body;
    expect(
      json.sections[0].items.map((i: { recipe: { nutriScore: string; nutriScoreCategory: string } }) => [
        i.recipe.nutriScore,
        i.recipe.nutriScoreCategory,
      ]),
    ).toEqual(dishes.map((d) => [d.letter, d.category]));
    const page = (await t.request('GET', `/menu/${menu.id}`)).text;
    for (const dish of dishes) {
      expect(page).toContain(`aria-label="Nutri-Score ${dish.letter}, ${dish.table}"`);
      expect(page).toContain(`<p class="nst">${dish.table}</p>`);
    }
  });
});

describe('the owner’s table and the automatic one', () => {
  it('keeps the owner’s choice, refuses an unknown one next to the field, and withholds « eau » from what is not a water', async () => {
    const lemonade = [
      { code: '18066', quantity: 80, unit: 'cl' },
      { code: '2007', quantity: 4, unit: 'cs' },
      { code: '31016', quantity: 50, unit: 'g' },
    ];
    const auto = await post(recipe('Citronnade', lemonade, { fruitVegLegumePercent: 6 }));
    expect(auto.body.nutriScore).toMatchObject({ category: 'beverage' });
    expect(auto.body.nutriScore.categoryReason).toMatch(/^Boisson\u00a0: les boissons font 9\d\u00a0% du poids/);
    const chosen = await t.request('PUT', `/api/recipes/${auto.body.id}`, {
      cookie: owner.cookie,
      body: recipe('Citronnade', lemonade, { fruitVegLegumePercent: 6, nutriScoreCategory: 'water' }),
    });
    expect(chosen.body).toMatchObject({
      nutriScoreCategory: 'water',
      nutriScore: { available: false, category: 'water' },
    });
    expect(chosen.body.nutriScore.reason).toContain('ne sont pas des eaux');

    const before = (await t.request('GET', '/api/recipes', { cookie: owner.cookie })).body.recipes.length;
    const bad = await post(recipe('Citronnade', lemonade, { nutriScoreCategory: 'soda' }));
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields.nutriScoreCategory).toBe(messages.constraints.nutriScoreCategoryInvalid);
    expect((await t.request('GET', '/api/recipes', { cookie: owner.cookie })).body.recipes.length).toBe(before);
  });
});

describe('kitchen units', () => {
  it('weighs cl, spoons and pinches by the food’s density, and a product’s « unité » by the product', async () => {
    const res = await post(
      recipe('Vinaigrette', [
        { code: '17270', quantity: 6, unit: 'cs' }, // huile d'olive: 6 × 15 ml × 0,91 g/ml
        { code: '11220', quantity: 2, unit: 'cs' }, // vinaigre de vin: 2 × 15 ml × 1,01
        { code: '11013', quantity: 1, unit: 'cc' }, // moutarde: 5 ml, density 1 (none in the table)
        { code: '11017', quantity: 1, unit: 'pincee' }, // sel: 5/16 ml × 1,23
        { code: '18066', quantity: 1, unit: 'cl' }, // eau: 10 ml
      ]),
    );
    expect(res.status).toBe(201);
    expect(res.body.ingredients.map((l: { unit: string; gramsPerMl: number }) => [l.unit, l.gramsPerMl])).toEqual([
      ['cs', 0.91],
      ['cs', 1.01],
      ['cc', 1],
      ['pincee', 1.23],
      ['cl', 1],
    ]);
    expect(res.body.nutrition.totalGrams).toBeCloseTo(6 * 15 * 0.91 + 2 * 15 * 1.01 + 5 + (5 / 16) * 1.23 + 10, 6);
    expect(res.body.nutriScore.category).toBe('fats');

    const eggLabel = {
      name: 'Œuf fermier calibre moyen',
      per100g: {
        energyKcal: 140,
        fat: 10,
        saturatedFat: 3,
        carbs: 0.5,
        sugars: 0.5,
        fiber: 0,
        protein: 12.5,
        salt: 0.3,
      },
    };
    const egg = await product({ ...eggLabel, gramsPerUnit: 50 });
    const omelette = await post(recipe('Omelette', [{ productId: egg, quantity: 2, unit: 'unité' }]));
    expect(omelette.status).toBe(201);
    expect(omelette.body.ingredients[0]).toMatchObject({ unit: 'unité', gramsPerUnit: 50 });
    expect(omelette.body.nutrition.totalGrams).toBe(100);
    // The line follows the product: a heavier egg weighs the omelette again.
    const updated = await t.request('PUT', `/api/products/${egg}`, {
      cookie: owner.cookie,
      body: { ...eggLabel, gramsPerUnit: 60, allergens: [], traces: [], labels: [] },
    });
    expect(updated.status).toBe(200);
    const again = await t.request('GET', `/api/recipes/${omelette.body.id}`, { cookie: owner.cookie });
    expect(again.body.nutrition.totalGrams).toBe(120);
    // A line's own weight wins over the product's.
    const own = await post(
      recipe('Omelette légère', [{ productId: egg, quantity: 2, unit: 'unité', gramsPerUnit: 45 }]),
    );
    expect(own.body.nutrition.totalGrams).toBe(90);
    // A product without a weight per unit: the line needs one, said next to it.
    const flour = await product({ name: 'Farine T55', per100g: { energyKcal: 350, fat: 1, carbs: 75, protein: 10 } });
    const refused = await post(recipe('Pâte', [{ productId: flour, quantity: 2, unit: 'unité' }]));
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields['ingredients.0.gramsPerUnit']).toBe(messages.constraints.gramsPerUnitRequired);
  });
});
