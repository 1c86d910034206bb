import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLERGEN_NAMES } from '../../../shared/allergens.ts';
import { RECIPE_FACTS_VERSION, type RecipeFacts } from '../../../shared/recipe-facts.ts';
import { createTestApp, type LooseJson, type SignedUpUser, type TestApp } from '../../test/harness.ts';
import { refreshRecipeFacts } from './facts-refresh.ts';

// A quiche (Ciqual 2025): pâte brisée pur beurre, œufs, crème 30 %, gruyère.
const PATE = 'Pâte brisée, pur beurre, préemballée, crue';
const quiche = {
  name: 'Quiche lorraine',
  servings: 6,
  ingredients: [
    { code: '23414', quantity: 230, unit: 'g' },
    { code: '22000', quantity: 3, unit: 'unité', gramsPerUnit: 55 },
    { code: '19410', quantity: 200, unit: 'g' },
    { code: '12114', quantity: 100, unit: 'g' },
  ],
  allergens: [],
  dietaryInfo: [],
  fruitVegLegumePercent: 0,
  showNutriScore: true,
};

let t: TestApp;
let owner: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  // More recipes than the free plan's 5.
  await t.db
    .updateTable('subscriptions')
    .set({ tier: 'premium', status: 'active' })
    .where('organisation_id', '=', owner.organisationId)
    .execute();
});
afterAll(() => t.close());

const post = async (body: unknown, user = owner) => t.request('POST', '/api/recipes', { cookie: user.cookie, body });
const get = async (id: string, user = owner) =>
  (await t.request('GET', `/api/recipes/${id}`, { cookie: user.cookie })).body as LooseJson;
const row = (id: string) => t.db.selectFrom('recipes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function publicMenuOf(recipeId: string) {
  const cookie = owner.cookie;
  const menu = (await t.request('POST', '/api/menus', { cookie, body: { name: 'Carte' } })).body;
  const section = (await t.request('POST', `/api/menus/${menu.id}/sections`, { cookie, body: { name: 'Plats' } })).body;
  await t.request('POST', `/api/sections/${section.id}/items`, { cookie, body: { recipeId } });
  return menu.id as string;
}

describe('allergen status (docs/product/decisions.md 15)', () => {
  it('keeps a recipe unverified until its owner confirms the list, which may be empty', async () => {
    const created = await post(quiche);
    expect(created.status).toBe(201);
    expect(created.body.allergenStatus).toBe('unverified');
    // What the ingredients imply, with the ingredients that imply it, in the regulation's order.
    expect(created.body.allergenSuggestions).toEqual([
      { allergen: 'Gluten', sources: [PATE] },
      { allergen: 'Œufs', sources: ['Oeuf cru'] },
      {
        allergen: 'Lait',
        sources: [PATE, 'Crème 30% MG, épaisse, rayon frais', 'Gruyère, sans précision (origine France ou Suisse)'],
      },
    ]);
    expect(created.body.ingredients.map((l: LooseJson) => l.suggestedAllergens)).toEqual([
      ['Gluten', 'Lait'],
      ['Œufs'],
      ['Lait'],
      ['Lait'],
    ]);

    const id = created.body.id as string;
    const declared = await t.request('PUT', `/api/recipes/${id}`, {
      cookie: owner.cookie,
      body: { ...quiche, allergens: ['Gluten', 'Œufs', 'Lait'], allergensDeclared: true },
    });
    expect(declared.body).toMatchObject({ allergenStatus: 'declared', allergens: ['Gluten', 'Œufs', 'Lait'] });
    expect((await row(id)).allergens_declared).toBe(true);

    // Saved again without the confirmation: unverified again.
    const again = await t.request('PUT', `/api/recipes/${id}`, {
      cookie: owner.cookie,
      body: { ...quiche, allergens: ['Gluten'] },
    });
    expect(again.body.allergenStatus).toBe('unverified');

    const salad = await post({
      ...quiche,
      name: 'Salade verte',
      ingredients: [{ code: '20031', quantity: 200, unit: 'g' }],
      allergensDeclared: true,
    });
    expect(salad.body).toMatchObject({
      allergenStatus: 'declared',
      allergens: [],
      traces: [],
      allergenSuggestions: [],
    });
  });

  it('tells diners which, in the public JSON and on the page: never nothing', async () => {
    const declaredEmpty = (
      await post({
        ...quiche,
        name: 'Salade',
        ingredients: [{ code: '20031', quantity: 200, unit: 'g' }],
        allergensDeclared: true,
      })
    ).body;
    const unverified = (await post({ ...quiche, name: 'Quiche' })).body;
    const menuId = await publicMenuOf(declaredEmpty.id);
    const section = (await t.request('GET', `/api/menus/${menuId}/sections`, { cookie: owner.cookie })).body;
    await t.request('POST', `/api/sections/${(section.sections ?? section)[0].id}/items`, {
      cookie: owner.cookie,
      body: { recipeId: unverified.id },
    });

    const json = (await t.request('GET', `/api/public/menus/${menuId}`)).body;
    expect(json.sections[0].items.map((i: LooseJson) => [i.name, i.recipe.allergens, i.recipe.allergenStatus])).toEqual(
      [
        ['Salade', [], 'declared'],
        ['Quiche', [], 'unverified'],
      ],
    );
    const html = (await t.request('GET', `/menu/${menuId}`)).text;
    const item = (name: string) => html.slice(html.indexOf(`<h3>${name}</h3>`)).split('<li class="item">')[0]!;
    expect(item('Salade')).toContain('Aucun des 14 allergènes réglementaires');
    expect(item('Quiche')).toContain('Allergènes non renseignés : demandez au personnel');
    expect(item('Quiche')).not.toContain('Aucun des 14');
  });

  it('refuses the names of before with 422 next to the field, and lists the INCO names', async () => {
    const lactose = await post({ ...quiche, allergens: ['Gluten', 'Lactose'] });
    expect(lactose.status).toBe(422);
    expect(lactose.body.error.fields).toEqual({ 'allergens.1': 'Allergène inconnu' });
    const poisson = await post({ ...quiche, traces: ['Poisson'] });
    expect(poisson.status).toBe(422);
    expect(poisson.body.error.fields).toEqual({ 'traces.0': 'Allergène inconnu' });
    const inco = await post({ ...quiche, allergens: ['Lait', 'Poissons'], traces: ['Mollusques'] });
    expect(inco.status).toBe(201);

    const catalogue = await t.request('GET', '/api/catalogue/allergens');
    expect(catalogue.body.hits.map((h: LooseJson) => h.name)).toEqual([
      'Gluten',
      'Crustacés',
      'Œufs',
      'Poissons',
      'Arachides',
      'Soja',
      'Lait',
      'Fruits à coque',
      'Céleri',
      'Moutarde',
      'Graines de sésame',
      'Anhydride sulfureux et sulfites',
      'Lupin',
      'Mollusques',
    ]);
    expect(ALLERGEN_NAMES).toEqual(catalogue.body.hits.map((h: LooseJson) => h.name));
  });
});

