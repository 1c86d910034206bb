import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { establishmentProfileMessages as pm } from '../../../shared/api/establishment-profile.ts';
import { mealPlanMessages as m } from '../../../shared/api/meal-plans.ts';
import { permissionMessages } from '../../../shared/permissions.ts';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/harness.ts';
import { ciiXml, postFile } from '../../test/invoices.ts';
import { addMember, makePremium } from '../../test/teams.ts';

/**
 * A canteen runs its year (docs/product/meal-plans.md): the establishment and its calendar,
 * diet variants, the production sheet and the order list, publishing, the families' page, the
 * « ma cantine » file. An élémentaire school of zone B, 250 lunches a day, no school on Wednesdays.
 */
let t: TestApp;
let owner: SignedUpUser;
let site: string;
const r = {} as Record<
  'steak' | 'roti' | 'saucisse' | 'omelette' | 'gateau' | 'oeufs' | 'carottes' | 'vichy' | 'lait' | 'riz',
  string
>;
let beef: string;

const as = (user: SignedUpUser) => ({
  get: (path: string) => t.request('GET', path, { cookie: user.cookie }),
  put: (path: string, body: unknown) => t.request('PUT', path, { cookie: user.cookie, body }),
  post: (path: string, body: unknown, headers?: Record<string, string>) =>
    t.request('POST', path, { cookie: user.cookie, body, ...(headers ? { headers } : {}) }),
  del: (path: string) => t.request('DELETE', path, { cookie: user.cookie }),
});
const ok = <T extends { status: number; text: string }>(res: T, status = 200) => {
  expect(res.status, res.text).toBe(status);
  return res;
};
const recipe = async (name: string, ingredients: unknown[], extra: Record<string, unknown> = {}) =>
  ok(
    await as(owner).post('/api/recipes', {
      name,
      servings: 1,
      ingredients,
      allergens: [],
      dietaryInfo: [],
      allergensDeclared: true,
      ...extra,
    }),
    201,
  ).body.id as string;
const plan = (date: string, components: unknown[], service = 'dejeuner') =>
  as(owner).put(`/api/meal-plans/${site}/${date}/${service}`, { components });
const plannedFrom = (from: string, to: string) =>
  t.db
    .selectFrom('meal_plan_entries')
    .select([sql<string>`date::text`.as('date'), 'recipe_id'])
    .where('establishment_id', '=', site)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .orderBy('date')
    .execute();
const SCHOOL = {
  name: 'École Jules Ferry',
  kind: 'elementaire',
  siret: '213 401 722 01787',
  schoolZone: 'B',
  coversPerDay: { lundi: 250, mardi: 250, mercredi: 0, jeudi: 250, vendredi: 250 },
  coversPerService: { gouter: { lundi: 100 } },
  ageMix: { elementaire: 100 },
  wednesdaysClosed: true,
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp(undefined, undefined, 'École Jules Ferry');
  await makePremium(t, owner.organisationId);
  site = (await as(owner).get('/api/establishments')).body.establishments[0].id;
  beef = ok(
    await as(owner).post('/api/products', {
      name: 'Steak haché de bœuf',
      supplier: 'Boucherie Martin',
      per100g: { energyKcal: 200, fat: 10, protein: 20, sugars: 0 },
      allergens: [],
      traces: [],
      price: { amount: 12, per: 'kg' },
      origin: 'France',
      meatKind: 'bovine',
      labels: ['label_rouge'],
      pack: { quantity: 5, unit: 'kg' },
    }),
    201,
  ).body.id;
  // 1 kg raw for 10 steaks, 800 g once cooked: an 80 g portion, a yield of 80 %.
  r.steak = await recipe('Steak haché', [{ productId: beef, quantity: 1000, unit: 'g' }], {
    servings: 10,
    yieldGrams: 800,
    homemade: true,
  });
  r.roti = await recipe('Rôti de porc', [{ code: '28301', quantity: 100, unit: 'g' }]);
  r.saucisse = await recipe('Saucisse de Toulouse', [{ code: '30011', quantity: 100, unit: 'g' }]);
  r.omelette = await recipe('Omelette', [{ code: '22500', quantity: 100, unit: 'g' }], { allergens: ['Œufs'] });
  r.gateau = await recipe('Gâteau au yaourt', [{ code: '23588', quantity: 100, unit: 'g' }], {
    allergens: ['Gluten', 'Œufs', 'Lait'],
    traces: ['Arachides'],
  });
  r.oeufs = await recipe('Œufs durs', [{ code: '22010', quantity: 1, unit: 'unité', gramsPerUnit: 60 }], {
    allergens: ['Œufs'],
  });
  r.carottes = await recipe('Carottes râpées', [{ code: '20009', quantity: 90, unit: 'g' }]);
  // « De saison »: the owner's tick, on the grid's classification form.
  ok(await as(owner).put(`/api/recipes/${r.carottes}/catering`, { tags: [], seasonal: true }));
  r.vichy = await recipe('Carottes Vichy', [{ code: '20009', quantity: 135, unit: 'g' }], { cookTime: 20 });
  r.lait = await recipe('Lait', [{ code: '19041', quantity: 200, unit: 'ml' }], { allergens: ['Lait'] });
  r.riz = await recipe('Riz', [{ code: '9104', quantity: 135, unit: 'g' }]);
});
afterAll(() => t?.close());

