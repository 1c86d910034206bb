/**
 * Versions (src/server/domain/versions.ts): the same two owners save one version at once, one
 * through each process; exactly one is taken. Issue 17 « two owners' edits at once never leave a parent with stale values »
 * (docs/decisions/0018-products-sub-recipes-costs.md: one lock per organisation): two built
 * server processes on one PostgreSQL, two owners of the same organisation. In every round,
 * at the same moment, one owner changes a product (nutrition, allergens, price) through one
 * process while the other changes a sub-recipe (quantities, traces) through the other; the
 * parent recipe uses both, the product directly and through the sub-recipe. At the end the
 * stored facts of the sub-recipe and the parent (nutrition, allergens, traces, cost) equal a
 * fresh recomputation from their lines (src/server/domain/recipe-recompute.ts).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../db/database.ts';
import { recomputeRecipes } from '../domain/recipe-recompute.ts';
import '../test/provided.ts';
import { client, PASSWORD, signUp, cookieFrom, type Client } from './support/http.ts';
import { createScratchDatabase, type ScratchDatabase } from './support/postgres-cluster.ts';
import { freePort } from './support/ports.ts';
import { report } from './support/report.ts';
import { newAuthSecret, startServer, type ServerProcess } from './support/server-process.ts';

const ROUNDS = 40;
/** Rounds of the versions test: per round, a recipe and a meal-plan service saved twice at once. */
const VERSION_ROUNDS = 10;
/** Requests of each owner per round, spread over both processes. */
const PER_ROUND = 2;

let scratch: ScratchDatabase | undefined;
let database: Database | undefined;
const servers: ServerProcess[] = [];
let apis: Client[] = [];
let first: { cookie: string };
let second: { cookie: string };
let organisationId = '';