describe('stored facts (one owner per derived fact)', () => {
  it('stores the facts with their version, and reads them as stored, in the API and on the public menu', async () => {
    const created = (await post(quiche)).body;
    const stored = await row(created.id);
    expect(stored.facts_version).toBe(RECIPE_FACTS_VERSION);
    const facts = stored.facts as RecipeFacts;
    expect(facts).toMatchObject({
      version: RECIPE_FACTS_VERSION,
      allergenStatus: 'unverified',
      caloriesPerServing: created.caloriesPerServing,
      nutriScore: created.nutriScore,
    });
    expect(created.nutriScore).toMatchObject({ available: true });

    // Written behind the server's back: a read must show it, proving nothing is recomputed per read.
    const planted = { ...facts, nutriScore: { available: true, letter: 'A', score: -9 }, allergenStatus: 'declared' };
    await t.db
      .updateTable('recipes')
      .set({ facts: JSON.stringify(planted), calories_per_serving: 1 })
      .where('id', '=', created.id)
      .execute();
    expect(await get(created.id)).toMatchObject({
      nutriScore: { letter: 'A', score: -9 },
      allergenStatus: 'declared',
      caloriesPerServing: 1,
    });
    const menuId = await publicMenuOf(created.id);
    const json = (await t.request('GET', `/api/public/menus/${menuId}`)).body;
    expect(json.sections[0].items[0].recipe).toMatchObject({
      nutriScore: 'A',
      allergenStatus: 'declared',
      caloriesPerServing: 1,
    });
  });

  it('recomputes every recipe whose facts are older than the code, and only those', async () => {
    const user = await t.signUp();
    const stale = (await post(quiche, user)).body;
    const fresh = (await post({ ...quiche, name: 'Quiche fraîche' }, user)).body;
    const before = await row(stale.id);
    // As a recipe saved before migration 0005: version 0, the old layout, wrong headline values.
    await t.db
      .updateTable('recipes')
      .set({
        facts_version: 0,
        facts: JSON.stringify({ partial: false, totalGrams: 1, nutriScoreLetter: 'A' }),
        calories_per_serving: 9999,
        protein_per_serving: null,
      })
      .where('id', '=', stale.id)
      .execute();
    await t.db.updateTable('recipes').set({ calories_per_serving: 4242 }).where('id', '=', fresh.id).execute();

    // Other tests' recipes are current: only this one is stale in the whole database.
    expect(await refreshRecipeFacts(t.db)).toBe(1);
    const fixed = await row(stale.id);
    expect(fixed.facts_version).toBe(RECIPE_FACTS_VERSION);
    expect(fixed.facts).toEqual(before.facts);
    expect([fixed.calories_per_serving, fixed.protein_per_serving]).toEqual([
      before.calories_per_serving,
      before.protein_per_serving,
    ]);
    expect(fixed.updated_at).toEqual(before.updated_at); // the owner changed nothing
    expect((await get(stale.id, user)).nutriScore).toEqual(stale.nutriScore);
    // A current recipe is left as stored...
    expect((await row(fresh.id)).calories_per_serving).toBe(4242);
    expect(await refreshRecipeFacts(t.db)).toBe(0);
    // ...unless every recipe is recomputed (a new Ciqual edition was loaded).
    expect(await refreshRecipeFacts(t.db, { all: true })).toBeGreaterThanOrEqual(2);
    expect((await row(fresh.id)).calories_per_serving).toBe(stale.caloriesPerServing);
  });
});
