import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../lib/db-errors.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a connection PostgreSQL drops while the app holds it', () => {
  it('does not end the process: the transaction fails as « database unavailable » (503), and the pool serves the next request', async (context) => {
    // The embedded database has no server to drop a connection.
    if (t.deps.dbKind !== 'postgres') return context.skip();
    const failure = await t.db
      .transaction()
      .execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx);
        // Another connection ends this one between two queries of the transaction: pg emits
        // 'error' on a client the pool has handed out (src/server/db/database.ts).
        await sql`SELECT pg_terminate_backend(${rows[0]!.pid})`.execute(t.db);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await sql`SELECT 1`.execute(trx);
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(failure), String(failure)).toBe(true);
    const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(t.db);
    expect(rows).toEqual([{ one: 1 }]);
  });
});
