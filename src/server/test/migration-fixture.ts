import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/database.ts';
import { migrateTo, migrateToLatest, migrationNames } from '../db/migrator.ts';
import type { DB } from '../db/schema.ts';
import { loadCatalogue } from '../features/catalogue/load.ts';
import { databaseUrl } from './prepare.ts';
import { perWorker } from './per-worker.ts';
import './provided.ts';

/**
 * A migration is tested on a database filled by the schema before it (nothing lost):
 *
 *   const old = await openDatabaseBefore('0005-allergen-status');
 *   await sql`INSERT INTO recipes …`.execute(old.db);   // rows as the previous schema had them
 *   await old.migrateToLatest();                        // then check they were carried over
 *   await old.close();
 *
 * The database is new and empty (not the test template), on PGlite or on the api-postgres
 * server depending on TEST_DB, with the Ciqual catalogue loaded (recipe lines reference it).
 * Queries on `db` before `migrateToLatest()` must be written in SQL against the old schema:
 * the Kysely types describe the newest one.
 */
export interface OldDatabase {
  db: Kysely<DB>;
  kind: Database['kind'];
  /** Applies the migration under test and every later one; returns their names. */
  migrateToLatest(): Promise<string[]>;
  /**
   * Applies the migrations up to `name` included: a test that reads the old tables of its own
   * migration stops there, when a later migration changed them (write those reads in SQL).
   */
  migrateTo(name: string): Promise<string[]>;
  /** The database's LISTEN (a migration's triggers announce their changes on a channel). */
  listen: Database['listen'];
  close(): Promise<void>;
}

async function adminQuery(serverUrl: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/**
 * A new, empty PGlite cluster, as a tarball: creating one takes 2.5 to 5 s here, loading its
 * tarball about 1 s. Made once per worker (./per-worker.ts), and every migration test loads it,
 * the first one included.
 */
async function makeEmptyCluster(): Promise<Blob> {
  const fresh = await openDatabase({ pgliteDir: 'memory://' });
  try {
    // A clean checkpoint, as pglite-global-setup.ts does: each load starts without replaying WAL.
    await sql`CHECKPOINT`.execute(fresh.db);
    return await fresh.dumpDataDir!();
  } finally {
    await fresh.close();
  }
}

export async function openDatabaseBefore(migrationName: string): Promise<OldDatabase> {
  const names = migrationNames();
  const index = names.indexOf(migrationName);
  if (index < 1)
    throw new Error(`openDatabaseBefore: ${migrationName} is not a migration after the first (${names.join(', ')})`);
  const previous = names[index - 1]!;

  let database: Database;
  let drop = async () => {};
  if (process.env.TEST_DB === 'postgres') {
    const serverUrl = inject('postgresAdminUrl');
    const prefix = inject('postgresDbPrefix');
    if (!serverUrl || !prefix)
      throw new Error('TEST_DB=postgres needs the api-postgres project (its global setup starts the server).');
    const name = `${prefix}old_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
    database = await openDatabase({ databaseUrl: databaseUrl(serverUrl, name), maxConnections: 2 });
    drop = () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } else {
    database = await openDatabase({
      pgliteDir: 'memory://',
      loadDataDir: await perWorker('empty-pglite-cluster', makeEmptyCluster),
    });
  }
  try {
    await migrateTo(database.db as never, previous);
    await loadCatalogue(database.db);
  } catch (error) {
    await database.close();
    await drop();
    throw error;
  }
  return {
    db: database.db,
    kind: database.kind,
    migrateToLatest: () => migrateToLatest(database.db as never),
    migrateTo: (name: string) => migrateTo(database.db as never, name),
    listen: (channel, handlers) => database.listen(channel, handlers),
    async close() {
      try {
        await database.close();
      } finally {
        await drop();
      }
    },
  };
}

/** Every row of these tables, by their first column: what a migration must carry over unchanged. */
export async function tableRows(
  db: Kysely<DB>,
  tables: readonly string[],
): Promise<Record<string, Record<string, unknown>[]>> {
  const rows = await Promise.all(
    tables.map(async (table) => {
      const result = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)} ORDER BY 1`.execute(db);
      return [table, result.rows] as const;
    }),
  );
  return Object.fromEntries(rows);
}