describe('the establishment', () => {
  it('takes a kind, a SIRET checked by its Luhn key, a zone, covers per weekday and an age mix; a field left out keeps its value', async () => {
    const path = `/api/establishments/${site}`;
    for (const [body, field, message] of [
      [{ siret: '0123' }, 'siret', pm.siretInvalid],
      [{ siret: '01234567891011' }, 'siret', pm.siretInvalid],
      [{ kind: 'cantine' }, 'kind', pm.kindInvalid],
      [{ schoolZone: 'D' }, 'schoolZone', pm.zoneInvalid],
      [{ coversPerDay: { lundi: -1 } }, 'coversPerDay.lundi', pm.coversInvalid],
      [{ ageMix: { maternelle: 40, elementaire: 50 } }, 'ageMix', pm.ageMixInvalid],
    ] as const) {
      const res = await as(owner).put(path, { name: 'École Jules Ferry', ...body });
      expect([res.status, res.body.error.fields[field]], JSON.stringify(body)).toEqual([422, message]);
    }
    const saved = ok(await as(owner).put(path, SCHOOL)).body;
    expect(saved).toMatchObject({
      kind: 'elementaire',
      siret: '21340172201787',
      schoolZone: 'B',
      coversPerDay: { lundi: 250, mardi: 250, mercredi: 0, jeudi: 250, vendredi: 250, samedi: 0, dimanche: 0 },
      coversPerService: { gouter: { lundi: 100, mardi: 0 } },
      ageMix: { maternelle: 0, elementaire: 100, adolescent: 0, adulte: 0 },
      wednesdaysClosed: true,
      needsValidation: false,
    });
    const renamed = ok(await as(owner).put(path, { name: 'École Jules-Ferry' })).body;
    expect(renamed).toMatchObject({ name: 'École Jules-Ferry', siret: '21340172201787', wednesdaysClosed: true });
    // The database refuses what the API refuses.
    await expect(
      t.db.updateTable('establishments').set({ siret: '1234' }).where('id', '=', site).execute(),
    ).rejects.toMatchObject({ code: '23514' });
  });
});

