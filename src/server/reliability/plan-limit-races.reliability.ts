/**
 * Plan limits under races (docs/product/decisions.md 3 and 10): two built server processes on one
 * PostgreSQL, one free owner, 50 parallel creations per kind spread over both processes.
 * Exactly 5 recipes, 1 menu and 1 QR code exist afterwards; every other answer is 403
 * `plan_limit` with its French message; one event per created row, none for a refusal.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql, type RawBuilder } from 'kysely';
import { openDatabase, type Database } from '../db/database.ts';
import '../test/provided.ts';
import { errorShapeProblems } from './support/api-error.ts';
import { client, signUp, type Client, type HttpResponse } from './support/http.ts';
import { createScratchDatabase, type ScratchDatabase } from './support/postgres-cluster.ts';
import { freePort } from './support/ports.ts';
import { report } from './support/report.ts';
import { newAuthSecret, startServer, type ServerProcess } from './support/server-process.ts';

const PARALLEL = 50;

let scratch: ScratchDatabase | undefined;
let database: Database | undefined;
const servers: ServerProcess[] = [];
let apis: Client[] = [];
let owner: { cookie: string; userId: string };

beforeAll(async () => {
  scratch = await createScratchDatabase(inject('postgresAdminUrl'), { template: inject('postgresTemplate'), prefix: inject('postgresDbPrefix') });
  const portA = await freePort();
  const origin = `http://127.0.0.1:${portA}`;
  const secret = newAuthSecret();
  const env = () => ({ DATABASE_URL: scratch!.url, BETTER_AUTH_SECRET: secret, PUBLIC_ORIGIN: origin, AUTH_RATE_LIMIT_MAX: '100000' });
  const started = await Promise.allSettled([startServer({ label: 'A', port: portA, env }), startServer({ label: 'B', env })]);
  for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
  const failed = started.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  apis = servers.map((s) => client(s.url, origin));
  database = await openDatabase({ databaseUrl: scratch.url, maxConnections: 2 });
  // Signed up through A; the cookie works on B (same database, same secret).
  owner = await signUp(apis[0]!);
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await database?.close();
  await scratch?.drop();
});

async function race(path: string, body: (i: number) => unknown): Promise<HttpResponse[]> {
  return Promise.all(Array.from({ length: PARALLEL }, (_, i) => apis[i % apis.length]!('POST', path, { cookie: owner.cookie, body: body(i) })));
}

function expectExactly(responses: HttpResponse[], created: number, limitMessage: string) {
  const statuses = responses.map((r) => r.status);
  expect(statuses.filter((s) => s === 201).length, `statuses: ${statuses.join(' ')}`).toBe(created);
  expect(statuses.filter((s) => s === 403).length, `statuses: ${statuses.join(' ')}`).toBe(PARALLEL - created);
  for (const refused of responses.filter((r) => r.status === 403)) {
    expect(refused.body.error.code).toBe('plan_limit');
    expect(refused.body.error.message).toContain(limitMessage);
    expect(errorShapeProblems(refused.status, refused.body, refused.headers.get('content-type'))).toEqual([]);
  }
}

const count = async (query: RawBuilder<unknown>) => Number(((await query.execute(database!.db)).rows[0] as { n: number }).n);

describe('plan limits under races, two processes on one PostgreSQL', () => {
  it(`${PARALLEL} parallel recipe creations: exactly 5 recipes, with all their lines, and 5 events`, async (context) => {
    const started = performance.now();
    const responses = await race('/api/recipes', (i) => ({
      name: `Recette ${i}`,
      servings: 2,
      ingredients: [
        { code: '16400', quantity: 10, unit: 'g' },
        { code: '20276', quantity: 100 + i, unit: 'g' },
        { code: '22000', quantity: 1, unit: 'unité', gramsPerUnit: 50 },
      ],
      allergens: [],
      dietaryInfo: [],
    }));
    expectExactly(responses, 5, 'Limite de recettes atteinte');
    expect(await count(sql`SELECT count(*)::int AS n FROM recipes WHERE user_id = ${owner.userId}`)).toBe(5);
    expect(await count(sql`SELECT count(*)::int AS n FROM recipe_ingredients ri JOIN recipes r ON r.id = ri.recipe_id WHERE r.user_id = ${owner.userId}`)).toBe(15);
    expect(await count(sql`SELECT count(*)::int AS n FROM event_outbox WHERE user_id = ${owner.userId} AND name = 'recipe_created'`)).toBe(5);
    report(context, `5×201 + 45×403 in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  });

  it(`${PARALLEL} parallel menu creations: exactly 1 menu`, async () => {
    const responses = await race('/api/menus', (i) => ({ name: `Carte ${i}` }));
    expectExactly(responses, 1, 'Limite de menus atteinte');
    expect(await count(sql`SELECT count(*)::int AS n FROM menus WHERE user_id = ${owner.userId}`)).toBe(1);
    expect(await count(sql`SELECT count(*)::int AS n FROM event_outbox WHERE user_id = ${owner.userId} AND name = 'menu_created'`)).toBe(1);
  });

  it(`${PARALLEL} parallel QR code creations: exactly 1 QR code; /api/me on the other process agrees`, async () => {
    const menu = (await apis[1]!('GET', '/api/menus', { cookie: owner.cookie })).body.menus[0];
    const responses = await race('/api/qr-codes', (i) => ({ name: `Table ${i}`, menuId: menu.id }));
    expectExactly(responses, 1, 'Limite de codes QR atteinte');
    expect(await count(sql`SELECT count(*)::int AS n FROM qr_codes WHERE user_id = ${owner.userId}`)).toBe(1);
    expect(await count(sql`SELECT count(*)::int AS n FROM event_outbox WHERE user_id = ${owner.userId} AND name = 'qr_code_created'`)).toBe(1);
    const me = await apis[1]!('GET', '/api/me', { cookie: owner.cookie });
    expect(me.body.usage).toMatchObject({ recipes: 5, menus: 1, qrCodes: 1 });
    expect(me.body.limits).toEqual({ recipes: 5, menus: 1, qrCodes: 1 });
  });
});
