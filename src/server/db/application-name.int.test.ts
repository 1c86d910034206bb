import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestContext } from '../lib/request-context.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

/** The request id reaches PostgreSQL's `application_name` (src/server/db/application-name.ts). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const applicationName = async () =>
  (await sql<{ name: string }>`SELECT current_setting('application_name') AS name`.execute(t.db)).rows[0]!.name;

describe.skipIf(process.env.TEST_DB !== 'postgres')('application_name on PostgreSQL', () => {
  it('names the request a connection works for, and nutricarte between requests', async () => {
    expect(await applicationName()).toBe('nutricarte');
    await requestContext.run({ requestId: 'f3a1c2d4-0000-4000-8000-00000000abcd' }, async () => {
      expect(await applicationName()).toBe('nc:f3a1c2d4-0000-4000-8000-00000000abcd');
      // A transaction rolled back undoes the SET: the next query of the request sets it again.
      await t.db
        .transaction()
        .execute(async (trx) => {
          await sql`SELECT 1`.execute(trx);
          throw new Error('rollback');
        })
        .catch(() => {});
      expect(await applicationName()).toBe('nc:f3a1c2d4-0000-4000-8000-00000000abcd');
    });
    await requestContext.run({ requestId: `x'; DROP TABLE users; --` }, async () => {
      expect(await applicationName()).toBe('nc:xDROPTABLEusers--');
    });
    expect(await applicationName()).toBe('nutricarte');
  });

  it('carries the X-Request-Id of an API request, as pg_stat_activity shows it', async () => {
    const res = await t.request('GET', '/api/health', { headers: { 'x-request-id': 'req-42' } });
    expect(res.headers.get('x-request-id')).toBe('req-42');
    // Read from a connection of its own: a query through the pool would rename the one it reuses.
    const observer = new pg.Client({ connectionString: t.deps.config.databaseUrl });
    await observer.connect();
    try {
      const { rows } = await observer.query<{ name: string }>(
        'SELECT application_name AS name FROM pg_stat_activity WHERE datname = current_database()',
      );
      expect(rows.map((r) => r.name)).toContain('nc:req-42');
    } finally {
      await observer.end();
    }
  });
});