describe('the calendar', () => {
  it('says why each day is closed: weekends, no-school Wednesdays, the zone’s holidays (data/school-holidays)', async () => {
    const calendar = ok(
      await as(owner).get(`/api/meal-plans/calendar?establishmentId=${site}&from=2026-02-09&to=2026-02-17`),
    ).body;
    expect(calendar.closures.find((c: { service: string }) => c.service === 'dejeuner').days).toEqual([
      { date: '2026-02-11', kind: 'mercredi', label: 'Mercredi sans école' },
      { date: '2026-02-14', kind: 'weekend', label: 'Week-end' },
      { date: '2026-02-15', kind: 'weekend', label: 'Week-end' },
      { date: '2026-02-16', kind: 'vacances', label: 'Vacances d’hiver' },
      { date: '2026-02-17', kind: 'vacances', label: 'Vacances d’hiver' },
    ]);
    expect(calendar.schoolHolidays.schoolYears).toEqual(['2023-2024', '2024-2025', '2025-2026', '2026-2027']);
    expect(calendar.unknownSchoolYears).toEqual([]);
  });

  it('refuses to plan on a closed day, next to the date, and stores nothing', async () => {
    // What to do is said only where the establishment can do it: a school holiday cannot be « reopened ».
    for (const [date, message] of [
      ['2026-02-16', 'Pas de service ce jour-là (Vacances d’hiver)'],
      ['2026-02-14', 'Pas de service ce jour-là (Week-end)'],
      [
        '2026-02-11',
        'Pas de service ce jour-là (Mercredi sans école)\u00a0: décochez «\u00a0Pas d’école le mercredi\u00a0» dans l’établissement pour y planifier un repas',
      ],
      ['2026-04-06', 'Pas de service ce jour-là (Lundi de Pâques)'],
    ]) {
      const res = await plan(date!, [{ slot: 'plat', recipeId: r.steak }]);
      expect([res.status, res.body.error.fields.date]).toEqual([422, message]);
    }
    expect(
      await t.db.selectFrom('meal_plan_entries').select('id').where('establishment_id', '=', site).execute(),
    ).toEqual([]);
  });

  it('closed days typed (with versions) or imported from an .ics file', async () => {
    const base = `/api/meal-plans/${site}/closed-days`;
    const added = ok(await as(owner).post(base, { date: '2026-03-13', label: 'Journée pédagogique' }), 201).body;
    expect(added).toMatchObject({ date: '2026-03-13', label: 'Journée pédagogique', source: 'saisie', version: 1 });
    const twice = await as(owner).post(base, { date: '2026-03-13', label: 'Encore' });
    expect([twice.status, twice.body.error.fields.date]).toEqual([422, m.closedDayTaken]);
    const edited = ok(
      await as(owner).put(`${base}/${added.id}`, { date: '2026-03-13', label: 'Pont', version: 1 }),
    ).body;
    expect(edited).toMatchObject({ label: 'Pont', version: 2 });
    const stale = await as(owner).put(`${base}/${added.id}`, { date: '2026-03-13', label: 'Autre', version: 1 });
    expect([stale.status, stale.body.error.code]).toEqual([409, 'conflict']);
    expect(stale.body.error.message).toMatch(
      /^Ce contenu a été modifié par .+ à \d\d:\d\d depuis que vous l’avez ouvert/,
    );
    const blank = await as(owner).post(base, { date: '2026-03-20', label: '  ' });
    expect([blank.status, blank.body.error.fields.label]).toEqual([422, m.closedDayLabelInvalid]);

    // The ministry's file of a year not shipped: its all-day events close their days (DTEND excluded).
    const ics = [
      'BEGIN:VCALENDAR',
      'BEGIN:VEVENT',
      'DTSTART;VALUE=DATE:20261017',
      'DTEND;VALUE=DATE:20261102',
      'SUMMARY:Vacances de la Toussaint - Zone B',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const imported = ok(await as(owner).post(`${base}/ics`, ics, { 'content-type': 'text/calendar' })).body;
    expect(imported).toEqual({ imported: 16, skipped: 0, alreadyClosed: 0 });
    const res = await plan('2026-10-19', [{ slot: 'plat', recipeId: r.steak }]);
    expect(res.body.error.fields.date).toBe(
      'Pas de service ce jour-là (Vacances de la Toussaint - Zone B)\u00a0: rouvrez-le dans «\u00a0Jours fermés\u00a0» pour y planifier un repas',
    );
    const bad = await as(owner).post(`${base}/ics`, 'pas un calendrier', { 'content-type': 'text/calendar' });
    expect([bad.status, bad.body.error.fields.file]).toEqual([422, m.icsInvalid]);
    ok(await as(owner).del(`${base}/${added.id}`), 204);
  });

  it('copying a week to a Wednesday puts its lunches on the next school days, never on a Saturday; a holiday is skipped and named', async () => {
    // Monday, Tuesday, Thursday, Friday of the week of 2 March 2026 (no school on Wednesday).
    const days = ['2026-03-02', '2026-03-03', '2026-03-05', '2026-03-06'];
    for (const [i, date] of days.entries())
      ok(await plan(date, [{ slot: 'plat', recipeId: [r.steak, r.omelette, r.roti, r.riz][i]! }]));
    const copy = ok(
      await as(owner).post(`/api/meal-plans/${site}/copy`, { from: '2026-03-02', days: 7, to: '2026-03-11' }),
    ).body;
    expect(copy).toEqual({ copied: 4, skipped: [{ date: '2026-03-11', label: 'Mercredi sans école' }] });
    const planned = await plannedFrom('2026-03-09', '2026-03-31');
    expect(planned.map((p) => [p.date, p.recipe_id])).toEqual([
      ['2026-03-12', r.steak],
      ['2026-03-13', r.omelette],
      ['2026-03-16', r.roti],
      ['2026-03-17', r.riz],
    ]);
    // Over Easter Monday and zone B's spring holidays (11 – 26 April 2026).
    const spring = ok(
      await as(owner).post(`/api/meal-plans/${site}/copy`, { from: '2026-03-02', days: 7, to: '2026-04-06' }),
    ).body;
    const skipped = spring.skipped.map((s: { date: string; label: string }) => `${s.date} ${s.label}`);
    expect(skipped.slice(0, 3)).toEqual([
      '2026-04-06 Lundi de Pâques',
      '2026-04-08 Mercredi sans école',
      '2026-04-13 Vacances de printemps',
    ]);
    expect(skipped).toHaveLength(12);
    const after = await plannedFrom('2026-04-06', '2026-04-30');
    expect(after.map((p) => p.date)).toEqual(['2026-04-07', '2026-04-09', '2026-04-10', '2026-04-27']);
  });

  it('knows the current school year 2026-2027 (data/school-holidays/README.md) and says which years it does not know', async () => {
    const lunchClosures = async (from: string, to: string) => {
      const body = ok(
        await as(owner).get(`/api/meal-plans/calendar?establishmentId=${site}&from=${from}&to=${to}`),
      ).body;
      return {
        days: body.closures
          .find((c: { service: string }) => c.service === 'dejeuner')
          .days.filter((d: { kind: string }) => d.kind === 'vacances' || d.kind === 'ferie')
          .map((d: { date: string; label: string }) => `${d.date} ${d.label}`),
        unknown: body.unknownSchoolYears,
      };
    };
    // Zone B, 2026-2027: Christmas from Saturday 19 December 2026, back on Monday 4 January 2027;
    // winter from Saturday 20 February 2027, back on Monday 8 March.
    const christmas = await lunchClosures('2026-12-18', '2027-01-04');
    expect(christmas.days.slice(0, 2)).toEqual(['2026-12-21 Vacances de Noël', '2026-12-22 Vacances de Noël']);
    expect(christmas.days).toContain('2026-12-25 Noël');
    expect(christmas.days).not.toContain('2027-01-04 Vacances de Noël');
    expect(christmas.unknown).toEqual([]);
    expect((await lunchClosures('2027-03-01', '2027-03-08')).days).toEqual([
      '2027-03-01 Vacances d’hiver',
      '2027-03-02 Vacances d’hiver',
      '2027-03-03 Vacances d’hiver',
      '2027-03-04 Vacances d’hiver',
      '2027-03-05 Vacances d’hiver',
    ]);
    // Monday 31 August 2026: pupils start on Tuesday 1 September.
    expect((await lunchClosures('2026-08-31', '2026-09-01')).days).toEqual(['2026-08-31 Vacances d’été']);
    // 2027-2028 is not published: the answer says so, and planning on its days is not refused.
    expect(await lunchClosures('2027-06-28', '2027-09-10')).toMatchObject({ unknown: ['2027-2028'] });
    // A site that is not a school has no school holidays to miss.
    const company = ok(await as(owner).post('/api/establishments', { name: 'Restaurant d’entreprise' }), 201).body.id;
    ok(
      await as(owner).put(`/api/establishments/${company}`, {
        name: 'Restaurant d’entreprise',
        kind: 'entreprise',
        schoolZone: null,
      }),
    );
    const theirs = ok(
      await as(owner).get(`/api/meal-plans/calendar?establishmentId=${company}&from=2027-06-28&to=2027-09-10`),
    ).body;
    expect(theirs.unknownSchoolYears).toEqual([]);
    ok(await as(owner).del(`/api/establishments/${company}`), 204);
  });

  it('refuses days outside the years 2000 to 2099 next to their field, in the path, the body, the query and an .ics file, and keeps serving', async () => {
    // A loop over the days of a week at the end of year 9999 never ended and took the server's memory.
    const put = await plan('9999-12-31', [{ slot: 'plat', recipeId: r.steak }]);
    expect([put.status, put.body.error.fields]).toEqual([422, { date: m.dateOutOfRange }]);
    const badDay = await plan('2026-02-30', []);
    expect([badDay.status, badDay.body.error.fields]).toEqual([422, { date: m.dateInvalid }]);
    const badService = await as(owner).put(`/api/meal-plans/${site}/2026-03-02/brunch`, { components: [] });
    expect([badService.status, Object.keys(badService.body.error.fields)]).toEqual([422, ['service']]);
    for (const query of ['from=9999-01-01&to=9999-12-31', 'from=0001-01-01&to=0001-12-31']) {
      const res = await as(owner).get(`/api/meal-plans/calendar?establishmentId=${site}&${query}`);
      expect([res.status, res.body.error.fields.from], query).toEqual([422, m.dateOutOfRange]);
    }
    for (const path of ['publish', 'unpublish', 'validate']) {
      const res = await as(owner).post(`/api/meal-plans/${site}/${path}`, { week: '9999-12-31' });
      expect([res.status, res.body.error.fields.week], path).toEqual([422, m.dateOutOfRange]);
    }
    const copy = await as(owner).post(`/api/meal-plans/${site}/copy`, {
      from: '2026-03-02',
      days: 7,
      to: '9999-12-27',
    });
    expect([copy.status, copy.body.error.fields.to]).toEqual([422, m.dateOutOfRange]);
    const ics = [
      'BEGIN:VCALENDAR',
      'BEGIN:VEVENT',
      'DTSTART;VALUE=DATE:99991231',
      'SUMMARY:Fin',
      'END:VEVENT',
      'END:VCALENDAR',
    ];
    const imported = ok(
      await as(owner).post(`/api/meal-plans/${site}/closed-days/ics`, ics.join('\r\n'), {
        'content-type': 'text/calendar',
      }),
    ).body;
    expect(imported).toEqual({ imported: 0, skipped: 1, alreadyClosed: 0 });
    const page = await t.request('GET', `/semaine/${site}?date=9999-12-31`);
    expect(page.status).toBe(404);
    expect(
      ok(await as(owner).get(`/api/meal-plans/calendar?establishmentId=${site}&from=2099-12-25&to=2099-12-31`)).body
        .closures,
    ).toHaveLength(3);
  });
});

describe('diet variants and the production sheet', () => {
  // Tuesday 12 May 2026: a school day of zone B.
  const DAY = '2026-05-12';

  it('counts the covers of each variant per service, with a version', async () => {
    const path = `/api/meal-plans/${site}/diets`;
    expect(ok(await as(owner).get(`/api/meal-plans/diets?establishmentId=${site}`)).body).toEqual({
      establishmentId: site,
      counts: {},
      version: 1,
    });
    const saved = ok(
      await as(owner).put(path, {
        counts: { dejeuner: { sans_porc: 12, 'pai:arachides': 2, texture_4: 1, vegetarien: 0 } },
        version: 1,
      }),
    ).body;
    expect(saved).toEqual({
      establishmentId: site,
      counts: { dejeuner: { sans_porc: 12, texture_4: 1, 'pai:arachides': 2 } },
      version: 2,
    });
    const stale = await as(owner).put(path, { counts: {}, version: 1 });
    expect([stale.status, stale.body.error.code]).toEqual([409, 'conflict']);
    for (const counts of [{ dejeuner: { halal: 3 } }, { dejeuner: { sans_porc: -1 } }, { brunch: {} }]) {
      const res = await as(owner).put(path, { counts });
      expect(res.status, JSON.stringify(counts)).toBe(422);
    }
    expect(ok(await as(owner).get(`/api/meal-plans/diets?establishmentId=${site}`)).body.version).toBe(2);
  });

  it('checks each substitute against its variant: no pork in « sans porc », no peanut trace for a PAI', async () => {
    const pork = await plan(DAY, [
      { slot: 'plat', recipeId: r.roti, substitutes: [{ variant: 'sans_porc', recipeId: r.saucisse }] },
    ]);
    expect([pork.status, pork.body.error.fields['components.0.substitutes.0.recipeId']]).toEqual([
      422,
      m.substituteUnsuited('Sans porc', 'contient du porc'),
    ]);
    const peanut = await plan(DAY, [
      { slot: 'dessert', recipeId: r.riz, substitutes: [{ variant: 'pai:arachides', recipeId: r.gateau }] },
    ]);
    expect(peanut.body.error.fields['components.0.substitutes.0.recipeId']).toBe(
      m.substituteUnsuited('PAI arachides', 'peut contenir arachides'),
    );
    const day = ok(
      await plan(DAY, [
        { slot: 'entree', recipeId: r.oeufs },
        { slot: 'plat', recipeId: r.roti, substitutes: [{ variant: 'sans_porc', recipeId: r.omelette }] },
        { slot: 'accompagnement', recipeId: r.vichy },
        { slot: 'dessert', recipeId: r.gateau },
      ]),
    ).body;
    expect(day.services[0].components[1].substitutes).toEqual([
      { variant: 'sans_porc', recipeId: r.omelette, recipeName: 'Omelette', problem: null },
    ]);
  });

  it('the sheet feeds each variant its dish, weighs pastries by the arrêté, and names what stays unsolved', async () => {
    const sheet = ok(await as(owner).get(`/api/meal-plans/production?establishmentId=${site}&date=${DAY}`)).body;
    expect(sheet).toMatchObject({
      coversSource: 'etablissement',
      covers: { elementaire: 250 },
      closed: null,
      variants: [
        { service: 'dejeuner', variant: 'sans_porc', count: 12, label: 'Sans porc' },
        { service: 'dejeuner', variant: 'texture_4', count: 1, label: 'Mixé (IDDSI 4)' },
        { service: 'dejeuner', variant: 'pai:arachides', count: 2, label: 'PAI arachides' },
      ],
      // The cake « peut contenir » peanuts and has no substitute: the two PAI covers are named.
      warnings: [
        '2 convives «\u00a0PAI arachides\u00a0» sans plat de substitution pour Gâteau au yaourt (peut contenir arachides), mardi 12 mai',
      ],
    });
    const dish = (name: string) => sheet.dishes.find((d: { recipeName: string }) => d.recipeName === name);
    expect(dish('Rôti de porc')).toMatchObject({ variant: null, coversTotal: 238 });
    expect(dish('Omelette')).toMatchObject({ variant: 'sans_porc', variantLabel: 'Sans porc', coversTotal: 12 });
    // Pâtisseries at annex II's 40 – 60 g for an élémentaire cover (its middle, 50 g), with the line named.
    expect(dish('Gâteau au yaourt')).toMatchObject({
      portionLine: 'patisserie',
      portionGrams: { elementaire: 50 },
      portionSourceTexts: {
        elementaire:
          'arrêté du 30 septembre 2011, annexe II, pâtisseries fraîches, surgelées ou déshydratées, en portions',
      },
      servedGrams: 12_500,
    });
    // Eggs are counted in pieces: a 90 g entrée is 1,5 egg of 60 g, for 250 covers.
    expect(dish('Œufs durs').ingredients).toEqual([{ name: 'Oeuf dur', quantity: 375, unit: 'pièces' }]);
  });

  it('portions are served weights; the raw quantity comes from the recipe’s yield (70 g cooked steaks: 17,5 kg served, 21,9 kg raw)', async () => {
    const MONDAY = '2026-05-18';
    ok(
      await plan(MONDAY, [
        { slot: 'entree', recipeId: r.carottes },
        { slot: 'plat', recipeId: r.steak },
        { slot: 'accompagnement', recipeId: r.vichy },
      ]),
    );
    ok(await plan(MONDAY, [{ slot: 'gouter', recipeId: r.lait }], 'gouter'));
    const sheet = ok(await as(owner).get(`/api/meal-plans/production?establishmentId=${site}&date=${MONDAY}`)).body;
    const steak = sheet.dishes.find((d: { recipeName: string }) => d.recipeName === 'Steak haché');
    expect(steak).toMatchObject({
      coversTotal: 250,
      portionLine: 'plat',
      portionGrams: { elementaire: 70 },
      portionSources: { elementaire: 'arrete' },
      servedGrams: 17_500,
      yieldPercent: 80,
      ingredients: [{ name: 'Steak haché de bœuf', quantity: 21.9, unit: 'kg' }],
    });
    // Milk in litres (100 goûters of 200 ml); raw carrots of the starter and the side in one total.
    const milk = sheet.dishes.find((d: { recipeName: string }) => d.recipeName === 'Lait');
    expect(milk.ingredients).toEqual([{ name: 'Lait demi-écrémé, UHT', quantity: 20, unit: 'l' }]);
    // 250 × 90 g + 250 × 135 g of carrots.
    expect(sheet.totals).toContainEqual({ name: 'Carotte, crue', quantity: 56.3, unit: 'kg' });
    expect(sheet.totals.filter((x: { name: string }) => x.name === 'Carotte, crue')).toHaveLength(1);
    // Typed covers replace the establishment's.
    const typed = ok(
      await as(owner).get(`/api/meal-plans/production?establishmentId=${site}&date=${MONDAY}&elementaire=10`),
    ).body;
    expect(typed).toMatchObject({ coversSource: 'saisie', covers: { elementaire: 10, maternelle: 0 } });
    // A closed day says so.
    const closed = ok(await as(owner).get(`/api/meal-plans/production?establishmentId=${site}&date=2026-05-20`)).body;
    expect(closed).toMatchObject({ closed: 'Mercredi sans école', dishes: [] });
  });

  it('the order list adds the period per supplier and rounds up to packs; CSV and XLSX', async () => {
    const from = '2026-05-18';
    const to = '2026-05-22';
    const list = ok(await as(owner).get(`/api/meal-plans/orders?establishmentId=${site}&from=${from}&to=${to}`)).body;
    expect(list.suppliers[0]).toEqual({
      supplier: 'Boucherie Martin',
      lines: [
        {
          name: 'Steak haché de bœuf',
          quantity: 21.9,
          unit: 'kg',
          // « Colis de 5 kg »: 5 packs for 21,9 kg.
          packs: { count: 5, size: 5, unit: 'kg', quantity: 25, unit2: 'kg' },
          estimatedValue: 262.5,
        },
      ],
    });
    expect(list.suppliers.at(-1).supplier).toBe('Sans fournisseur');
    const csv = ok(
      await as(owner).get(`/api/meal-plans/orders?establishmentId=${site}&from=${from}&to=${to}&format=csv`),
    );
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="commandes-${from}-${to}.csv"`);
    expect(csv.text).toContain('Fournisseur;Produit;Quantité;Unité;Colis;À commander;Valeur estimée HT (€)');
    expect(csv.text).toContain('Boucherie Martin;Steak haché de bœuf;21,9;kg;5 × 5 kg;25 kg;262,5');
    const xlsx = ok(
      await as(owner).get(`/api/meal-plans/orders?establishmentId=${site}&from=${from}&to=${to}&format=xlsx`),
    );
    expect(xlsx.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.text.startsWith('PK')).toBe(true);
    const long = await as(owner).get(`/api/meal-plans/orders?establishmentId=${site}&from=2026-01-01&to=2026-06-30`);
    expect([long.status, long.body.error.fields.to]).toEqual([422, m.ordersRangeInvalid]);
  });
});

describe('publishing, and the families’ page', () => {
  const WEEK = '2026-05-18';

  it('a week is a draft until published: /semaine answers the calm « pas disponible » page with 404', async () => {
    const draft = await t.request('GET', `/semaine/${site}?date=${WEEK}`);
    expect(draft.status).toBe(404);
    expect(draft.text).toContain('Les menus de cette semaine ne sont pas encore disponibles');
    expect(draft.text).not.toContain('Steak haché');
    const weeks = ok(await as(owner).get(`/api/meal-plans?establishmentId=${site}&from=${WEEK}&to=2026-05-24`)).body
      .weeks;
    expect(weeks).toEqual([
      {
        week: WEEK,
        status: 'draft',
        validatedBy: null,
        validatedAt: null,
        publishedAt: null,
        changedAt: null,
        version: 1,
      },
    ]);
  });

  it('published, it shows traces, « de saison », « fait maison », the meat’s origin; a later change is dated', async () => {
    ok(await as(owner).post(`/api/meal-plans/${site}/publish`, { week: WEEK }));
    const page = await t.request('GET', `/semaine/${site}?date=${WEEK}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Carottes râpées<span class="b">De saison</span>');
    expect(page.text).toContain('Steak haché<span class="b">Fait maison</span>');
    expect(page.text).toContain('<span class="n">Viande bovine\u00a0: Origine\u00a0: France</span>');
    expect(page.text).toContain('<span class="l">Label Rouge\u00a0: Steak haché de bœuf</span>');
    // « Aucun des 14 allergènes » is not printed in the allergens' colour.
    expect(page.text).toContain('<span class="n">Allergènes\u00a0: Aucun des 14\u00a0allergènes réglementaires</span>');
    expect(page.text).not.toContain('Menu modifié');

    ok(
      await plan(WEEK, [
        { slot: 'plat', recipeId: r.steak, substitutes: [{ variant: 'sans_porc', recipeId: r.omelette }] },
        { slot: 'dessert', recipeId: r.gateau },
      ]),
    );
    const changed = await t.request('GET', `/semaine/${site}?date=${WEEK}`);
    expect(changed.text).toMatch(/<p class="m">Menu modifié le \d{1,2} \p{L}+ à \d{2}:\d{2}<\/p>/u);
    expect(changed.text).toContain('<span class="t">Peut contenir\u00a0: Arachides</span>');
    // A substitute is served too: its allergens are said (the omelette's eggs were not).
    expect(changed.text).toContain(
      '<span class="s"><span class="n">Sans porc\u00a0: Omelette</span><span class="a">Allergènes\u00a0: Œufs</span></span>',
    );
  });

  it('where the establishment asks for it, a dietitian validates before publication; a dietitian may not change prices', async () => {
    const DIET_WEEK = '2026-06-01';
    ok(await plan('2026-06-02', [{ slot: 'plat', recipeId: r.steak }]));
    ok(await as(owner).put(`/api/establishments/${site}`, { name: 'École Jules-Ferry', needsValidation: true }));
    const early = await as(owner).post(`/api/meal-plans/${site}/publish`, { week: DIET_WEEK });
    expect([early.status, early.body.error.fields.week]).toEqual([422, m.validationRequired]);
    const editor = await addMember(t, owner, 'editor');
    const dietitian = await addMember(t, owner, 'dietitian');
    const byEditor = await as(editor).post(`/api/meal-plans/${site}/validate`, { week: DIET_WEEK });
    expect([byEditor.status, byEditor.body.error.message]).toEqual([403, permissionMessages.forbidden]);
    const validated = ok(await as(dietitian).post(`/api/meal-plans/${site}/validate`, { week: DIET_WEEK })).body;
    expect(validated).toMatchObject({
      status: 'validated',
      validatedBy: expect.any(String),
      validatedAt: expect.any(String),
    });
    // A change voids the validation.
    ok(
      await as(dietitian).put(`/api/meal-plans/${site}/2026-06-02/dejeuner`, {
        components: [{ slot: 'plat', recipeId: r.omelette }],
      }),
    );
    const voided = await as(owner).post(`/api/meal-plans/${site}/publish`, { week: DIET_WEEK });
    expect(voided.status).toBe(422);
    const again = ok(await as(dietitian).post(`/api/meal-plans/${site}/validate`, { week: DIET_WEEK })).body;
    const stale = await as(owner).post(`/api/meal-plans/${site}/publish`, {
      week: DIET_WEEK,
      version: again.version - 1,
    });
    expect([stale.status, stale.body.error.code]).toEqual([409, 'conflict']);
    expect(
      ok(await as(editor).post(`/api/meal-plans/${site}/publish`, { week: DIET_WEEK, version: again.version })).body,
    ).toMatchObject({
      status: 'published',
      validatedBy: again.validatedBy,
    });
    // The dietitian plans and validates, and never touches a recipe, a product or a price.
    const price = await as(dietitian).put(`/api/products/${beef}`, { name: 'Steak', price: { amount: 1, per: 'kg' } });
    expect(price.status).toBe(403);
    expect((await as(dietitian).del(`/api/recipes/${r.riz}`)).status).toBe(403);
    ok(await as(owner).put(`/api/establishments/${site}`, { name: 'École Jules-Ferry', needsValidation: false }));
  });

  it('deleting a planned recipe names its days and asks; in a published week it is refused until replaced', async () => {
    const steak = await as(owner).del(`/api/recipes/${r.steak}`);
    expect([steak.status, steak.body.error.code, steak.body.error.fields]).toEqual([409, 'conflict', undefined]);
    expect(steak.body.error.message).toBe(m.recipePublished('lundi 18 mai 2026 (École Jules-Ferry)'));
    expect((await as(owner).del(`/api/recipes/${r.steak}?plannedDays=remove`)).status).toBe(409);
    const rice = await as(owner).del(`/api/recipes/${r.riz}`);
    expect([rice.status, rice.body.error.code]).toEqual([409, 'in_use']);
    expect(rice.body.error.fields.plannedDays).toBe(
      m.recipePlanned(
        'vendredi 6 mars 2026 (École Jules-Ferry), mardi 17 mars 2026 (École Jules-Ferry) et lundi 27 avril 2026 (École Jules-Ferry)',
      ),
    );
    ok(await as(owner).del(`/api/recipes/${r.riz}?plannedDays=remove`), 204);
    expect(await plannedFrom('2026-03-06', '2026-03-06')).toEqual([]);
  });
});

describe('« ma cantine »', () => {
  it('estimates the year from the plan × covers × portions × prices, with the SIRET and every column filled, in both forms', async () => {
    // Two lunches of 2027 (a year whose school holidays are not shipped: only weekends and public holidays close).
    for (const date of ['2027-01-11', '2027-01-12']) ok(await plan(date, [{ slot: 'plat', recipeId: r.steak }]));
    const figures = ok(await as(owner).get(`/api/meal-plans/ma-cantine?establishmentId=${site}&year=2027`)).body;
    // 21,875 kg of Label Rouge French beef at 12 € HT a day: 262,50 €, twice.
    expect(figures).toMatchObject({
      source: 'estimate',
      siret: '21340172201787',
      meals: 2,
      covers: 500,
      unpricedDishes: 0,
      problems: [],
    });
    expect(figures.simple).toMatchObject({
      valeur_totale: 525,
      valeur_siqo: 525,
      valeur_viandes_volailles: 525,
      valeur_viandes_volailles_egalim: 525,
      valeur_viandes_volailles_france: 525,
      valeur_bio: 0,
    });
    expect(figures.detailed).toMatchObject({
      valeur_viandes_volailles_label_rouge: 525,
      valeur_viandes_volailles_france: 525,
    });
    const simple = ok(await as(owner).get(`/api/meal-plans/ma-cantine.csv?establishmentId=${site}&year=2027`));
    expect(simple.headers.get('content-disposition')).toBe(
      'attachment; filename="ma-cantine-bilan-simple-2027-estimation.csv"',
    );
    expect(simple.text.split('\r\n')[1]).toBe(
      '21340172201787,2027,525.00,0.00,0.00,525.00,0.00,0.00,0.00,525.00,525.00,525.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00',
    );
    const detailed = ok(
      await as(owner).get(`/api/meal-plans/ma-cantine.csv?establishmentId=${site}&year=2027&form=detaille`),
    );
    const [header, row] = detailed.text.trim().split('\r\n');
    expect(header!.split(',')).toHaveLength(125);
    expect(row!.split(',').slice(0, 5)).toEqual(['21340172201787', '2027', '525.00', '525.00', '0.00']);
    const bad = await as(owner).get(`/api/meal-plans/ma-cantine.csv?establishmentId=${site}&year=2027&form=complet`);
    expect([bad.status, bad.body.error.fields.form]).toEqual([422, m.formInvalid]);
  });

  it('uses the year’s confirmed supplier invoices instead of the estimate, says so, nets a credit note, and keeps them from roles without the purchases right', async () => {
    // The estimate of 2027 above is 525 € of beef; the year's invoices say what was really bought.
    const invoice = async (
      number: string,
      lines: { description: string; quantity: number; unitPrice: number }[],
      typeCode = '380',
    ) => {
      const res = await postFile(
        t,
        '/api/purchases/invoices',
        ciiXml({
          number,
          date: '2027-02-01',
          supplier: { name: 'Boucherie Martin', siret: '12345678900014' },
          typeCode,
          lines: lines.map((l, i) => ({ articleId: `A-${number}-${i}`, unitCode: 'KGM', ...l })),
        }),
        owner.cookie,
      );
      expect(res.status, res.text).toBe(201);
      return res.body.invoice as { id: string; version: number; lines: { id: string; description: string }[] };
    };
    const confirm = async (draft: Awaited<ReturnType<typeof invoice>>, products: Record<string, string | null>) => {
      for (const line of draft.lines)
        ok(
          await as(owner).put(`/api/purchases/invoices/${draft.id}/lines/${line.id}`, {
            productId: products[line.description] ?? null,
          }),
        );
      ok(await as(owner).post(`/api/purchases/invoices/${draft.id}/confirm`, { establishmentId: site }));
    };
    // 10 kg of the Label Rouge French beef at 12 € HT and 3 kg of something no product names (10 € HT the kg).
    await confirm(
      await invoice('F-2027-1', [
        { description: 'Steak haché bœuf LR', quantity: 10, unitPrice: 12 },
        { description: 'Épices diverses', quantity: 3, unitPrice: 10 },
      ]),
      { 'Steak haché bœuf LR': beef, 'Épices diverses': null },
    );
    // A credit note of 2 kg of that beef: 24 € HT off the beef.
    await confirm(
      await invoice('AV-2027-1', [{ description: 'Steak haché bœuf LR', quantity: 2, unitPrice: 12 }], '381'),
      {
        'Steak haché bœuf LR': beef,
      },
    );

    const figures = ok(await as(owner).get(`/api/meal-plans/ma-cantine?establishmentId=${site}&year=2027`)).body;
    expect(figures).toMatchObject({
      source: 'purchases',
      sourceLabel: m.maCantineFromPurchases(2),
      purchases: { invoices: 2, totalOnlyInvoices: 0, unmatchedValue: 30 },
      siret: '21340172201787',
      problems: [],
    });
    // 120 − 24 = 96 € of Label Rouge French beef, and 30 € outside EGalim: 126 € in all, not the plan's 525 €.
    expect(figures.simple).toMatchObject({
      valeur_totale: 126,
      valeur_siqo: 96,
      valeur_bio: 0,
      valeur_viandes_volailles: 96,
      valeur_viandes_volailles_egalim: 96,
      valeur_viandes_volailles_france: 96,
      valeur_autres_france: 0,
    });
    expect(figures.detailed).toMatchObject({
      valeur_totale: 126,
      valeur_viandes_volailles_label_rouge: 96,
      valeur_autres_non_egalim: 30,
    });
    const file = ok(await as(owner).get(`/api/meal-plans/ma-cantine.csv?establishmentId=${site}&year=2027`));
    expect(file.headers.get('content-disposition')).toBe(
      'attachment; filename="ma-cantine-bilan-simple-2027-achats.csv"',
    );
    expect(file.text.split('\r\n')[1]!.split(',').slice(0, 6)).toEqual([
      '21340172201787',
      '2027',
      '126.00',
      '0.00',
      '0.00',
      '96.00',
    ]);
    // A year without invoices stays an estimate, and says so.
    const other = ok(await as(owner).get(`/api/meal-plans/ma-cantine?establishmentId=${site}&year=2028`)).body;
    expect([other.source, other.sourceLabel, other.purchases]).toEqual(['estimate', m.maCantineEstimate, null]);
    // Invoices are money: a viewer (no « purchases:read ») is refused this bilan, not shown the estimate instead.
    const viewer = await addMember(t, owner, 'viewer');
    for (const path of ['ma-cantine', 'ma-cantine.csv']) {
      const refused = await t.request('GET', `/api/meal-plans/${path}?establishmentId=${site}&year=2027`, {
        cookie: viewer.cookie,
      });
      expect([refused.status, refused.body.error.message]).toEqual([403, m.purchasesForbidden]);
    }
    // Another establishment of the organisation does not take this one's invoices.
    const second = ok(await as(owner).post('/api/establishments', { name: 'Collège Victor Hugo' }), 201).body.id;
    const theirs = ok(await as(owner).get(`/api/meal-plans/ma-cantine?establishmentId=${second}&year=2027`)).body;
    expect([theirs.source, theirs.simple.valeur_totale]).toEqual(['estimate', 0]);
    expect(ok(await as(owner).get(`/api/meal-plans/ma-cantine?establishmentId=${site}&year=2027`)).body.source).toBe(
      'purchases',
    );
  });

  it('the account export carries the year: substitutes, closed days, diet counts and weeks, numbers only for PAI', async () => {
    const data = ok(await t.request('GET', '/api/account/export', { cookie: owner.cookie })).body;
    const organisation = data.organisations[0];
    expect(organisation.mealPlanSubstitutes.length).toBeGreaterThan(0);
    expect(organisation.closedDays).toContainEqual(
      expect.objectContaining({ date: '2026-10-19', label: 'Vacances de la Toussaint - Zone B', source: 'ics' }),
    );
    expect(organisation.diets).toEqual([
      expect.objectContaining({ counts: { dejeuner: { sans_porc: 12, texture_4: 1, 'pai:arachides': 2 } } }),
    ]);
    expect(organisation.mealPlanWeeks).toContainEqual(
      expect.objectContaining({ week: '2026-05-18', status: 'published' }),
    );
  });
});

describe('conflicts on the canteen’s own rows', () => {
  it('a stale closed day, diet counts or week state names who saved it and when (migration 0032), like every other resource', async () => {
    await t.db.updateTable('users').set({ name: 'Marie Dupont' }).where('id', '=', owner.user.id).execute();
    const editor = await addMember(t, owner, 'editor');
    const byMarie = (res: {
      status: number;
      body: { error: { code: string; message: string; conflict: unknown } };
    }) => {
      expect([res.status, res.body.error.code]).toEqual([409, 'conflict']);
      expect(res.body.error.message).toMatch(/modifié par Marie Dupont à \d\d:\d\d/);
      expect(res.body.error.conflict).toEqual({
        version: expect.any(Number),
        updatedBy: 'Marie Dupont',
        updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
    };
    const base = `/api/meal-plans/${site}/closed-days`;
    const day = ok(await as(editor).post(base, { date: '2027-03-19', label: 'Journée pédagogique' }), 201).body;
    ok(await as(owner).put(`${base}/${day.id}`, { date: '2027-03-19', label: 'Pont', version: day.version }));
    byMarie(await as(editor).put(`${base}/${day.id}`, { date: '2027-03-19', label: 'Autre', version: day.version }));
    expect(
      (await t.db.selectFrom('establishment_closed_days').select('label').where('id', '=', day.id).executeTakeFirst())
        ?.label,
    ).toBe('Pont');

    const diets = ok(await as(owner).get(`/api/meal-plans/diets?establishmentId=${site}`)).body;
    ok(await as(owner).put(`/api/meal-plans/${site}/diets`, { counts: diets.counts, version: diets.version }));
    byMarie(await as(editor).put(`/api/meal-plans/${site}/diets`, { counts: {}, version: diets.version }));

    const week = '2027-03-15';
    const first = ok(await as(editor).post(`/api/meal-plans/${site}/unpublish`, { week })).body;
    ok(await as(owner).post(`/api/meal-plans/${site}/unpublish`, { week, version: first.version }));
    byMarie(await as(editor).post(`/api/meal-plans/${site}/unpublish`, { week, version: first.version }));
    ok(await as(owner).del(`${base}/${day.id}`), 204);
  });
});
