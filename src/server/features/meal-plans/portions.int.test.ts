import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mealPlanMessages as m } from '../../../shared/api/meal-plans.ts';
import { DEFAULT_PORTIONS } from '../../../shared/catering/portions.ts';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/harness.ts';
import { addMember, makePremium } from '../../test/teams.ts';

// « Grammages par âge » (docs/product/meal-plans.md « Portions by age »).
let t: TestApp;
let owner: SignedUpUser;
let establishment: string;
let lasagnes: string;
let steak: string;
const MONDAY = '2026-09-07';

const as = (user: SignedUpUser) => ({
  get: (path: string) => t.request('GET', path, { cookie: user.cookie }),
  put: (path: string, body: unknown) => t.request('PUT', path, { cookie: user.cookie, body }),
  post: (path: string, body: unknown) => t.request('POST', path, { cookie: user.cookie, body }),
});
const portionsPath = () => `/api/meal-plans/${establishment}/portions`;
const grid = async (user = owner) =>
  (await as(user).get(`/api/meal-plans/portions?establishmentId=${establishment}`)).body.grid;
const sheet = async (covers: string) =>
  (await as(owner).get(`/api/meal-plans/production?establishmentId=${establishment}&date=${MONDAY}&${covers}`)).body
    .dishes;
const rows = async () =>
  (await t.db.selectFrom('establishment_portions').selectAll().where('establishment_id', '=', establishment).execute())
    .length;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp(undefined, undefined, 'Cantine Jules Ferry');
  await makePremium(t, owner.organisationId);
  establishment = (await as(owner).get('/api/establishments')).body.establishments[0].id;
  // 200 g of pasta and 100 g of minced beef: a 300 g portion, one third meat, so weighed whole.
  const created = await as(owner).post('/api/recipes', {
    name: 'Lasagnes',
    servings: 1,
    ingredients: [
      { code: '9811', quantity: 200, unit: 'g' },
      { code: '6254', quantity: 100, unit: 'g' },
    ],
    allergens: ['Gluten'],
    dietaryInfo: [],
    allergensDeclared: true,
  });
  expect(created.status, created.text).toBe(201);
  lasagnes = created.body.id;
  steak = (
    await as(owner).post('/api/recipes', {
      name: 'Steak grillé',
      servings: 1,
      ingredients: [{ code: '6200', quantity: 100, unit: 'g' }],
      allergens: [],
      dietaryInfo: [],
      allergensDeclared: true,
    })
  ).body.id;
  expect(
    (
      await as(owner).put(`/api/meal-plans/${establishment}/${MONDAY}/dejeuner`, {
        components: [{ slot: 'plat', recipeId: lasagnes }],
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await as(owner).put(`/api/meal-plans/${establishment}/${MONDAY}/diner`, {
        components: [{ slot: 'plat', recipeId: steak }],
      })
    ).status,
  ).toBe(200);
});
afterAll(() => t?.close());

