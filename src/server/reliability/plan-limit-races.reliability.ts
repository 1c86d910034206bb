/**
 * Plan limits under races (docs/product/decisions.md 3 and 10, docs/product/organisations.md
 * « Limits, races »): two built server processes on one PostgreSQL, free organisations,
 * parallel creations spread over both processes. Exactly 5 recipes, 1 menu and 1 QR code
 * exist after 50 requests each, 1 establishment after 30, no invitation of a free
 * organisation and one pending invitation of an address invited 30 times; every other answer
 * is 403 `plan_limit` with its French message; one event per created row, none for a refusal.
 */
import { INVITATIONS_PER_HOUR } from '../features/organisation/invitations.ts';
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
/** Issue 16's proof: establishments and invitations under 30 parallel requests. */
const TEAM_PARALLEL = 30;

let scratch: ScratchDatabase | undefined;
let database: Database | undefined;
const servers: ServerProcess[] = [];
let apis: Client[] = [];
let owner: { cookie: string; userId: string; organisationId: string };

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
  // Signed up through A; the cookie works on B (same database, same secret).
  owner = await signUpWithOrganisation();
});

async function signUpWithOrganisation() {
  const account = await signUp(apis[0]!);
  const me = await apis[1]!('GET', '/api/me', { cookie: account.cookie });
  return { ...account, organisationId: String(me.body.organisation.id) };
}

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await database?.close();
  await scratch?.drop();
});

async function race(
  path: string,
  body: (i: number) => unknown,
  as = owner,
  parallel = PARALLEL,
): Promise<HttpResponse[]> {
  return Promise.all(
    Array.from({ length: parallel }, (_, i) =>
      apis[i % apis.length]!('POST', path, { cookie: as.cookie, body: body(i) }),
    ),
  );
}

function expectExactly(responses: HttpResponse[], created: number, limitMessage: string) {
  const statuses = responses.map((r) => r.status);
  expect(statuses.filter((s) => s === 201).length, `statuses: ${statuses.join(' ')}`).toBe(created);
  expect(statuses.filter((s) => s === 403).length, `statuses: ${statuses.join(' ')}`).toBe(responses.length - created);
  for (const refused of responses.filter((r) => r.status === 403)) {
    expect(refused.body.error.code).toBe('plan_limit');
    expect(refused.body.error.message).toContain(limitMessage);
    expect(errorShapeProblems(refused.status, refused.body, refused.headers.get('content-type'))).toEqual([]);
  }
}

const count = async (query: RawBuilder<unknown>) =>
  Number(((await query.execute(database!.db)).rows[0] as { n: number }).n);

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
    expect(
      await count(sql`SELECT count(*)::int AS n FROM recipes WHERE organisation_id = ${owner.organisationId}`),
    ).toBe(5);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM recipe_ingredients ri JOIN recipes r ON r.id = ri.recipe_id WHERE r.organisation_id = ${owner.organisationId}`,
      ),
    ).toBe(15);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM event_outbox WHERE user_id = ${owner.userId} AND name = 'recipe_created'`,
      ),
    ).toBe(5);
    report(context, `5×201 + 45×403 in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  });

  it(`${PARALLEL} parallel menu creations: exactly 1 menu`, async () => {
    const responses = await race('/api/menus', (i) => ({ name: `Carte ${i}` }));
    expectExactly(responses, 1, 'Limite de menus atteinte');
    expect(await count(sql`SELECT count(*)::int AS n FROM menus WHERE organisation_id = ${owner.organisationId}`)).toBe(
      1,
    );
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM event_outbox WHERE user_id = ${owner.userId} AND name = 'menu_created'`,
      ),
    ).toBe(1);
  });

  it(`${PARALLEL} parallel QR code creations: exactly 1 QR code; /api/me on the other process agrees`, async () => {
    const menu = (await apis[1]!('GET', '/api/menus', { cookie: owner.cookie })).body.menus[0];
    const responses = await race('/api/qr-codes', (i) => ({ name: `Table ${i}`, menuId: menu.id }));
    expectExactly(responses, 1, 'Limite de codes QR atteinte');
    expect(
      await count(sql`SELECT count(*)::int AS n FROM qr_codes WHERE organisation_id = ${owner.organisationId}`),
    ).toBe(1);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM event_outbox WHERE user_id = ${owner.userId} AND name = 'qr_code_created'`,
      ),
    ).toBe(1);
    const me = await apis[1]!('GET', '/api/me', { cookie: owner.cookie });
    expect(me.body.usage).toMatchObject({ recipes: 5, menus: 1, qrCodes: 1 });
    expect(me.body.limits).toEqual({ recipes: 5, menus: 1, qrCodes: 1, establishments: 1, members: 1 });
  });

  it(`${TEAM_PARALLEL} parallel establishment creations with room for one: exactly 1 establishment`, async () => {
    const site = await signUpWithOrganisation();
    // Room for exactly one more on the free plan: the sign-up's establishment (no menu uses it) is taken away.
    await sql`DELETE FROM establishments WHERE organisation_id = ${site.organisationId}`.execute(database!.db);
    const responses = await race(
      '/api/establishments',
      (i) => ({ name: `Site ${i}`, city: 'Lyon' }),
      site,
      TEAM_PARALLEL,
    );
    expectExactly(responses, 1, 'Limite d’établissements atteinte');
    expect(
      await count(sql`SELECT count(*)::int AS n FROM establishments WHERE organisation_id = ${site.organisationId}`),
    ).toBe(1);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM audit_events WHERE organisation_id = ${site.organisationId} AND entity_type = 'establishment'`,
      ),
    ).toBe(1);
  });

  it(`${TEAM_PARALLEL} parallel invitations: none on the free plan; on Premium, one address invited ${TEAM_PARALLEL} times: ${INVITATIONS_PER_HOUR} taken (the hourly limit), the rest 429, one pending invitation`, async () => {
    const team = await signUpWithOrganisation();
    const email = `cuisinier-${team.userId}@example.com`;
    expectExactly(
      await race('/api/organisation/invitations', () => ({ email, role: 'editor' }), team, TEAM_PARALLEL),
      0,
      'Invitations réservées au plan Premium',
    );
    expect(
      await count(sql`SELECT count(*)::int AS n FROM invitations WHERE organisation_id = ${team.organisationId}`),
    ).toBe(0);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM event_outbox WHERE user_id = ${team.userId} AND name = 'member_invited'`,
      ),
    ).toBe(0);

    await sql`UPDATE subscriptions SET tier = 'premium', status = 'active' WHERE organisation_id = ${team.organisationId}`.execute(
      database!.db,
    );
    const responses = await race(
      '/api/organisation/invitations',
      () => ({ email, role: 'editor' }),
      team,
      TEAM_PARALLEL,
    );
    // At most INVITATIONS_PER_HOUR mails an hour (src/server/features/organisation/invitations.ts),
    // counted under the organisation's lock: exactly that many are taken, the rest 429.
    expect(responses.map((r) => r.status).sort()).toEqual([
      ...Array<number>(INVITATIONS_PER_HOUR).fill(201),
      ...Array<number>(TEAM_PARALLEL - INVITATIONS_PER_HOUR).fill(429),
    ]);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM invitations WHERE organisation_id = ${team.organisationId} AND accepted_at IS NULL AND revoked_at IS NULL`,
      ),
    ).toBe(1);
    const pending = (await apis[1]!('GET', '/api/organisation', { cookie: team.cookie })).body.invitations;
    expect(pending).toHaveLength(1);
  });
});
