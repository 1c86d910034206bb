import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mealPlanMessages as m } from '../../../shared/api/meal-plans.ts';
import { addDays } from '../../../shared/catering/catering.ts';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/harness.ts';
import { addMember, makePremium } from '../../test/teams.ts';

let t: TestApp;
let owner: SignedUpUser;
let establishment: string;
const r = {} as Record<'carottes' | 'cabillaud' | 'steak' | 'riz' | 'yaourt' | 'pomme' | 'lentilles', string>;
/** A Monday. */
const MONDAY = '2026-09-07';

const as = (user: SignedUpUser) => ({
  get: (path: string) => t.request('GET', path, { cookie: user.cookie }),
  put: (path: string, body: unknown) => t.request('PUT', path, { cookie: user.cookie, body }),
  post: (path: string, body: unknown) => t.request('POST', path, { cookie: user.cookie, body }),
});
const recipe = async (name: string, code: string, grams: number, allergens: string[] = []) => {
  const res = await as(owner).post('/api/recipes', {
    name,
    servings: 1,
    ingredients: [{ code, quantity: grams, unit: 'g' }],
    allergens,
    dietaryInfo: [],
    allergensDeclared: true,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
};
const lunch = (plat: string) => ({
  components: [
    { slot: 'entree', recipeId: r.carottes },
    { slot: 'plat', recipeId: plat },
    { slot: 'accompagnement', recipeId: r.riz },
    { slot: 'laitier', recipeId: r.yaourt },
    { slot: 'dessert', recipeId: r.pomme },
  ],
});

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp(undefined, undefined, 'École Jules Ferry');
  await makePremium(t, owner.organisationId);
  establishment = (await as(owner).get('/api/establishments')).body.establishments[0].id;
  r.carottes = await recipe('Carottes râpées', '20009', 80);
  r.cabillaud = await recipe('Cabillaud vapeur', '26025', 100, ['Poissons']);
  r.steak = await recipe('Steak grillé', '6200', 100);
  r.riz = await recipe('Riz blanc', '9104', 150);
  r.yaourt = await recipe('Yaourt de brebis', '19554', 125, ['Lait']);
  r.pomme = await recipe('Pomme', '13039', 150);
  r.lentilles = await recipe('Lentilles', '20587', 150);
});
afterAll(() => t?.close());