describe('grammages par âge', () => {
  it('an establishment starts on the defaults: the arrêté’s figures and NutriCarte’s estimates, told apart', async () => {
    expect(await grid()).toEqual(DEFAULT_PORTIONS);
  });

  it('the production sheet weighs a composed dish whole and a protein dish on its own, with their sources', async () => {
    const [composed, protein] = await sheet('elementaire=10&adulte=2');
    // 250 g of lasagnes per élémentaire cover (300 g recipe portion), 300 g per adult:
    // pasta 200 × (10 × 250 + 2 × 300) / 300 = 2 067 g; beef 1 033 g.
    expect(composed).toMatchObject({
      service: 'dejeuner',
      recipeName: 'Lasagnes',
      portionLine: 'plat_compose',
      portionGrams: { elementaire: 250, adulte: 300 },
      portionSources: { elementaire: 'arrete', adulte: 'repere' },
      scaled: true,
      // Rounded up to what a cook weighs: 2,1 kg and 1,1 kg.
      ingredients: [
        { quantity: 2.1, unit: 'kg' },
        { quantity: 1.1, unit: 'kg' },
      ],
    });
    // Steak: 70 g élémentaire, 110 g adult, from a 100 g portion: 100 × (700 + 220) / 100.
    expect(protein).toMatchObject({
      service: 'diner',
      portionLine: 'plat',
      portionGrams: { elementaire: 70, adulte: 110 },
      ingredients: [{ quantity: 920, unit: 'g' }],
    });
  });

  it('the plan’s figures per cover follow the population', async () => {
    const day = async (population?: string) =>
      (
        await as(owner).get(
          `/api/meal-plans?establishmentId=${establishment}&from=${MONDAY}&to=${MONDAY}${population ? `&population=${population}` : ''}`,
        )
      ).body.days[0];
    const portion = await day();
    const maternelle = await day('maternelle');
    // One recipe portion of each (300 g lasagnes, 100 g steak) against 180 g and 50 g.
    const lasagnesKcal = (await as(owner).get(`/api/recipes/${lasagnes}`)).body.caloriesPerServing as number;
    const steakKcal = portion.nutrition.energyKcal - lasagnesKcal;
    expect(maternelle.nutrition.energyKcal).toBeCloseTo(lasagnesKcal * (180 / 300) + steakKcal * 0.5, 0);
    expect(maternelle.services).toEqual(portion.services);
    const bad = await as(owner).get(
      `/api/meal-plans?establishmentId=${establishment}&from=${MONDAY}&to=${MONDAY}&population=bebe`,
    );
    expect([bad.status, bad.body.error.fields.population]).toEqual([422, m.populationInvalid]);
  });

  it('the establishment sets its own weights, which the sheet uses at once; a blank one serves the recipe’s portion; then back to the defaults', async () => {
    const put = await as(owner).put(portionsPath(), {
      grams: { plat_compose: { elementaire: 200 }, plat: { adulte: null }, laitier: { adulte: 150 } },
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body.grid.plat_compose.elementaire).toEqual({ grams: 200, source: 'etablissement' });
    expect(put.body.grid.plat.adulte).toEqual({ grams: null, source: 'etablissement' });
    expect(put.body.grid.laitier.adulte).toEqual({ grams: 150, source: 'etablissement' });
    expect(put.body.grid.plat_compose.maternelle).toEqual(DEFAULT_PORTIONS.plat_compose.maternelle);
    expect(await grid()).toEqual(put.body.grid);
    expect(await rows()).toBe(3);

    const [composed, protein] = await sheet('elementaire=10&adulte=2');
    // Pasta 200 × (10 × 200 + 2 × 300) / 300 = 1 733 g.
    expect(composed).toMatchObject({
      portionGrams: { elementaire: 200, adulte: 300 },
      portionSources: { elementaire: 'etablissement', adulte: 'repere' },
      ingredients: [
        { quantity: 1.8, unit: 'kg' },
        { quantity: 870, unit: 'g' },
      ],
    });
    // The adult steak is one recipe portion (100 g): 700 + 2 × 100.
    expect(protein).toMatchObject({
      portionGrams: { elementaire: 70, adulte: 100 },
      portionSources: { adulte: 'etablissement' },
      ingredients: [{ quantity: 900, unit: 'g' }],
    });

    // « Historique »: one line, named after the establishment.
    const history = (await as(owner).get('/api/organisation/history')).body.events;
    expect(history[0]).toMatchObject({
      action: 'updated',
      entity: { type: 'meal_plan', id: establishment, name: 'Cantine Jules Ferry' },
      details: { portions: 3 },
    });

    const reset = await as(owner).put(portionsPath(), { grams: {} });
    expect([reset.status, reset.body.grid]).toEqual([200, DEFAULT_PORTIONS]);
    expect(await rows()).toBe(0);
  });

  it('refuses a weight that is not one, next to its cell, and stores nothing', async () => {
    await as(owner).put(portionsPath(), { grams: { entree: { maternelle: 60 } } });
    const before = await grid();
    const cases: [unknown, string, string][] = [
      [{ grams: { entree: { maternelle: 0 } } }, 'grams.entree.maternelle', m.portionGramsInvalid],
      [{ grams: { entree: { adulte: 2001 } } }, 'grams.entree.adulte', m.portionGramsInvalid],
      [{ grams: { dessert: { elementaire: 62.5 } } }, 'grams.dessert.elementaire', m.portionGramsInvalid],
      [{ grams: { dessert: { elementaire: '80' } } }, 'grams.dessert.elementaire', m.portionGramsInvalid],
      [{ grams: { soupe: { adulte: 80 } } }, 'grams', m.portionLineInvalid],
      [{ grams: { entree: { bebe: 80 } } }, 'grams.entree', m.populationInvalid],
      [{ grams: [] }, 'grams', m.portionLineInvalid],
      [{}, 'grams', m.portionLineInvalid],
    ];
    for (const [body, field, message] of cases) {
      const res = await as(owner).put(portionsPath(), body);
      expect([res.status, res.body.error?.fields?.[field]], JSON.stringify(body)).toEqual([422, message]);
    }
    expect(await grid()).toEqual(before);
  });

  it('two saves at once end as one of them, never as an error', async () => {
    const saves = await Promise.all(
      [80, 90, 100, 110].map((g) =>
        as(owner).put(portionsPath(), { grams: { entree: { maternelle: g, elementaire: g } } }),
      ),
    );
    expect(saves.map((s) => s.status)).toEqual([200, 200, 200, 200]);
    const final = await grid();
    expect([80, 90, 100, 110]).toContain(final.entree.maternelle.grams);
    expect(final.entree.elementaire.grams).toBe(final.entree.maternelle.grams);
    expect(await rows()).toBe(2);
  });

  it('members read, viewers may not write, another organisation gets 404, a free one is shown the way to Premium', async () => {
    const viewer = await addMember(t, owner, 'viewer');
    expect((await as(viewer).get(`/api/meal-plans/portions?establishmentId=${establishment}`)).status).toBe(200);
    expect((await as(viewer).put(portionsPath(), { grams: {} })).status).toBe(403);
    const other = await t.signUp();
    expect((await as(other).get(`/api/meal-plans/portions?establishmentId=${establishment}`)).status).toBe(404);
    expect((await as(other).put(portionsPath(), { grams: {} })).status).toBe(404);
    expect((await as(other).put(`/api/meal-plans/${crypto.randomUUID()}/portions`, { grams: {} })).status).toBe(404);
    const site = (await as(other).get('/api/establishments')).body.establishments[0].id;
    const free = await as(other).put(`/api/meal-plans/${site}/portions`, { grams: { entree: { maternelle: 60 } } });
    expect([free.status, free.body.error.code, free.body.error.message]).toEqual([403, 'plan_limit', m.premiumOnly]);
    expect((await as(other).get(`/api/meal-plans/portions?establishmentId=${site}`)).body.grid).toEqual(
      DEFAULT_PORTIONS,
    );
  });
});
