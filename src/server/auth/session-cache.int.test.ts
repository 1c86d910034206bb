import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { createTestApp, sessionTokenOf, TEST_PASSWORD, type SignedUpUser, type TestApp } from '../test/harness.ts';
import { queriesDuring as countQueries, secondConnection } from '../test/connections.ts';

/**
 * Sessions kept a few seconds by their signed cookie (src/server/auth/session-cache.ts) and
 * GET /api/me in one query (docs/decisions/0022-performance-at-the-physical-limit.md « Sessions »).
 */
let t: TestApp;
let owner: SignedUpUser;
let other: Database | undefined;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  other = await secondConnection(t.database);
});
afterAll(async () => {
  await other?.close();
  await t.close();
});

const queriesDuring = (work: () => Promise<unknown>) => countQueries(t.database, work);

/**
 * The fewest queries `work` sends in a few tries: a kept session can still be asked again in
 * between (kept 5 s, dropped when its user row changes), which a busy machine makes likelier.
 */
async function fewestQueriesOf(work: () => Promise<unknown>, tries = 3): Promise<number> {
  let fewest = Infinity;
  for (let i = 0; i < tries; i++) fewest = Math.min(fewest, await queriesDuring(work));
  return fewest;
}

const me = (cookie: string | undefined) => t.request('GET', '/api/me', { cookie, settle: false });

async function secondSession(user: SignedUpUser): Promise<string> {
  const res = await t.request('POST', '/api/auth/sign-in/email', {
    body: { email: user.email, password: TEST_PASSWORD },
  });
  expect(res.status).toBe(200);
  return res.cookie!;
}

describe('session cache and GET /api/me', () => {
  it('answers GET /api/me in one query once the session is kept (none while its answer is kept too)', async () => {
    const first = await me(owner.cookie);
    expect(first.status).toBe(200);
    let again: Awaited<ReturnType<typeof me>> | undefined;
    // The answer read again (src/server/features/account/account-cache.ts keeps it otherwise).
    t.deps.diner.accounts.reset(true);
    expect(await queriesDuring(async () => (again = await me(owner.cookie)))).toBe(1);
    expect(await queriesDuring(() => me(owner.cookie))).toBe(0);
    expect(again!.body).toEqual(first.body);
    expect(again!.headers.get('x-organisation-id')).toBe(owner.organisationId);
    // Another signed-in route: the session without a query, then its own work (the same
    // request with the session no longer kept costs at least the session's query more).
    const recipes = () => t.request('GET', '/api/recipes', { cookie: owner.cookie, settle: false });
    await recipes();
    const kept = await queriesDuring(recipes);
    t.deps.diner.sessions.reset(true);
    const cold = await queriesDuring(recipes);
    expect(kept).toBeLessThanOrEqual(cold - 1);
  });

  it('searches ingredients with the kept session: with the account and the names kept too, no query (src/server/features/catalogue/own-ingredients.ts)', async () => {
    const user = await t.signUp();
    const product = await t.request('POST', '/api/products', {
      cookie: user.cookie,
      body: { name: 'Carottes râpées maison', per100g: { energyKcal: 36 } },
    });
    expect(product.status).toBe(201);
    const recipe = await t.request('POST', '/api/recipes', {
      cookie: user.cookie,
      body: {
        name: 'Carottes râpées vinaigrette',
        servings: 4,
        ingredients: [{ productId: product.body.id, quantity: 400, unit: 'g' }],
        allergens: [],
      },
    });
    expect(recipe.status).toBe(201);
    const search = (q: string) =>
      t.request('GET', `/api/catalogue/ingredients?${new URLSearchParams({ q, limit: '10' })}`, {
        cookie: user.cookie,
        settle: false,
      });
    await search('carottes râpées');
    let found: Awaited<ReturnType<typeof search>> | undefined;
    // The account, the names and the hits shown are kept; the Ciqual foods are in memory.
    expect(await fewestQueriesOf(async () => (found = await search('carottes râpées')))).toBe(0);
    expect(found!.body.hits.slice(0, 2)).toMatchObject([
      {
        kind: 'product',
        id: product.body.id,
        code: null,
        name: 'Carottes râpées maison',
        group: 'Mon produit',
        supplier: null,
        allergens: [],
        traces: [],
        redMeat: false,
      },
      {
        kind: 'recipe',
        id: recipe.body.id,
        code: null,
        name: 'Carottes râpées vinaigrette',
        group: 'Ma recette',
        allergens: [],
        traces: [],
        gramsPerPortion: 100,
      },
    ]);
    expect(found!.body.hits[0].per100g).toMatchObject({ energyKcal: 36, energyKj: 150.6, water: null });
    expect(found!.body.hits[1].per100g.energyKcal).toBeCloseTo(36);
    expect(found!.body.hits.slice(2).every((h: { kind: string }) => h.kind === 'ciqual')).toBe(true);
    expect(await fewestQueriesOf(() => search('carottes vinaigrette'))).toBe(0);
    expect(await fewestQueriesOf(() => search('topinambour'))).toBe(0);
  });

  it('never takes an altered cookie for a kept one', async () => {
    expect((await me(owner.cookie)).status).toBe(200);
    const altered = owner.cookie.replace(
      /session_token=([^.;]+)\.([^;]+)/,
      (_all, token: string, sig: string) => `session_token=${token}.${sig.slice(0, -3)}AAA`,
    );
    expect(altered).not.toBe(owner.cookie);
    expect((await me(altered)).status).toBe(401);
  });

  it('a session revoked from another session is refused on its next request', async () => {
    const user = await t.signUp();
    const victim = await secondSession(user);
    expect((await me(victim)).status).toBe(200); // kept now
    const sessions = await t.request('GET', '/api/account/sessions', { cookie: user.cookie });
    const target = sessions.body.sessions.find((s: { current: boolean }) => !s.current);
    expect((await t.request('DELETE', `/api/account/sessions/${target.id}`, { cookie: user.cookie })).status).toBe(204);
    expect((await me(victim)).status).toBe(401);
  });

  it('a session deleted by another process is refused within seconds', async () => {
    const user = await t.signUp();
    expect((await me(user.cookie)).status).toBe(200);
    const writer = other?.db ?? t.db; // PGlite: one process owns the database.
    await writer.deleteFrom('sessions').where('token', '=', sessionTokenOf(user.cookie)).execute();
    const deleted = performance.now();
    let status = 200;
    while (status === 200 && performance.now() - deleted < 10_000) {
      // A kept session is answered without I/O: let the event loop read the listening socket.
      await new Promise((resolve) => setImmediate(resolve));
      status = (await me(user.cookie)).status;
    }
    expect(status).toBe(401);
    expect(performance.now() - deleted).toBeLessThan(5_000);
  });

  it('asks better-auth again when change notifications are lost', async () => {
    const user = await t.signUp();
    expect((await me(user.cookie)).status).toBe(200);
    t.deps.diner.sessions.reset(false);
    try {
      expect(await queriesDuring(() => me(user.cookie))).toBeGreaterThan(1);
    } finally {
      t.deps.diner.sessions.reset(true);
    }
  });
});
