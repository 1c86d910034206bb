import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/harness.ts';
import { makePremium } from '../../test/teams.ts';

/**
 * EGalim and the cost per cover read own products (docs/decisions/0018-products-sub-recipes-costs.md) through purchaseLineOf
 * (src/server/features/meal-plans/dishes.ts): a product's price HT for the line's grams with its
 * labels, and a sub-recipe's cost for the portion used.
 */
let t: TestApp;
let owner: SignedUpUser;
let establishment: string;
const MONDAY = '2026-09-07';

const call = async (method: string, path: string, body?: unknown) => {
  const res = await t.request(method, path, { cookie: owner.cookie, ...(body !== undefined ? { body } : {}) });
  expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
  return res.body;
};
const product = (name: string, amount: number, labels: string[]) =>
  call('POST', '/api/products', {
    name,
    per100g: { energyKcal: 150 },
    allergens: [],
    traces: [],
    labels,
    price: { amount, per: 'kg' },
  });
const recipe = (name: string, ingredients: unknown[]) =>
  call('POST', '/api/recipes', {
    name,
    servings: 1,
    ingredients,
    allergens: [],
    dietaryInfo: [],
    allergensDeclared: true,
  });

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  await makePremium(t, owner.organisationId);
  establishment = (await call('GET', '/api/establishments')).establishments[0].id;
});
afterAll(() => t?.close());