beforeAll(async () => {
  scratch = await createScratchDatabase(inject('postgresAdminUrl'), {
    template: inject('postgresTemplate'),
    prefix: inject('postgresDbPrefix'),
  });
  const portA = await freePort();
  const origin = `http://127.0.0.1:${portA}`;
  const secret = newAuthSecret();
  const env = () => ({
    DATABASE_URL: scratch!.url,
    BETTER_AUTH_SECRET: secret,
    PUBLIC_ORIGIN: origin,
    AUTH_RATE_LIMIT_MAX: '100000',
  });
  const started = await Promise.allSettled([
    startServer({ label: 'A', port: portA, env }),
    startServer({ label: 'B', env }),
  ]);
  for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
  const failed = started.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  apis = servers.map((s) => client(s.url, origin));
  database = await openDatabase({ databaseUrl: scratch.url, maxConnections: 2 });
  first = await signUp(apis[0]!);
  organisationId = String((await apis[0]!('GET', '/api/me', { cookie: first.cookie })).body.organisation.id);
  // The second owner joins the first one's organisation (the invitation path has its own tests:
  // src/server/features/organisation), then signs in again for a session that starts there.
  const joiner = await signUp(apis[1]!);
  const db = database.db;
  await db
    .updateTable('subscriptions')
    .set({ tier: 'premium', status: 'active' })
    .where('organisation_id', '=', organisationId)
    .execute();
  await db
    .insertInto('memberships')
    .values({ organisation_id: organisationId, user_id: joiner.userId, role: 'owner' })
    .execute();
  await db
    .updateTable('users')
    .set({ active_organisation_id: organisationId })
    .where('id', '=', joiner.userId)
    .execute();
  const signIn = await apis[1]!('POST', '/api/auth/sign-in/email', {
    body: { email: joiner.email, password: PASSWORD },
  });
  if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status} ${signIn.text}`);
  second = { cookie: cookieFrom(signIn.setCookie) };
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await database?.close();
  await scratch?.drop();
});

const product = (round: number, k: number) => ({
  name: 'Crème fraîche Marque X',
  per100g: { energyKcal: 200 + round * 7 + k, fat: 20 + (round % 5), protein: 2 + k },
  allergens: round % 2 ? ['Lait', 'Céleri'] : ['Lait'],
  traces: round % 3 ? [] : ['Moutarde'],
  price: { amount: 4 + round / 10 + k / 100, per: 'kg' },
});

const subRecipe = (productId: string, round: number, k: number) => ({
  name: 'Sauce suprême',
  servings: 4,
  ingredients: [
    { code: '16400', quantity: 20 + round + k, unit: 'g' },
    { productId, quantity: 100 + 3 * round + k, unit: 'g' },
  ],
  allergens: [],
  traces: round % 2 ? ['Œufs'] : [],
  yieldGrams: 100,
});

/** The stored facts of these recipes: what diners, cards and the « Coûts » table read. */
async function storedFacts(ids: string[]) {
  const rows = await database!.db
    .selectFrom('recipes')
    .select([
      'id',
      'calories_per_serving',
      'protein_per_serving',
      'carbs_per_serving',
      'fat_per_serving',
      'allergens',
      'traces',
      'facts',
      'facts_version',
    ])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
  return rows;
}

/** The same facts recomputed from the lines, in a transaction rolled back (nothing changes). */
async function recomputedFacts(ids: string[]) {
  let fresh: Awaited<ReturnType<typeof storedFacts>> = [];
  const rollback = new Error('rollback');
  await database!.db
    .transaction()
    .execute(async (trx) => {
      await recomputeRecipes(trx, ids);
      fresh = await trx
        .selectFrom('recipes')
        .select([
          'id',
          'calories_per_serving',
          'protein_per_serving',
          'carbs_per_serving',
          'fat_per_serving',
          'allergens',
          'traces',
          'facts',
          'facts_version',
        ])
        .where('id', 'in', ids)
        .orderBy('id')
        .execute();
      throw rollback;
    })
    .catch((error: unknown) => {
      if (error !== rollback) throw error;
    });
  return fresh;
}

describe('sub-recipes under concurrent edits, two processes on one PostgreSQL', () => {
  it(`${ROUNDS} rounds of a product and a sub-recipe changed at once by two owners: after every round the parent's stored facts equal a fresh recomputation`, async (context) => {
    const [a, b] = apis as [Client, Client];
    const created = await a('POST', '/api/products', { cookie: first.cookie, body: product(0, 0) });
    expect(created.status, created.text).toBe(201);
    const productId = String(created.body.id);
    const sub = await a('POST', '/api/recipes', { cookie: first.cookie, body: subRecipe(productId, 0, 0) });
    expect(sub.status, sub.text).toBe(201);
    const subId = String(sub.body.id);
    const parent = await b('POST', '/api/recipes', {
      cookie: second.cookie,
      body: {
        name: 'Blanquette',
        servings: 6,
        ingredients: [
          { recipeId: subId, quantity: 80, unit: 'g' },
          { productId, quantity: 50, unit: 'g' },
          { code: '20276', quantity: 300, unit: 'g' },
        ],
        allergens: [],
      },
    });
    expect(parent.status, parent.text).toBe(201);
    const parentId = String(parent.body.id);

    const ids = [subId, parentId];
    const started = performance.now();
    const statuses: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const requests = Array.from({ length: PER_ROUND }, (_, k) => [
        // Each owner goes through both processes within a round, crossing the other.
        (k % 2 ? b : a)('PUT', `/api/products/${productId}`, { cookie: first.cookie, body: product(round, k) }),
        (k % 2 ? a : b)('PUT', `/api/recipes/${subId}`, {
          cookie: second.cookie,
          body: subRecipe(productId, round, k),
        }),
      ]).flat();
      for (const res of await Promise.all(requests)) statuses.push(res.status);
      // After every round, whichever save committed last: a stale parent in between would pass
      // unseen at the end if a sub-recipe save happened to come last and recompute it.
      const stored = await storedFacts(ids);
      expect(stored).toHaveLength(2);
      // The sub-recipe first, then the parent that reads it (recomputeRecipes keeps this order).
      expect(await recomputedFacts(ids), `round ${round}`).toEqual(stored);
    }
    expect(
      statuses.filter((s) => s !== 200),
      `statuses: ${statuses.join(' ')}`,
    ).toEqual([]);
    // And the parent really moved: its values are the last round's, not the first ones.
    const card = await b('GET', `/api/recipes/${parentId}`, { cookie: second.cookie });
    expect([...card.body.allergens].sort()).toEqual(ROUNDS % 2 ? ['Céleri', 'Lait'] : ['Lait']);
    expect(card.body.nutrition.totals.energyKcal).not.toBeCloseTo(parent.body.nutrition.totals.energyKcal, 3);
    report(
      context,
      `${statuses.length} concurrent saves over 2 processes in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  });

  it(`${VERSION_ROUNDS} rounds of two owners saving the same version at once through both processes: exactly one save is taken, the other answers 409 and nothing of it is stored (src/server/domain/versions.ts)`, async (context) => {
    const [a, b] = apis as [Client, Client];
    const recipe = await a('POST', '/api/recipes', {
      cookie: first.cookie,
      body: { name: 'Gratin', servings: 4, ingredients: [{ code: '4003', quantity: 1, unit: 'kg' }], allergens: [] },
    });
    expect(recipe.status, recipe.text).toBe(201);
    const establishment = (await a('GET', '/api/establishments', { cookie: first.cookie })).body.establishments[0];
    const service = `/api/meal-plans/${establishment.id}/2026-03-06/dejeuner`;
    const targets = [
      {
        path: `/api/recipes/${recipe.body.id}`,
        body: (name: string) => ({
          name,
          servings: 4,
          ingredients: [{ code: '4003', quantity: 1, unit: 'kg' }],
          allergens: [],
        }),
        read: async () => {
          const res = await b('GET', `/api/recipes/${recipe.body.id}`, { cookie: second.cookie });
          return { version: Number(res.body.version), value: String(res.body.name) };
        },
      },
      {
        path: service,
        body: (name: string) => ({
          components: [{ slot: 'plat', recipeId: name.endsWith('A') ? recipe.body.id : otherRecipeId() }],
        }),
        read: async () => {
          const res = await b(
            'GET',
            `/api/meal-plans?establishmentId=${establishment.id}&from=2026-03-06&to=2026-03-06`,
            {
              cookie: second.cookie,
            },
          );
          const s = res.body.days[0].services[0];
          return { version: Number(s?.version ?? 0), value: s?.components[0]?.recipeId === recipe.body.id ? 'A' : 'B' };
        },
      },
    ];
    const other = await b('POST', '/api/recipes', {
      cookie: second.cookie,
      body: { name: 'Purée', servings: 4, ingredients: [{ code: '4003', quantity: 1, unit: 'kg' }], allergens: [] },
    });
    const otherRecipeId = () => String(other.body.id);
    let conflicts = 0;
    for (let round = 1; round <= VERSION_ROUNDS; round++) {
      for (const target of targets) {
        const { version } = await target.read();
        const [fromA, fromB] = await Promise.all([
          a('PUT', target.path, { cookie: first.cookie, body: { ...target.body(`${round} A`), version } }),
          b('PUT', target.path, { cookie: second.cookie, body: { ...target.body(`${round} B`), version } }),
        ]);
        expect([fromA.status, fromB.status].sort(), `${target.path} round ${round}`).toEqual([200, 409]);
        const loser = fromA.status === 409 ? fromA : fromB;
        expect(loser.body.error.code).toBe('conflict');
        expect(loser.body.error.conflict.version).toBe(version + 1);
        conflicts++;
        const after = await target.read();
        expect(after.version).toBe(version + 1);
        expect(after.value.endsWith(fromA.status === 200 ? 'A' : 'B'), `${target.path} round ${round}`).toBe(true);
      }
    }
    report(context, `${conflicts} simultaneous saves of one version over 2 processes: ${conflicts} refused with 409`);
  });
});
