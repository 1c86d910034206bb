import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedUpUser, type TestApp, type TestResponse } from '../../test/harness.ts';

// Ciqual 2025: 4003 potato (81 kcal), 16400 butter (753 kcal), 19041 milk (47.7 kcal), 22000 egg (140 kcal).
// 0.2 l of milk weighs 206 g: density 1.03 from data/kitchen-measures.json (docs/product/decisions.md 17).
const puree = {
  name: 'Purée maison',
  description: 'Pommes de terre, beurre et lait',
  servings: 4,
  ingredients: [
    { code: '4003', quantity: 1, unit: 'kg' },
    { code: '16400', quantity: 50, unit: 'g' },
    { code: '19041', quantity: 0.2, unit: 'l' },
  ],
  allergens: ['Lait'],
  dietaryInfo: ['Végétarien'],
  prepTime: 15,
  cookTime: 25,
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

describe('recipes API', () => {
  it('creates, reads, updates and deletes a recipe with server-computed nutrition', async () => {
    const created = await t.request('POST', '/api/recipes', {
      cookie: owner.cookie,
      body: { ...puree, caloriesPerServing: 1 },
    });
    expect(created.status).toBe(201);
    // (810 + 376.5 + 98.262) / 4 = 321.19 kcal; protein 25.4888 / 4 = 6.37; carbs 178.655 / 4 = 44.66; fat 48.1136 / 4 = 12.03.
    expect(created.body).toMatchObject({
      name: 'Purée maison',
      servings: 4,
      caloriesPerServing: 321,
      proteinPerServing: 6.4,
      carbsPerServing: 44.7,
      fatPerServing: 12,
      allergens: ['Lait'],
      allergenStatus: 'unverified',
      dietaryInfo: ['Végétarien'],
      prepTime: 15,
      cookTime: 25,
      nutrition: { partial: false, totalGrams: 1256 },
    });
    expect(created.body.ingredients.map((i: { name: string; code: string }) => [i.code, i.name])).toEqual([
      ['4003', "Pomme de terre, bouillie/cuite à l'eau"],
      ['16400', 'Beurre à 80% MG minimum, doux'],
      ['19041', 'Lait demi-écrémé, UHT'],
    ]);
    const id = created.body.id as string;

    const read = await t.request('GET', `/api/recipes/${id}`, { cookie: owner.cookie });
    expect(read.status).toBe(200);
    expect(read.body.caloriesPerServing).toBe(321);

    const list = await t.request('GET', '/api/recipes', { cookie: owner.cookie });
    expect(list.body.recipes.map((r: { id: string }) => r.id)).toContain(id);

    const updated = await t.request('PUT', `/api/recipes/${id}`, {
      cookie: owner.cookie,
      body: {
        ...puree,
        servings: 2,
        ingredients: [...puree.ingredients, { code: '22000', quantity: 2, unit: 'unité', gramsPerUnit: 55 }],
      },
    });
    expect(updated.status).toBe(200);
    // + 2 eggs of 55 g = 154 kcal: (1284.762 + 154) / 2 = 719.38 → 719.
    expect(updated.body.caloriesPerServing).toBe(719);
    expect(updated.body.ingredients).toHaveLength(4);
    expect(updated.body.ingredients[3]).toMatchObject({ unit: 'unité', gramsPerUnit: 55 });

    const me = await t.request('GET', '/api/me', { cookie: owner.cookie });
    expect(me.body.usage.recipes).toBe(1);

    expect((await t.request('DELETE', `/api/recipes/${id}`, { cookie: owner.cookie })).status).toBe(204);
    expect((await t.request('GET', `/api/recipes/${id}`, { cookie: owner.cookie })).status).toBe(404);
    const lines = await t.db.selectFrom('recipe_ingredients').selectAll().where('recipe_id', '=', id).execute();
    expect(lines).toHaveLength(0);
  });

  it('lists the newest recipe first', async () => {
    const user = await t.signUp();
    for (const name of ['Premier', 'Second'])
      await t.request('POST', '/api/recipes', { cookie: user.cookie, body: { ...puree, name } });
    const list = await t.request('GET', '/api/recipes', { cookie: user.cookie });
    expect(list.body.recipes.map((r: { name: string }) => r.name)).toEqual(['Second', 'Premier']);
  });

  it('gives the list a page at a time with ?limit and ?after, in the same order, equal times included', async () => {
    const user = await t.signUp();
    const ids: string[] = [];
    for (const name of ['Un', 'Deux', 'Trois', 'Quatre', 'Cinq'])
      ids.push((await t.request('POST', '/api/recipes', { cookie: user.cookie, body: { ...puree, name } })).body.id);
    // Two recipes written in the same microsecond: the id decides between them.
    await t.db
      .updateTable('recipes')
      .set({ created_at: new Date('2026-01-01T00:00:00Z') })
      .where('id', 'in', [ids[1]!, ids[2]!])
      .execute();
    const whole = (await t.request('GET', '/api/recipes', { cookie: user.cookie })).body.recipes.map(
      (r: { id: string }) => r.id,
    );
    const pages: string[][] = [];
    let after: string | null = null;
    do {
      const page: TestResponse<{ recipes: { id: string }[]; nextAfter: string | null }> = await t.request(
        'GET',
        `/api/recipes?limit=2${after ? `&after=${after}` : ''}`,
        { cookie: user.cookie },
      );
      expect(page.status).toBe(200);
      pages.push(page.body.recipes.map((r) => r.id));
      after = page.body.nextAfter;
    } while (after !== null);
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(pages.flat()).toEqual(whole);
    expect((await t.request('GET', `/api/recipes?limit=5`, { cookie: user.cookie })).body).toMatchObject({
      nextAfter: null,
    });

    for (const limit of ['0', '201', 'abc', '']) {
      const bad = await t.request('GET', `/api/recipes?limit=${limit}`, { cookie: user.cookie });
      expect(bad.status).toBe(422);
      expect(bad.body.error.fields.limit).toBe('Le nombre de recettes par page doit être un entier entre 1 et 200');
    }
    // Another organisation's recipe, or one deleted since, is not a place to resume from.
    const theirs = (
      await t.request('POST', '/api/recipes', { cookie: other.cookie, body: { ...puree, name: 'Ailleurs' } })
    ).body.id;
    for (const id of [theirs, '00000000-0000-4000-8000-000000000000', 'pas-un-id']) {
      const bad = await t.request('GET', `/api/recipes?limit=2&after=${id}`, { cookie: user.cookie });
      expect(bad.status).toBe(422);
      expect(bad.body.error.fields.after).toBe('La recette après laquelle reprendre la liste est introuvable');
    }
  });

  it('counts and filters the pages by allergen status (the dashboard and « non vérifiés » read them)', async () => {
    const user = await t.signUp();
    const declared = { ...puree, allergensDeclared: true };
    for (const [name, body] of [
      ['A', puree],
      ['B', declared],
      ['C', puree],
      ['D', declared],
      ['E', puree],
    ] as const) {
      expect((await t.request('POST', '/api/recipes', { cookie: user.cookie, body: { ...body, name } })).status).toBe(
        201,
      );
    }
    type Page = { recipes: { name: string; allergenStatus: string }[]; nextAfter: string | null; total: number };
    const get = async (query: string): Promise<Page> => {
      const res: TestResponse<Page> = await t.request('GET', `/api/recipes?${query}`, { cookie: user.cookie });
      expect(res.status).toBe(200);
      return res.body;
    };
    expect(await get('limit=10')).toMatchObject({ total: 5, nextAfter: null });
    const first = await get('limit=2');
    expect(first.total).toBe(5);
    expect((await get(`limit=2&after=${first.nextAfter}`)).total).toBe(5);
    const unverified = await get('limit=2&allergenStatus=unverified');
    expect(unverified.total).toBe(3);
    expect(unverified.recipes.map((r) => [r.name, r.allergenStatus])).toEqual([
      ['E', 'unverified'],
      ['C', 'unverified'],
    ]);
    const rest = await get(`limit=2&allergenStatus=unverified&after=${unverified.nextAfter}`);
    expect(rest).toMatchObject({ total: 3, nextAfter: null });
    expect(rest.recipes.map((r) => r.name)).toEqual(['A']);
    expect(await get('limit=1&allergenStatus=declared')).toMatchObject({
      total: 2,
      recipes: [{ name: 'D', allergenStatus: 'declared' }],
    });
    // Another organisation's recipes are never counted.
    const stranger = await t.signUp();
    expect(
      (await t.request('GET', '/api/recipes?limit=1&allergenStatus=unverified', { cookie: stranger.cookie })).body,
    ).toEqual({ recipes: [], nextAfter: null, total: 0 });
    for (const status of ['toutes', 'DECLARED', '']) {
      const bad = await t.request('GET', `/api/recipes?limit=2&allergenStatus=${status}`, { cookie: user.cookie });
      expect(bad.status).toBe(422);
      expect(bad.body.error.fields.allergenStatus).toBe(
        'Le filtre des allergènes doit être «\u00a0declared\u00a0» ou «\u00a0unverified\u00a0»',
      );
    }
  });

  it('gives every recipe in short with ?view=summary, as the full list has them', async () => {
    const user = await t.signUp();
    for (const [name, allergensDeclared] of [
      ['Soupe', false],
      ['Gratin', true],
    ] as const) {
      expect(
        (await t.request('POST', '/api/recipes', { cookie: user.cookie, body: { ...puree, name, allergensDeclared } }))
          .status,
      ).toBe(201);
    }
    const full = (await t.request('GET', '/api/recipes', { cookie: user.cookie })).body.recipes as Record<
      string,
      unknown
    >[];
    const summary = await t.request('GET', '/api/recipes?view=summary', { cookie: user.cookie });
    expect(summary.status).toBe(200);
    const keys = [
      'id',
      'name',
      'description',
      'caloriesPerServing',
      'proteinPerServing',
      'prepTime',
      'cookTime',
      'allergenStatus',
    ];
    expect(summary.body.recipes).toEqual(full.map((r) => Object.fromEntries(keys.map((k) => [k, r[k]]))));
    expect(
      summary.body.recipes.map((r: { name: string; allergenStatus: string }) => [r.name, r.allergenStatus]),
    ).toEqual([
      ['Gratin', 'declared'],
      ['Soupe', 'unverified'],
    ]);
    expect(summary.body.recipes[0].caloriesPerServing).toBeGreaterThan(0);
    const stranger = await t.signUp();
    expect((await t.request('GET', '/api/recipes?view=summary', { cookie: stranger.cookie })).body).toEqual({
      recipes: [],
    });
    for (const view of ['full', 'SUMMARY', '']) {
      const bad = await t.request('GET', `/api/recipes?view=${view}`, { cookie: user.cookie });
      expect(bad.status).toBe(422);
      expect(bad.body.error.fields.view).toBe(
        'La vue abrégée de la liste est «\u00a0summary\u00a0» ou «\u00a0costs\u00a0»',
      );
    }
  });

  it('records a Ciqual gap as a partial value, never as zero', async () => {
    // 20100 « Salade verte » style foods have gaps; find one with no energy in the catalogue.
    const gap = await t.db
      .selectFrom('catalogue_foods')
      .select(['code', 'name'])
      .where('energy_kcal', 'is', null)
      .where('protein_g', 'is not', null)
      .orderBy('code')
      .executeTakeFirstOrThrow();
    const res = await t.request('POST', '/api/recipes', {
      cookie: other.cookie,
      body: {
        ...puree,
        name: 'Avec lacune',
        servings: 1,
        ingredients: [
          { code: '16400', quantity: 100, unit: 'g' },
          { code: String(gap.code), quantity: 100, unit: 'g' },
        ],
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.caloriesPerServing).toBe(753);
    expect(res.body.nutrition.partial).toBe(true);
    expect(res.body.nutrition.missing.energyKcal).toEqual([gap.name]);
    await t.request('DELETE', `/api/recipes/${res.body.id}`, { cookie: other.cookie });
  });

  it("answers 404 for another owner's recipe and leaves it unchanged", async () => {
    const created = await t.request('POST', '/api/recipes', { cookie: owner.cookie, body: puree });
    const id = created.body.id as string;
    const before = await t.db.selectFrom('recipes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect((await t.request('GET', `/api/recipes/${id}`, { cookie: other.cookie })).status).toBe(404);
    const put = await t.request('PUT', `/api/recipes/${id}`, {
      cookie: other.cookie,
      body: { ...puree, name: 'Volée' },
    });
    expect(put.status).toBe(404);
    expect(put.body.error.code).toBe('not_found');
    expect((await t.request('DELETE', `/api/recipes/${id}`, { cookie: other.cookie })).status).toBe(404);
    const list = await t.request('GET', '/api/recipes', { cookie: other.cookie });
    expect(list.body.recipes.map((r: { id: string }) => r.id)).not.toContain(id);
    const after = await t.db.selectFrom('recipes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect((await t.request('GET', '/api/recipes/not-a-uuid', { cookie: owner.cookie })).status).toBe(404);
    expect((await t.request('GET', '/api/recipes', {})).status).toBe(401);
    await t.request('DELETE', `/api/recipes/${id}`, { cookie: owner.cookie });
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['empty name', { name: '  ' }, 'Le nom de la recette est requis'],
    ['0 servings', { servings: 0 }, 'Le nombre de portions doit être supérieur à 0'],
    ['no ingredient', { ingredients: [] }, 'Veuillez ajouter au moins un ingrédient à votre recette.'],
    [
      'negative quantity',
      { ingredients: [{ code: '16400', quantity: -1, unit: 'g' }] },
      'La quantité doit être supérieure à 0',
    ],
    [
      'unknown Ciqual code',
      { ingredients: [{ code: '999999', quantity: 10, unit: 'g' }] },
      'Ingrédient inconnu dans la table Ciqual',
    ],
    [
      'unité without weight',
      { ingredients: [{ code: '22000', quantity: 2, unit: 'unité' }] },
      'Indiquez le poids d’une unité (en grammes)',
    ],
    ['unknown unit', { ingredients: [{ code: '22000', quantity: 2, unit: 'tasse' }] }, 'Unité invalide'],
    ['negative prep time', { prepTime: -5 }, 'Le temps de préparation doit être positif'],
    ['negative cook time', { cookTime: -5 }, 'Le temps de cuisson doit être positif'],
    ['negative price', { price: -2 }, 'Le prix doit être supérieur à 0'],
    ['duplicate allergen', { allergens: ['Gluten', 'Gluten'] }, 'Cet allergène est déjà ajouté'],
    ['unknown allergen', { allergens: ['Poivre'] }, 'Allergène inconnu'],
    // The names before docs/product/decisions.md 15 are no longer names of the regulation's list.
    ['« Lactose » instead of « Lait »', { allergens: ['Lactose'] }, 'Allergène inconnu'],
    ['« Poisson » instead of « Poissons » in traces', { traces: ['Poisson'] }, 'Allergène inconnu'],
    [
      'a confirmation that is not a boolean',
      { allergensDeclared: 'oui' },
      'La confirmation de la liste des allergènes doit valoir vrai ou faux',
    ],
  ];
  it.each(invalid)('refuses %s with 422 and stores nothing', async (_label, patch, message) => {
    const user = await t.signUp();
    const res = await t.request('POST', '/api/recipes', { cookie: user.cookie, body: { ...puree, ...patch } });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('validation');
    expect(Object.values(res.body.error.fields)).toContain(message);
    expect(await countRecipes(user.organisationId)).toBe(0);
  });

  it('refuses malformed JSON and wrong types with 4xx, never 500', async () => {
    const user = await t.signUp();
    const malformed = await t.request('POST', '/api/recipes', { cookie: user.cookie, body: '{"name":' });
    expect(malformed.status).toBe(400);
    const wrongType = await t.request('POST', '/api/recipes', {
      cookie: user.cookie,
      body: { ...puree, servings: 'quatre' },
    });
    expect(wrongType.status).toBe(422);
    const notObject = await t.request('POST', '/api/recipes', { cookie: user.cookie, body: [1, 2] });
    expect(notObject.status).toBe(422);
    expect(await countRecipes(user.organisationId)).toBe(0);
  });

  it('keeps a free owner at exactly 5 recipes under 20 parallel creations, and allows editing at the limit', async () => {
    const user = await t.signUp();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.request('POST', '/api/recipes', { cookie: user.cookie, body: { ...puree, name: `Recette ${i}` } }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 403)).toHaveLength(15);
    const refusal = results.find((r) => r.status === 403)!;
    expect(refusal.body.error).toEqual({
      code: 'plan_limit',
      message: 'Limite de recettes atteinte pour le plan gratuit. Passez au Premium pour créer plus de recettes.',
    });
    expect(await countRecipes(user.organisationId)).toBe(5);

    const first = results.find((r) => r.status === 201)!;
    const edit = await t.request('PUT', `/api/recipes/${first.body.id}`, {
      cookie: user.cookie,
      body: { ...puree, name: 'Modifiée à la limite' },
    });
    expect(edit.status).toBe(200);

    // Deleting frees a slot (docs/product/decisions.md 10).
    await t.request('DELETE', `/api/recipes/${first.body.id}`, { cookie: user.cookie });
    expect((await t.request('POST', '/api/recipes', { cookie: user.cookie, body: puree })).status).toBe(201);
  });

  it('lifts the limit for a premium owner', async () => {
    const user = await t.signUp();
    await t.db
      .updateTable('subscriptions')
      .set({ tier: 'premium', status: 'active' })
      .where('organisation_id', '=', user.organisationId)
      .execute();
    for (let i = 0; i < 6; i++)
      expect((await t.request('POST', '/api/recipes', { cookie: user.cookie, body: puree })).status).toBe(201);
    const me = await t.request('GET', '/api/me', { cookie: user.cookie });
    expect(me.body.limits.recipes).toBeNull();
    expect(me.body.usage.recipes).toBe(6);
  });

  it('stores « peut contenir », cooked weight and the fruit/vegetable share, and computes the Nutri-Score', async () => {
    const user = await t.signUp();
    const res = await t.request('POST', '/api/recipes', {
      cookie: user.cookie,
      body: {
        ...puree,
        traces: ['Fruits à coque'],
        cookedWeightG: 1000,
        fruitVegLegumePercent: 80,
        showNutriScore: true,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      allergens: ['Lait'],
      traces: ['Fruits à coque'],
      cookedWeightG: 1000,
      fruitVegLegumePercent: 80,
      showNutriScore: true,
    });
    expect(res.body.nutrition.totals.energyKj).toBeGreaterThan(0);
    expect(res.body.nutrition.redMeat).toBe(false);
    expect(res.body.nutriScore).toMatchObject({ available: true, letter: expect.stringMatching(/^[A-E]$/) });

    const conflict = await t.request('POST', '/api/recipes', {
      cookie: user.cookie,
      body: { ...puree, traces: ['Lait'] },
    });
    expect(conflict.status).toBe(422);
    expect(Object.values(conflict.body.error.fields)).toContain(
      'Un allergène ne peut pas être à la fois «\u00a0contient\u00a0» et «\u00a0peut contenir\u00a0»',
    );
    const noShare = await t.request('POST', '/api/recipes', { cookie: user.cookie, body: puree });
    expect(noShare.body.nutriScore).toMatchObject({
      available: false,
      reasons: ['Part de fruits, légumes et légumineuses manquante'],
      reason: 'Part de fruits, légumes et légumineuses manquante.',
    });
  });

  it('shows the Nutri-Score and « peut contenir » on the public menu only when chosen', async () => {
    const user = await t.signUp();
    const cookie = user.cookie;
    const shown = (
      await t.request('POST', '/api/recipes', {
        cookie,
        body: { ...puree, name: 'Purée affichée', traces: ['Céleri'], fruitVegLegumePercent: 0, showNutriScore: true },
      })
    ).body;
    const hidden = (
      await t.request('POST', '/api/recipes', {
        cookie,
        body: { ...puree, name: 'Purée discrète', fruitVegLegumePercent: 0 },
      })
    ).body;
    expect(shown.nutriScore.available).toBe(true);
    const menu = (await t.request('POST', '/api/menus', { cookie, body: { name: 'Carte' } })).body;
    const section = (await t.request('POST', `/api/menus/${menu.id}/sections`, { cookie, body: { name: 'Plats' } }))
      .body;
    for (const r of [shown, hidden])
      await t.request('POST', `/api/sections/${section.id}/items`, { cookie, body: { recipeId: r.id } });
    const json = (await t.request('GET', `/api/public/menus/${menu.id}`)).body;
    const [a, b] = json.sections[0].items;
    expect(a.recipe).toMatchObject({ traces: ['Céleri'], nutriScore: shown.nutriScore.letter });
    expect(b.recipe.nutriScore).toBeNull();
    const page = await t.request('GET', `/menu/${menu.id}`);
    expect(page.text).toContain(`Nutri-Score ${shown.nutriScore.letter}`);
    expect(page.text).toContain('Peut contenir (traces)\u00a0:');
  });
});