describe('meal plans with own products', () => {
  it('values each line at its product’s price HT, counts bio and Label Rouge, and costs a sub-recipe portion', async () => {
    const pasta = await product('Pâtes bio', 4, ['bio']);
    const beef = await product('Bœuf Label Rouge', 20, ['label_rouge']);
    const cream = await product('Crème', 5, []);
    // 200 g of cream for 2 portions: one portion is 100 g, 0.50 € HT.
    const sauce = await call('POST', '/api/recipes', {
      name: 'Sauce',
      servings: 2,
      ingredients: [{ productId: cream.id, quantity: 200, unit: 'g' }],
      allergens: [],
      dietaryInfo: [],
      allergensDeclared: true,
    });
    const plat = await recipe('Bœuf sauce crème', [
      { productId: beef.id, quantity: 100, unit: 'g' },
      { recipeId: sauce.id, quantity: 1, unit: 'portion' },
    ]);
    const side = await recipe('Pâtes', [{ productId: pasta.id, quantity: 100, unit: 'g' }]);

    const planned = await call('PUT', `/api/meal-plans/${establishment}/${MONDAY}/dejeuner`, {
      components: [
        { slot: 'plat', recipeId: plat.id },
        { slot: 'accompagnement', recipeId: side.id },
      ],
    });
    // 2.00 € of beef + 0.50 € of sauce + 0.40 € of pasta.
    expect(planned.costPerCover).toBe(2.9);

    const egalim = await call(
      'GET',
      `/api/meal-plans/egalim?establishmentId=${establishment}&from=${MONDAY}&to=${MONDAY}`,
    );
    expect(egalim.purchaseValue).toBeCloseTo(2.9, 2);
    expect(egalim.unpricedLines).toBe(0);
    expect(egalim.organicPercent).toBeCloseTo((0.4 / 2.9) * 100, 0);
    expect(egalim.sustainablePercent).toBeCloseTo((2.4 / 2.9) * 100, 0);
  });

  it('the families’ week page names each quality sign with the ingredients that carry it', async () => {
    const WEDNESDAY = '2026-09-16'; // Not the week of the test above.
    const carrots = await product('Carottes', 2, ['bio']);
    const chicken = await product('Poulet fermier', 9, ['label_rouge', 'fermier']);
    const rice = await product('Riz', 2, []);
    const dish = await recipe('Poulet aux carottes', [
      { productId: chicken.id, quantity: 100, unit: 'g' },
      { productId: carrots.id, quantity: 80, unit: 'g' },
      { productId: rice.id, quantity: 60, unit: 'g' },
    ]);
    const plain = await recipe('Pâtes nature', [{ productId: rice.id, quantity: 100, unit: 'g' }]);
    await call('PUT', `/api/meal-plans/${establishment}/${WEDNESDAY}/dejeuner`, {
      components: [
        { slot: 'plat', recipeId: dish.id },
        { slot: 'accompagnement', recipeId: plain.id },
      ],
    });

    // Only a published week is public.
    await call('POST', `/api/meal-plans/${establishment}/publish`, { week: WEDNESDAY });
    const page = await t.request('GET', `/semaine/${establishment}?date=${WEDNESDAY}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(
      '<span class="l">Bio\u00a0: Carottes</span><span class="l">Label Rouge\u00a0: Poulet fermier</span><span class="l">Fermier\u00a0: Poulet fermier</span>',
    );
    // The plain dish carries no sign: exactly the three above on the page.
    expect(page.text.match(/class="l"/g)).toHaveLength(3);
  });

  it('a sub-recipe’s own products count for EGalim and on the families’ page, in the share of it the dish uses', async () => {
    const MONDAY3 = '2026-09-21';
    const milk = await product('Lait bio', 1.2, ['bio']);
    const flour = await product('Farine', 1, []);
    const butter = await product('Beurre AOP', 10, ['aop_aoc']);
    const pasta = await product('Pâtes sèches', 4, []);
    // 900 g of béchamel: 0.96 € of organic milk, 0.05 € of flour, 0.50 € of AOP butter.
    const bechamel = await call('POST', '/api/recipes', {
      name: 'Béchamel',
      servings: 4,
      ingredients: [
        { productId: milk.id, quantity: 800, unit: 'g' },
        { productId: flour.id, quantity: 50, unit: 'g' },
        { productId: butter.id, quantity: 50, unit: 'g' },
      ],
      allergens: ['Lait', 'Gluten'],
      dietaryInfo: [],
      allergensDeclared: true,
    });
    // A third of it in a gratin for 2: one portion holds a sixth of the béchamel and 100 g of pasta.
    const gratin = await call('POST', '/api/recipes', {
      name: 'Gratin de pâtes',
      servings: 2,
      ingredients: [
        { recipeId: bechamel.id, quantity: 300, unit: 'g' },
        { productId: pasta.id, quantity: 200, unit: 'g' },
      ],
      allergens: ['Lait', 'Gluten'],
      dietaryInfo: [],
      allergensDeclared: true,
    });
    await call('PUT', `/api/meal-plans/${establishment}/${MONDAY3}/dejeuner`, {
      components: [{ slot: 'plat', recipeId: gratin.id }],
    });

    const egalim = await call(
      'GET',
      `/api/meal-plans/egalim?establishmentId=${establishment}&from=${MONDAY3}&to=${MONDAY3}`,
    );
    const [organic, aop, total] = [0.96 / 6, 0.5 / 6, 1.51 / 6 + 0.4];
    expect(egalim.purchaseValue).toBeCloseTo(total, 2);
    expect(egalim.unpricedLines).toBe(0);
    expect(egalim.organicPercent).toBeCloseTo((organic / total) * 100, 0);
    expect(egalim.sustainablePercent).toBeCloseTo(((organic + aop) / total) * 100, 0);

    await call('POST', `/api/meal-plans/${establishment}/publish`, { week: MONDAY3 });
    const page = await t.request('GET', `/semaine/${establishment}?date=${MONDAY3}`);
    expect(page.text).toContain('<span class="l">Bio\u00a0: Lait bio</span>');
    expect(page.text).toContain('Beurre AOP</span>');
    expect(page.text).not.toContain('Farine</span>');
  });

  it('the GEMRCN grid reads own products and opens sub-recipes: a dish made of a meat base is not vegetarian, a product’s fat counts', async () => {
    const TUESDAY4 = '2026-09-29';
    const beef = await call('POST', '/api/products', {
      name: 'Bœuf haché du boucher',
      per100g: { energyKcal: 250, fat: 20, protein: 18, sugars: 0 },
      allergens: [],
      traces: [],
      meatKind: 'bovine',
      price: { amount: 12, per: 'kg' },
    });
    const potatoes = await call('POST', '/api/products', {
      name: 'Purée de pommes de terre',
      per100g: { energyKcal: 80, fat: 3, protein: 2, sugars: 1 },
      allergens: [],
      traces: [],
      price: { amount: 2, per: 'kg' },
    });
    const base = await recipe('Hachis (base)', [{ productId: beef.id, quantity: 100, unit: 'g' }]);
    const hachis = await recipe('Hachis parmentier', [
      { recipeId: base.id, quantity: 100, unit: 'g' },
      { productId: potatoes.id, quantity: 200, unit: 'g' },
    ]);
    const salad = await call('POST', '/api/products', {
      name: 'Salade de museau',
      per100g: { energyKcal: 250, fat: 18, protein: 15, sugars: 1 },
      allergens: [],
      traces: [],
      price: { amount: 9, per: 'kg' },
    });
    const entree = await recipe('Museau vinaigrette', [{ productId: salad.id, quantity: 80, unit: 'g' }]);
    await call('PUT', `/api/meal-plans/${establishment}/${TUESDAY4}/dejeuner`, {
      components: [
        { slot: 'entree', recipeId: entree.id },
        { slot: 'plat', recipeId: hachis.id },
      ],
    });

    const week = await call('GET', `/api/meal-plans?establishmentId=${establishment}&from=${TUESDAY4}&to=${TUESDAY4}`);
    expect(week.days[0].vegetarianLunch).toBe(false);
    const grid = await call(
      'GET',
      `/api/meal-plans/gemrcn?establishmentId=${establishment}&from=${TUESDAY4}&population=elementaire`,
    );
    const criterion = (id: string) => grid.criteria.find((c: { id: string }) => c.id === id);
    // 18 % fat in the product: an entrée « contenant plus de 15 % de lipides ».
    expect(criterion('entrees-grasses').matches).toEqual([
      { date: TUESDAY4, service: 'dejeuner', recipeName: 'Museau vinaigrette', reason: '18\u00a0% de lipides' },
    ]);
    // The hachis is one third beef by weight: a « préparation … contenant moins de 70 % » of meat.
    expect(criterion('preparations-moins-70').matches.map((x: { recipeName: string }) => x.recipeName)).toContain(
      'Hachis parmentier',
    );
    // Its meat kind makes the beef « viandes et volailles » for EGalim too: 1.20 € of meat, none labelled.
    const egalim = await call(
      'GET',
      `/api/meal-plans/egalim?establishmentId=${establishment}&from=${TUESDAY4}&to=${TUESDAY4}`,
    );
    expect(egalim.meatFishSustainablePercent).toBe(0);
  });
});
