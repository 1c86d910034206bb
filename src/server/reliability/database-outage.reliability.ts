/**
 * PostgreSQL goes away under a running server (`pg_ctl stop -m fast`): every request that
 * needs the database answers 503 `unavailable` at once (never a hang, never a 500, never a
 * « you are signed out » 401), /api/health answers 503; when PostgreSQL is back
 * (`pg_ctl start`), the same process serves again by itself, with the same sessions and data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorShapeProblems } from './support/api-error.ts';
import { client, signUp, type Client, type HttpResponse } from './support/http.ts';
import { createScratchDatabase, startPostgresCluster, type PostgresCluster } from './support/postgres-cluster.ts';
import { freePort } from './support/ports.ts';
import { report } from './support/report.ts';
import { newAuthSecret, startServer, type ServerProcess } from './support/server-process.ts';

const RECOVERY_LIMIT_MS = 15_000;

let cluster: PostgresCluster | undefined;
let server: ServerProcess | undefined;
let api: Client;
let owner: { cookie: string; userId: string; email: string };
let ids: { recipe: string; menu: string; qr: string };

beforeAll(async () => {
  // A cluster of its own: stopping it must not disturb the other tests.
  cluster = await startPostgresCluster();
  const { url } = await createScratchDatabase(cluster.adminUrl, { prefix: 'outage_' });
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // An empty database: the server migrates it and loads the catalogue itself.
  server = await startServer({
    label: 'server',
    port,
    env: () => ({
      DATABASE_URL: url,
      BETTER_AUTH_SECRET: newAuthSecret(),
      PUBLIC_ORIGIN: origin,
      AUTH_RATE_LIMIT_MAX: '100000',
    }),
  });
  api = client(server.url, origin);
  owner = await signUp(api);
  const call = async (path: string, body: unknown) => {
    const res = await api('POST', path, { cookie: owner.cookie, body });
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${res.text}`);
    return res.body.id as string;
  };
  const recipe = await call('/api/recipes', {
    name: 'Soupe',
    servings: 2,
    ingredients: [{ code: '20276', quantity: 100, unit: 'g' }],
    allergens: [],
    dietaryInfo: [],
  });
  const menu = await call('/api/menus', { name: 'Carte' });
  const qr = await call('/api/qr-codes', { name: 'Table 1', menuId: menu });
  ids = { recipe, menu, qr };
});

afterAll(async () => {
  await server?.stop();
  await cluster?.destroy();
});

/**
 * Found by this test: a route behind a session answers 500 `internal` during the outage.
 * requireUser calls better-auth's getSession, which wraps the pg error in
 * `APIError: Failed to get session` (the pg error is its `cause`), and isDatabaseUnavailable
 * (src/server/lib/db-errors.ts) does not look at `cause`. While true, the first test leaves
 * those routes to the `it.fails` test; once fixed, that test fails: set this to false.
 */
const KNOWN_BUG_SESSION_ROUTES_500 = false;

interface Answer {
  what: string;
  needsSession: boolean;
  res: HttpResponse;
  ms: number;
}
const answers: Answer[] = [];

function expectUnavailable({ what, res, ms }: Answer) {
  // Soft: one run lists every route that does not answer 503.
  expect
    .soft({ what, status: res.status, code: res.body?.error?.code }, res.text)
    .toEqual({ what, status: 503, code: 'unavailable' });
  expect.soft(errorShapeProblems(res.status, res.body, res.headers.get('content-type')), what).toEqual([]);
  expect.soft(res.headers.get('retry-after'), what).toBe('5');
  // The pool fails fast on a refused connection: no request waits for a timeout.
  expect.soft(ms, what).toBeLessThan(6_000);
}