describe('meal plans', () => {
  it('plans a service, reads it back with the day’s nutrition, and clears it', async () => {
    const path = `/api/meal-plans/${establishment}/${MONDAY}/dejeuner`;
    const put = await as(owner).put(path, lunch(r.cabillaud));
    expect(put.status, put.text).toBe(200);
    expect(put.body.services[0].components.map((c: { recipeName: string }) => c.recipeName)).toEqual([
      'Carottes râpées',
      'Cabillaud vapeur',
      'Riz blanc',
      'Yaourt de brebis',
      'Pomme',
    ]);
    expect(put.body.nutrition.energyKcal).toBeGreaterThan(300);
    expect(put.body.costPerCover).toBeNull();
    expect(put.body.vegetarianLunch).toBe(false);

    const range = await as(owner).get(
      `/api/meal-plans?establishmentId=${establishment}&from=${MONDAY}&to=${addDays(MONDAY, 6)}`,
    );
    expect(range.status).toBe(200);
    expect(range.body.days).toHaveLength(7);
    expect(range.body.days[0].services[0]).toMatchObject({
      service: 'dejeuner',
      components: [{ slot: 'entree', recipeId: r.carottes, recipeName: 'Carottes râpées' }, {}, {}, {}, {}],
    });
    expect(range.body.days[1].services).toEqual([]);

    await as(owner).put(`/api/meal-plans/${establishment}/${addDays(MONDAY, 1)}/dejeuner`, {
      components: [{ slot: 'plat', recipeId: r.lentilles }],
    });
    // Emptied, the service is still listed, with its version (src/shared/api/versions.ts).
    expect(
      (await as(owner).put(`/api/meal-plans/${establishment}/${addDays(MONDAY, 1)}/dejeuner`, { components: [] })).body
        .services,
    ).toEqual([{ service: 'dejeuner', version: 2, components: [] }]);
  });

  it('refuses bad input with a French message next to the field, and stores nothing', async () => {
    const count = async () =>
      (await t.db.selectFrom('meal_plan_entries').select(t.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow())
        .n;
    const before = await count();
    const cases: [string, unknown, string, string][] = [
      [
        `/api/meal-plans/${establishment}/${MONDAY}/dejeuner`,
        { components: [{ slot: 'soupe', recipeId: r.riz }] },
        'components.0.slot',
        m.slotInvalid,
      ],
      [
        `/api/meal-plans/${establishment}/${MONDAY}/dejeuner`,
        {
          components: [
            { slot: 'plat', recipeId: r.riz },
            { slot: 'plat', recipeId: r.steak },
          ],
        },
        'components',
        m.slotTwice,
      ],
      [`/api/meal-plans/${establishment}/2026-02-30/dejeuner`, { components: [] }, 'date', m.dateInvalid],
      [`/api/meal-plans/${establishment}/${MONDAY}/brunch`, { components: [] }, 'service', m.serviceInvalid],
    ];
    for (const [path, body, field, message] of cases) {
      const res = await as(owner).put(path, body);
      expect([res.status, res.body.error.fields?.[field]], `${path} ${JSON.stringify(body)}`).toEqual([422, message]);
    }
    const other = await t.signUp();
    const foreign = (
      await t.request('POST', '/api/recipes', {
        cookie: other.cookie,
        body: {
          name: 'Autre',
          servings: 1,
          ingredients: [{ code: '9104', quantity: 100, unit: 'g' }],
          allergens: [],
          dietaryInfo: [],
        },
      })
    ).body.id;
    const res = await as(owner).put(`/api/meal-plans/${establishment}/${MONDAY}/diner`, {
      components: [{ slot: 'plat', recipeId: foreign }],
    });
    expect([res.status, res.body.error.fields]).toEqual([422, { 'components.0.recipeId': m.recipeInvalid }]);
    const range = await as(owner).get(`/api/meal-plans?establishmentId=${establishment}&from=${MONDAY}&to=2028-01-01`);
    expect([range.status, range.body.error.fields.to]).toEqual([422, m.rangeInvalid]);
    expect(await count()).toBe(before);
  });

  it('a free organisation reads its plan but planning answers 403 with the way to Premium', async () => {
    const free = await t.signUp();
    const site = (await as(free).get('/api/establishments')).body.establishments[0].id;
    const res = await as(free).put(`/api/meal-plans/${site}/${MONDAY}/dejeuner`, { components: [] });
    expect([res.status, res.body.error.code, res.body.error.message]).toEqual([403, 'plan_limit', m.premiumOnly]);
    expect(
      (await as(free).post(`/api/meal-plans/${site}/copy`, { from: MONDAY, days: 7, to: addDays(MONDAY, 7) })).status,
    ).toBe(403);
    expect((await as(free).get(`/api/meal-plans?establishmentId=${site}&from=${MONDAY}&to=${MONDAY}`)).status).toBe(
      200,
    );
  });

  it('another organisation gets 404, a viewer 403, and the public week page 404 for an unknown id', async () => {
    const other = await t.signUp();
    expect(
      (await as(other).put(`/api/meal-plans/${establishment}/${MONDAY}/dejeuner`, { components: [] })).status,
    ).toBe(404);
    expect(
      (await as(other).get(`/api/meal-plans?establishmentId=${establishment}&from=${MONDAY}&to=${MONDAY}`)).status,
    ).toBe(404);
    expect(
      (
        await as(other).get(
          `/api/meal-plans/gemrcn?establishmentId=${establishment}&from=${MONDAY}&population=elementaire`,
        )
      ).status,
    ).toBe(404);
    expect((await as(other).put(`/api/recipes/${r.steak}/catering`, { tags: ['frit'] })).status).toBe(404);
    const viewer = await addMember(t, owner, 'viewer');
    expect(
      (await as(viewer).put(`/api/meal-plans/${establishment}/${MONDAY}/dejeuner`, { components: [] })).status,
    ).toBe(403);
    expect(
      (
        await as(viewer).post(`/api/meal-plans/${establishment}/copy`, {
          from: MONDAY,
          days: 7,
          to: addDays(MONDAY, 7),
        })
      ).status,
    ).toBe(403);
    expect((await as(viewer).put(`/api/recipes/${r.steak}/catering`, { tags: ['frit'] })).status).toBe(403);
    expect(
      (await as(viewer).get(`/api/meal-plans?establishmentId=${establishment}&from=${MONDAY}&to=${MONDAY}`)).status,
    ).toBe(200);
    expect((await t.request('GET', `/semaine/${crypto.randomUUID()}`)).status).toBe(404);
  });

  it('copies a week as a four-week cycle; the GEMRCN grid counts the 20 meals, red then green once a dish is classified', async () => {
    for (let d = 0; d < 5; d++)
      await as(owner).put(
        `/api/meal-plans/${establishment}/${addDays(MONDAY, d)}/dejeuner`,
        lunch(d === 4 ? r.lentilles : d % 2 ? r.steak : r.cabillaud),
      );
    const copy = await as(owner).post(`/api/meal-plans/${establishment}/copy`, {
      from: MONDAY,
      days: 7,
      to: addDays(MONDAY, 7),
      times: 3,
    });
    expect([copy.status, copy.body]).toEqual([200, { copied: 75, skipped: [] }]);
    const overlap = await as(owner).post(`/api/meal-plans/${establishment}/copy`, {
      from: MONDAY,
      days: 7,
      to: addDays(MONDAY, 3),
    });
    expect([overlap.status, overlap.body.error.fields.to]).toEqual([422, m.copyOverlap]);

    const grid = async () =>
      (
        await as(owner).get(
          `/api/meal-plans/gemrcn?establishmentId=${establishment}&from=${MONDAY}&population=elementaire`,
        )
      ).body;
    const first = await grid();
    expect(first.meals).toBe(20);
    expect(first.ruleset).toBe('arrete-2011');
    const byId = (id: string) => first.criteria.find((c: { id: string }) => c.id === id);
    expect(byId('crudites')).toMatchObject({ count: 20, ok: true, expected: 'au moins 10 sur 20' });
    expect(byId('fruits-crus')).toMatchObject({ count: 20, ok: true });
    expect(byId('feculents')).toMatchObject({ count: 20, ok: false });
    expect(byId('poissons')).toMatchObject({ count: 8, ok: true });
    expect(byId('poissons').matches[0]).toMatchObject({
      date: MONDAY,
      service: 'dejeuner',
      recipeName: 'Cabillaud vapeur',
    });
    // A grilled beef steak (Ciqual 6200) is whole beef by its name, and says so.
    expect(byId('viandes-non-hachees')).toMatchObject({ count: 8, ok: true });
    expect(byId('viandes-non-hachees').matches[0].reason).toBe(
      '100\u00a0% de viande non hachée (Boeuf, steak ou bifteck grillé/poêlé)',
    );
    expect((await as(owner).get(`/api/recipes/${r.steak}/catering`)).body).toEqual({
      tags: [],
      excluded: [],
      seasonal: false,
      version: 1,
      automatic: [
        { tag: 'viande-non-hachee', reason: '100\u00a0% de viande non hachée (Boeuf, steak ou bifteck grillé/poêlé)' },
      ],
    });

    expect(
      (await as(owner).put(`/api/recipes/${r.steak}/catering`, { tags: ['viande-non-hachee', 'bogus'] })).status,
    ).toBe(422);
    const both = await as(owner).put(`/api/recipes/${r.steak}/catering`, {
      tags: ['frit'],
      excluded: ['frit'],
    });
    expect([both.status, both.body.error.fields.excluded]).toEqual([422, m.tagInvalid]);
    // « Ne compte pas »: the dietitian says this steak is minced after all.
    const excluded = await as(owner).put(`/api/recipes/${r.steak}/catering`, {
      tags: [],
      excluded: ['viande-non-hachee'],
    });
    expect(excluded.body).toMatchObject({ tags: [], excluded: ['viande-non-hachee'] });
    expect((await grid()).criteria.find((c: { id: string }) => c.id === 'viandes-non-hachees')).toMatchObject({
      count: 0,
      ok: false,
    });
    const tagged = await as(owner).put(`/api/recipes/${r.steak}/catering`, { tags: ['viande-non-hachee'] });
    expect(tagged.body).toMatchObject({ tags: ['viande-non-hachee'], excluded: [], version: expect.any(Number) });
    expect((await as(owner).get(`/api/recipes/${r.steak}/catering`)).body).toMatchObject({
      tags: ['viande-non-hachee'],
      version: tagged.body.version,
    });
    expect((await grid()).criteria.find((c: { id: string }) => c.id === 'viandes-non-hachees')).toMatchObject({
      count: 8,
      ok: true,
    });
  });

  it('EGalim: weeks and vegetarian weeks, unknown values without prices, and the « ma cantine » CSV', async () => {
    const res = await as(owner).get(
      `/api/meal-plans/egalim?establishmentId=${establishment}&from=${MONDAY}&to=${addDays(MONDAY, 27)}`,
    );
    expect(res.status).toBe(200);
    // Every Friday's lunch is vegetarian (lentils, no meat nor fish).
    expect(res.body).toMatchObject({
      purchaseValue: 0,
      sustainablePercent: null,
      organicPercent: null,
      weeks: 4,
      vegetarianWeeks: 4,
      weeksWithoutVegetarian: [],
    });
    expect(res.body.unpricedLines).toBe(100);
    // A period that cuts a week (a month ending on a Monday) reads its week whole: Friday's lentils count.
    const cut = await as(owner).get(
      `/api/meal-plans/egalim?establishmentId=${establishment}&from=${MONDAY}&to=${MONDAY}`,
    );
    expect([cut.body.weeks, cut.body.vegetarianWeeks, cut.body.weeksWithoutVegetarian]).toEqual([1, 1, []]);
    await as(owner).put(`/api/meal-plans/${establishment}/${addDays(MONDAY, 11)}/dejeuner`, lunch(r.steak));
    const after = await as(owner).get(
      `/api/meal-plans/egalim?establishmentId=${establishment}&from=${MONDAY}&to=${addDays(MONDAY, 27)}`,
    );
    expect([after.body.weeks, after.body.vegetarianWeeks, after.body.weeksWithoutVegetarian]).toEqual([
      4,
      3,
      [addDays(MONDAY, 7)],
    ]);
    // « ma cantine » needs the SIRET, and figures: no file of one portion per dish, nor of zeros.
    const csv = () => as(owner).get(`/api/meal-plans/egalim.csv?establishmentId=${establishment}&year=2026`);
    const noSiret = await csv();
    expect([noSiret.status, noSiret.body.error.fields.siret]).toEqual([422, m.siretMissing]);
    await as(owner).put(`/api/establishments/${establishment}`, { name: 'École Jules Ferry', siret: '21340172201787' });
    const noCovers = await csv();
    expect([noCovers.status, noCovers.body.error.fields.covers]).toEqual([422, m.coversMissing]);
    await as(owner).put(`/api/establishments/${establishment}`, {
      name: 'École Jules Ferry',
      coversPerDay: { lundi: 100, mardi: 100, mercredi: 100, jeudi: 100, vendredi: 100 },
    });
    const noPrices = await csv();
    expect([noPrices.status, noPrices.body.error.fields.prices]).toEqual([422, m.pricesMissing]);
  });

  it('publishing a week writes the meal_plan_published event; an empty week is refused', async () => {
    const res = await as(owner).post(`/api/meal-plans/${establishment}/publish`, { week: addDays(MONDAY, 3) });
    expect([res.status, res.body]).toEqual([
      200,
      {
        week: MONDAY,
        status: 'published',
        validatedBy: null,
        validatedAt: null,
        publishedAt: expect.any(String),
        changedAt: null,
        version: 2,
        dishes: 25,
      },
    ]);
    const events = await t.db
      .selectFrom('event_outbox')
      .select(['name', 'payload'])
      .where('user_id', '=', owner.user.id)
      .where('name', '=', 'meal_plan_published')
      .execute();
    expect(events.map((e) => (e.payload as { eventData: unknown }).eventData)).toEqual([
      { establishment_id: establishment, week: MONDAY, dishes: 25 },
    ]);
    const empty = await as(owner).post(`/api/meal-plans/${establishment}/publish`, { week: '2030-01-07' });
    expect([empty.status, empty.body.error.fields.week]).toEqual([422, m.nothingToPublish]);

    // « Historique »: each saved service, each copy and the publication, named after the
    // establishment; the refused publication wrote nothing.
    const history = await as(owner).get('/api/organisation/history');
    const plan = history.body.events.filter((e: { entity: { type: string } }) => e.entity.type === 'meal_plan');
    expect(plan[0]).toMatchObject({
      action: 'status_changed',
      entity: { type: 'meal_plan', id: establishment, name: 'École Jules Ferry' },
      details: { to: 'published', week: MONDAY },
    });
    expect(plan.filter((e: { details: { to?: string } }) => e.details.to === 'published')).toHaveLength(1);
    expect(
      plan.some(
        (e: { action: string; details: { copy?: unknown; copied?: number } }) =>
          e.action === 'updated' && e.details.copy !== undefined && typeof e.details.copied === 'number',
      ),
    ).toBe(true);
    expect(
      plan.some(
        (e: { details: { date?: string; service?: string; dishes?: number } }) =>
          e.details.date === MONDAY && e.details.service === 'dejeuner' && e.details.dishes === 5,
      ),
    ).toBe(true);
  });

  it('production sheet: quantities for N covers per population, scaled to the establishment’s grammages', async () => {
    const res = await as(owner).get(
      `/api/meal-plans/production?establishmentId=${establishment}&date=${MONDAY}&maternelle=10&elementaire=20`,
    );
    expect(res.status, res.text).toBe(200);
    const fish = res.body.dishes.find((d: { slot: string }) => d.slot === 'plat');
    // 100 g portions; maternelle 50 g, élémentaire 70 g: 10 × 50 + 20 × 70 = 1 900 g.
    expect(fish).toMatchObject({
      recipeName: 'Cabillaud vapeur',
      portionLine: 'plat',
      portionGrams: { maternelle: 50, elementaire: 70 },
      portionSources: { maternelle: 'arrete', elementaire: 'arrete' },
      scaled: true,
      // Served weights in kilograms, rounded up: 1,9 kg.
      ingredients: [{ name: 'Cabillaud, cuit à la vapeur', quantity: 1.9, unit: 'kg' }],
    });
    const yogurt = res.body.dishes.find((d: { slot: string }) => d.slot === 'laitier');
    expect(yogurt).toMatchObject({
      portionGrams: { maternelle: 125, elementaire: 125 },
      portionSources: { maternelle: 'recette' },
      scaled: true,
    });
    // 125 g × 30 = 3 750 g: 3,8 kg.
    expect(yogurt.ingredients[0]).toMatchObject({ quantity: 3.8, unit: 'kg' });
    const bad = await as(owner).get(
      `/api/meal-plans/production?establishmentId=${establishment}&date=${MONDAY}&adulte=-1`,
    );
    expect([bad.status, bad.body.error.fields.adulte]).toEqual([422, m.coversInvalid]);
  });

  it('the public week page: no script, allergens, « Menu végétarien », previous and next weeks, ≤ 15 KB gzip', async () => {
    const res = await t.request('GET', `/semaine/${establishment}?date=${addDays(MONDAY, 2)}`);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('<script');
    expect(res.text).toContain('Cabillaud vapeur');
    expect(res.text).toContain('Allergènes\u00a0: Poissons');
    expect(res.text).toContain('Menu végétarien');
    expect(res.text).toContain(`href="/semaine/${establishment}?date=${addDays(MONDAY, -7)}"`);
    expect(res.text).toContain(`href="/semaine/${establishment}?date=${addDays(MONDAY, 7)}"`);
    expect(gzipSync(res.text).byteLength).toBeLessThanOrEqual(15 * 1024);
    expect(gunzipSync(gzipSync(res.text)).toString()).toBe(res.text);
  });
});
