import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productMessages } from '../../../shared/api/products.ts';
import { recipeMessages } from '../../../shared/api/recipes.ts';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/harness.ts';
import { addMember } from '../../test/teams.ts';

// « Pâte feuilletée pur beurre » as its label prints it, per 100 g; fiber and kJ left blank.
const pastry = {
  name: 'Pâte feuilletée pur beurre Marque X',
  supplier: 'Grossiste Y',
  per100g: { energyKcal: 400, fat: 25, saturatedFat: 16, carbs: 38, sugars: 2, protein: 6, salt: 1 },
  allergens: ['Gluten', 'Lait'],
  traces: ['Œufs'],
  price: { amount: 6.4, per: 'kg' },
  origin: 'France',
  labels: ['label_rouge'],
};

let t: TestApp;
let owner: SignedUpUser;
let other: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  other = await t.signUp();
});
afterAll(() => t.close());

const recipeWith = (productId: string, patch: Record<string, unknown> = {}) => ({
  name: 'Feuilleté au fromage',
  servings: 4,
  // 250 g of pastry + 100 g of butter (Ciqual 16400, 753 kcal).
  ingredients: [
    { productId, quantity: 250, unit: 'g' },
    { code: '16400', quantity: 100, unit: 'g' },
  ],
  allergens: ['Moutarde'],
  ...patch,
});