describe('PostgreSQL stopped under a running server', () => {
  it('answers 503 unavailable meanwhile, then recovers by itself without a restart', async (context) => {
    const pid = server!.pid;
    const before = await api('GET', '/api/recipes', { cookie: owner.cookie });
    expect(before.status).toBe(200);

    await cluster!.stopFast();
    const outageStarted = performance.now();
    const requests: [boolean, string, string, unknown?][] = [
      [true, 'GET', '/api/recipes'],
      [true, 'GET', `/api/recipes/${ids.recipe}`],
      [true, 'GET', '/api/me'],
      [true, 'GET', '/api/menus'],
      [true, 'GET', '/api/qr-codes'],
      [
        true,
        'POST',
        '/api/recipes',
        {
          name: 'Pendant la panne',
          servings: 1,
          ingredients: [{ code: '20276', quantity: 1, unit: 'g' }],
          allergens: [],
          dietaryInfo: [],
        },
      ],
      [true, 'PUT', `/api/menus/${ids.menu}`, { name: 'Pendant la panne', description: '', isActive: true }],
      [false, 'POST', '/api/auth/sign-in/email', { email: owner.email, password: 'motdepasse-fiable' }],
      [false, 'POST', '/api/auth/sign-up/email', { email: 'panne@example.com', password: 'motdepasse-fiable' }],
      [false, 'GET', `/menu/${ids.menu}`],
      [false, 'GET', `/qr/${ids.qr}`],
      [false, 'GET', `/api/public/menus/${ids.menu}`],
    ];
    for (const [needsSession, method, path, body] of requests) {
      const started = performance.now();
      const res = await api(method, path, {
        cookie: owner.cookie,
        ...(body !== undefined ? { body } : {}),
        timeoutMs: 20_000,
      });
      answers.push({ what: `${method} ${path}`, needsSession, res, ms: performance.now() - started });
    }
    const health = await api('GET', '/api/health');
    // The outage lasts: the process keeps answering 503 (it neither crashes nor hangs).
    const holdUntil = performance.now() + 2_000;
    let held = 0;
    while (performance.now() < holdUntil) {
      const started = performance.now();
      const res = await api('GET', `/api/public/menus/${ids.menu}`);
      answers.push({
        what: `GET /api/public/menus/:id (held ${held})`,
        needsSession: false,
        res,
        ms: performance.now() - started,
      });
      expect((await api('GET', '/api/health')).status).toBe(503);
      held += 1;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (const answer of answers) if (!(answer.needsSession && KNOWN_BUG_SESSION_ROUTES_500)) expectUnavailable(answer);
    expect.soft([health.status, health.body]).toEqual([503, { status: 'unavailable' }]);

    await cluster!.start();
    const restarted = performance.now();
    let recoveredAfter: number | undefined;
    while (performance.now() - restarted < RECOVERY_LIMIT_MS) {
      const res = await api('GET', '/api/health').catch(() => undefined);
      if (res?.status === 200) {
        recoveredAfter = performance.now() - restarted;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(recoveredAfter, `not healthy ${RECOVERY_LIMIT_MS} ms after pg_ctl start`).toBeDefined();

    // Same process, same session, same data; the writes refused during the outage are not there.
    expect(server!.isRunning()).toBe(true);
    expect(server!.pid).toBe(pid);
    const after = await api('GET', '/api/recipes', { cookie: owner.cookie });
    expect(after.status).toBe(200);
    expect(after.body).toEqual(before.body);
    const menu = await api('GET', `/api/menus/${ids.menu}`, { cookie: owner.cookie });
    expect(menu.body.name).toBe('Carte');
    expect(
      (
        await api('POST', '/api/auth/sign-in/email', {
          body: { email: 'panne@example.com', password: 'motdepasse-fiable' },
        })
      ).status,
    ).toBe(401);
    expect((await api('DELETE', `/api/recipes/${ids.recipe}`, { cookie: owner.cookie })).status).toBe(204);
    expect((await api('GET', `/qr/${ids.qr}`)).status).toBe(302);
    report(
      context,
      `${answers.length} requests answered in ≤ ${Math.round(Math.max(...answers.map((a) => a.ms)))} ms during ${((restarted - outageStarted) / 1000).toFixed(1)} s of outage; healthy ${Math.round(recoveredAfter!)} ms after pg_ctl start, same pid`,
    );
  });

  (KNOWN_BUG_SESSION_ROUTES_500 ? it.fails : it.skip)(
    'BUG: routes behind a session answer 500 internal during the outage, not 503 unavailable',
    (context) => {
      const wrong = answers.filter((a) => a.needsSession && a.res.status !== 503);
      report(
        context,
        `KNOWN BUG: ${wrong.length} session routes answered ${[...new Set(wrong.map((a) => `${a.res.status} ${a.res.body?.error?.code}`))].join(', ')} (better-auth's « Failed to get session » APIError hides the pg error in .cause)`,
      );
      expect(answers.filter((a) => a.needsSession)).not.toEqual([]);
      for (const answer of answers.filter((a) => a.needsSession)) {
        expect({ what: answer.what, status: answer.res.status, code: answer.res.body?.error?.code }).toEqual({
          what: answer.what,
          status: 503,
          code: 'unavailable',
        });
        expect(answer.res.headers.get('retry-after')).toBe('5');
      }
    },
  );
});
