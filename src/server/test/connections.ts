import { openDatabase, type Database } from '../db/database.ts';

/**
 * Queries sent while `work` runs: every Kysely query, better-auth's included, takes a client
 * from the pool (the counts of src/server/auth/session-cache.int.test.ts and the caches' tests).
 */
export async function queriesDuring(database: Database, work: () => Promise<unknown>): Promise<number> {
  let count = 0;
  const onAcquire = () => (count += 1);
  database.pool.on('acquire', onAcquire);
  try {
    await work();
  } finally {
    database.pool.off('acquire', onAcquire);
  }
  return count;
}

/**
 * A second connection to the test's database, « another process » writing on PostgreSQL;
 * undefined on PGlite, which has one session (this process's). The caller closes it.
 */
export async function secondConnection(database: Database): Promise<Database | undefined> {
  const url = (database.pool.options as { connectionString?: string }).connectionString;
  return database.kind === 'postgres' && url ? openDatabase({ databaseUrl: url, maxConnections: 1 }) : undefined;
}