describe('products API', () => {
  it('completes an energy given in kcal from the nutrients (annex XIV), says so, and recipes use it', async () => {
    const oil = {
      name: 'Huile de colza Marque Z',
      per100g: { energyKcal: 900, fat: 100, saturatedFat: 7, carbs: 0, protein: 0 },
      allergens: [],
      traces: [],
      labels: [],
    };
    const created = await t.request('POST', '/api/products', { cookie: owner.cookie, body: oil });
    expect(created.status).toBe(201);
    // 100 g of fat × 37 kJ = 3 700 kJ, not 900 × 4,184 = 3 766.
    expect(created.body.energy).toEqual({
      energyKj: 3700,
      energyKcal: 900,
      kjSource: 'nutrients',
      kcalSource: 'label',
    });
    expect(created.body.per100g).toMatchObject({ energyKj: null, energyKcal: 900 });
    const recipe = await t.request('POST', '/api/recipes', {
      cookie: owner.cookie,
      body: {
        name: 'Filet d’huile',
        servings: 1,
        ingredients: [{ productId: created.body.id, quantity: 10, unit: 'g' }],
        allergens: [],
        dietaryInfo: [],
      },
    });
    expect(recipe.status).toBe(201);
    expect(recipe.body.nutrition.totals.energyKj).toBeCloseTo(370, 6);
    // Without carbohydrate, the kJ come from a conversion of the kcal.
    const partial = await t.request('POST', '/api/products', {
      cookie: owner.cookie,
      body: { ...oil, name: 'Huile sans glucides indiqués', per100g: { energyKcal: 900, fat: 100, protein: 0 } },
    });
    expect(partial.body.energy).toMatchObject({ energyKj: 3765.6, kjSource: 'conversion' });
  });

  it('creates, reads, lists, updates and deletes a product; a blank nutrient stays unknown', async () => {
    const created = await t.request('POST', '/api/products', { cookie: owner.cookie, body: pastry });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: pastry.name,
      supplier: 'Grossiste Y',
      per100g: { energyKcal: 400, energyKj: null, fiber: null, fat: 25 },
      allergens: ['Gluten', 'Lait'],
      traces: ['Œufs'],
      price: { amount: 6.4, per: 'kg' },
      gramsPerUnit: null,
      origin: 'France',
      meatKind: null,
      labels: ['label_rouge'],
      usedBy: [],
    });
    const id = created.body.id as string;
    expect((await t.request('GET', `/api/products/${id}`, { cookie: owner.cookie })).body.name).toBe(pastry.name);
    const found = await t.request('GET', '/api/products?q=feuilletee', { cookie: owner.cookie });
    expect(found.body.products.map((p: { id: string }) => p.id)).toEqual([id]);
    expect((await t.request('GET', '/api/products?q=brioche', { cookie: owner.cookie })).body.products).toEqual([]);
    const updated = await t.request('PUT', `/api/products/${id}`, {
      cookie: owner.cookie,
      body: { ...pastry, supplier: '', per100g: { ...pastry.per100g, fiber: 1.5 } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ supplier: null, per100g: { fiber: 1.5 } });
    expect((await t.request('DELETE', `/api/products/${id}`, { cookie: owner.cookie })).status).toBe(204);
    expect((await t.request('GET', `/api/products/${id}`, { cookie: owner.cookie })).status).toBe(404);
  });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    ['empty name', { name: ' ' }, 'name', 'Le nom du produit est requis'],
    ['a number as text', { per100g: { energyKcal: '0,5' } }, 'per100g.energyKcal', productMessages.energyKcal],
    ['more than 100 g in 100 g', { per100g: { fat: 120 } }, 'per100g.fat', productMessages.grams],
    [
      'saturated fat above fat',
      { per100g: { fat: 5, saturatedFat: 6 } },
      'per100g.saturatedFat',
      'Ne peut pas dépasser la valeur dont elle fait partie',
    ],
    ['a zero price', { price: { amount: 0, per: 'kg' } }, 'price.amount', 'Le prix doit être supérieur à 0'],
    [
      'a price per unit without its weight',
      { price: { amount: 0.3, per: 'unité' } },
      'gramsPerUnit',
      'Indiquez le poids d’une unité (en grammes)',
    ],
    [
      'an unknown price unit',
      { price: { amount: 2, per: 'botte' } },
      'price.per',
      'Le prix est au kg, au litre ou à l’unité',
    ],
    ['an unknown allergen', { allergens: ['Poivre'] }, 'allergens.0', 'Allergène inconnu'],
    [
      'contains and may contain',
      { allergens: ['Lait'], traces: ['Lait'] },
      'traces.0',
      productMessages.containsAndTraces,
    ],
    ['an unknown label', { labels: ['bio', 'vegan'] }, 'labels.1', 'Label inconnu'],
    ['an unknown meat kind', { meatKind: 'caprine' }, 'meatKind', 'Type de viande inconnu'],
    ['an unknown Ciqual food', { basedOnCode: '999999' }, 'basedOnCode', 'Aliment inconnu dans la table Ciqual'],
  ];
  it.each(invalid)(
    'refuses %s with 422 next to the field and stores nothing',
    async (_label, patch, field, message) => {
      const before = await t.db
        .selectFrom('products')
        .select(t.db.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const res = await t.request('POST', '/api/products', { cookie: owner.cookie, body: { ...pastry, ...patch } });
      expect(res.status).toBe(422);
      expect(res.body.error.fields[field]).toBe(message);
      const after = await t.db
        .selectFrom('products')
        .select(t.db.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    },
  );

  it('puts a product in a recipe: its label values, its allergens as facts, updated when the product changes', async () => {
    const product = (await t.request('POST', '/api/products', { cookie: owner.cookie, body: pastry })).body;
    const recipe = await t.request('POST', '/api/recipes', { cookie: owner.cookie, body: recipeWith(product.id) });
    expect(recipe.status).toBe(201);
    // (250 × 4.00 + 753) / 4 = 438.25 kcal (butter 16400: 753 kcal per 100 g in Ciqual 2025).
    expect(recipe.body.caloriesPerServing).toBe(438);
    expect(recipe.body.ingredients[0]).toMatchObject({
      kind: 'product',
      productId: product.id,
      code: null,
      name: pastry.name,
      allergens: ['Gluten', 'Lait'],
    });
    expect(recipe.body.ingredients[1]).toMatchObject({ kind: 'ciqual', code: '16400', productId: null });
    // The product's allergens join the owner's own list; its trace stays a trace.
    expect(recipe.body).toMatchObject({
      allergens: ['Moutarde', 'Gluten', 'Lait'],
      traces: ['Œufs'],
      ownAllergens: ['Moutarde'],
      ownTraces: [],
    });
    expect(recipe.body.productAllergens).toEqual([
      { allergen: 'Gluten', sources: [pastry.name] },
      { allergen: 'Lait', sources: [pastry.name] },
    ]);
    // Fiber is blank on the label: unknown, named, never counted as 0.
    expect(recipe.body.nutrition.missing.fiber).toContain(pastry.name);

    const changed = await t.request('PUT', `/api/products/${product.id}`, {
      cookie: owner.cookie,
      body: {
        ...pastry,
        per100g: { ...pastry.per100g, energyKcal: 480 },
        allergens: ['Gluten', 'Lait', 'Œufs'],
        traces: [],
      },
    });
    expect(changed.body.usedBy).toEqual([{ id: recipe.body.id, name: 'Feuilleté au fromage' }]);
    const after = (await t.request('GET', `/api/recipes/${recipe.body.id}`, { cookie: owner.cookie })).body;
    // (250 × 4.80 + 753) / 4 = 488.25.
    expect(after.caloriesPerServing).toBe(488);
    expect(after).toMatchObject({
      allergens: ['Moutarde', 'Gluten', 'Œufs', 'Lait'],
      traces: [],
      updatedAt: recipe.body.updatedAt,
    });
    const stored = await t.db
      .selectFrom('recipes')
      .select(['allergens', 'traces', 'calories_per_serving'])
      .where('id', '=', recipe.body.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      allergens: ['Moutarde', 'Gluten', 'Œufs', 'Lait'],
      traces: [],
      calories_per_serving: 488,
    });

    // In use: 409 naming the recipe, nothing deleted.
    const refused = await t.request('DELETE', `/api/products/${product.id}`, { cookie: owner.cookie });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'in_use',
      message: expect.stringContaining('Feuilleté au fromage'),
    });
    expect((await t.request('GET', `/api/products/${product.id}`, { cookie: owner.cookie })).status).toBe(200);
    expect((await t.request('DELETE', `/api/recipes/${recipe.body.id}`, { cookie: owner.cookie })).status).toBe(204);
    expect((await t.request('DELETE', `/api/products/${product.id}`, { cookie: owner.cookie })).status).toBe(204);
  });

  it('never leaves a recipe with facts of an older product when the product and the recipe are saved at the same time', async () => {
    const product = (await t.request('POST', '/api/products', { cookie: owner.cookie, body: pastry })).body;
    const recipe = (await t.request('POST', '/api/recipes', { cookie: owner.cookie, body: recipeWith(product.id) }))
      .body;
    // 10 rounds of a product save (its energy and allergens change) racing a recipe save; on
    // PostgreSQL they run on separate connections, serialized by the organisation's lock.
    for (let round = 1; round <= 10; round++) {
      const kcal = 400 + round * 10;
      // In annex II order, as the recipe lists a product's allergens after its own.
      const allergens = round % 2 === 0 ? ['Gluten', 'Lait'] : ['Gluten', 'Soja', 'Lait'];
      const [productSave, recipeSave] = await Promise.all([
        t.request('PUT', `/api/products/${product.id}`, {
          cookie: owner.cookie,
          body: { ...pastry, per100g: { ...pastry.per100g, energyKcal: kcal }, allergens },
        }),
        t.request('PUT', `/api/recipes/${recipe.id}`, {
          cookie: owner.cookie,
          body: recipeWith(product.id, { name: `Feuilleté ${round}` }),
        }),
      ]);
      expect([productSave.status, recipeSave.status]).toEqual([200, 200]);
      const stored = await t.db
        .selectFrom('recipes')
        .select(['allergens', 'calories_per_serving'])
        .where('id', '=', recipe.id)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({
        allergens: ['Moutarde', ...allergens],
        calories_per_serving: Math.round((250 * kcal) / 100 / 4 + 753 / 4),
      });
    }
    await t.request('DELETE', `/api/recipes/${recipe.id}`, { cookie: owner.cookie });
    await t.request('DELETE', `/api/products/${product.id}`, { cookie: owner.cookie });
  });

  it('ranks the organisation’s products first in the ingredient search, marked, and only for its members', async () => {
    const product = (
      await t.request('POST', '/api/products', {
        cookie: owner.cookie,
        body: { ...pastry, name: 'Beurre doux AOP Charentes' },
      })
    ).body;
    const mine = await t.request('GET', '/api/catalogue/ingredients?q=beurre&limit=5', { cookie: owner.cookie });
    expect(mine.status).toBe(200);
    expect(mine.body.hits).toHaveLength(5);
    expect(mine.body.hits[0]).toMatchObject({
      kind: 'product',
      id: product.id,
      code: null,
      group: 'Mon produit',
      allergens: ['Gluten', 'Lait'],
    });
    // Every product first, then Ciqual foods.
    const kinds = mine.body.hits.map((h: { kind: string }) => h.kind);
    expect(kinds.slice(kinds.lastIndexOf('product') + 1).every((k: string) => k === 'ciqual')).toBe(true);
    const food = mine.body.hits.at(-1);
    expect(food).toMatchObject({ kind: 'ciqual', id: food.code });
    expect(mine.headers.get('cache-control')).toBe('private, no-cache');
    const theirs = await t.request('GET', '/api/catalogue/ingredients?q=beurre&limit=5', { cookie: other.cookie });
    expect(theirs.body.hits.map((h: { kind: string }) => h.kind)).not.toContain('product');
    const anonymous = await t.request('GET', '/api/catalogue/ingredients?q=beurre&limit=5');
    expect(anonymous.body.hits.every((h: { kind: string }) => h.kind === 'ciqual')).toBe(true);
    expect(anonymous.headers.get('cache-control')).toBe('public, max-age=300');
    await t.request('DELETE', `/api/products/${product.id}`, { cookie: owner.cookie });
  });

  it('answers 404 for another organisation’s product, and refuses it in a recipe', async () => {
    const product = (await t.request('POST', '/api/products', { cookie: owner.cookie, body: pastry })).body;
    expect((await t.request('GET', `/api/products/${product.id}`, { cookie: other.cookie })).status).toBe(404);
    expect((await t.request('PUT', `/api/products/${product.id}`, { cookie: other.cookie, body: pastry })).status).toBe(
      404,
    );
    expect((await t.request('DELETE', `/api/products/${product.id}`, { cookie: other.cookie })).status).toBe(404);
    expect((await t.request('GET', '/api/products', { cookie: other.cookie })).body.products).toEqual([]);
    const stolen = await t.request('POST', '/api/recipes', { cookie: other.cookie, body: recipeWith(product.id) });
    expect(stolen.status).toBe(422);
    expect(stolen.body.error.fields['ingredients.0.productId']).toBe(recipeMessages.unknownProduct);
    const both = await t.request('POST', '/api/recipes', {
      cookie: owner.cookie,
      body: recipeWith(product.id, { ingredients: [{ productId: product.id, code: '16400', quantity: 1, unit: 'g' }] }),
    });
    expect(both.status).toBe(422);
    expect((await t.request('GET', '/api/products/not-a-uuid', { cookie: owner.cookie })).status).toBe(404);
    expect((await t.request('GET', '/api/products')).status).toBe(401);
    await t.request('DELETE', `/api/products/${product.id}`, { cookie: owner.cookie });
  });

  it('lets a viewer read products but not write them', async () => {
    const viewer = await addMember(t, owner, 'viewer');
    const product = (await t.request('POST', '/api/products', { cookie: owner.cookie, body: pastry })).body;
    expect((await t.request('GET', `/api/products/${product.id}`, { cookie: viewer.cookie })).status).toBe(200);
    expect((await t.request('POST', '/api/products', { cookie: viewer.cookie, body: pastry })).status).toBe(403);
    expect(
      (await t.request('PUT', `/api/products/${product.id}`, { cookie: viewer.cookie, body: pastry })).status,
    ).toBe(403);
    expect((await t.request('DELETE', `/api/products/${product.id}`, { cookie: viewer.cookie })).status).toBe(403);
  });
});
