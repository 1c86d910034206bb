import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import { listenOnPostgres, type ListenHandlers, type Subscription } from './notifications.ts';
import { usePreparedStatements } from './prepared.ts';
import { IDLE_APPLICATION_NAME, tagConnectionsWithRequest } from './application-name.ts';
import type { DB } from './schema.ts';

// numeric and bigint arrive as strings by default; every value we store fits a JS number.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number.parseFloat(v));
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

export interface Database {
  db: Kysely<DB>;
  pool: pg.Pool;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * NOTIFY messages of `channel` (src/server/db/notifications.ts): on a dedicated connection
   * for PostgreSQL, in process for the embedded database (its only session is this process's).
   */
  listen(channel: string, handlers: ListenHandlers): Promise<Subscription>;
  /** Embedded database only: its data folder as a tarball, for `loadDataDir`. */
  dumpDataDir?: () => Promise<Blob>;
}

export interface DatabaseOptions {
  /** PostgreSQL server URL. Without it an embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database, or `memory://` for a throwaway one. */
  pgliteDir?: string;
  /** Pool size for PostgreSQL (PGlite always uses exactly one connection). */
  maxConnections?: number;
  /**
   * A PGlite data folder saved with `dumpDataDir()`, to start from (tests use a migrated,
   * catalogue-loaded snapshot instead of building one per file). Embedded database only.
   */
  loadDataDir?: Blob;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.maxConnections ?? 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      application_name: IDLE_APPLICATION_NAME,
    });
    // A dropped idle connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    // pg-pool listens for errors only while a connection is idle: a connection checked out
    // (inside a transaction, between two of its queries) that PostgreSQL drops emits 'error'
    // with no listener, which ends the process (found by database-outage.reliability.ts under
    // load). Its next query then fails as « not queryable », answered 503 (src/server/lib/db-errors.ts).
    pool.on('connect', (client) => client.on('error', () => {}));
    usePreparedStatements(pool);
    tagConnectionsWithRequest(pool);
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    const databaseUrl = options.databaseUrl;
    return {
      db,
      pool,
      kind: 'postgres',
      close: () => db.destroy(),
      listen: (channel, handlers) => listenOnPostgres(databaseUrl, channel, handlers),
    };
  }

  const dir = options.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) await mkdir(path.dirname(path.resolve(dir)), { recursive: true });
  const [{ PGlite }, { pg_trgm }, { unaccent }, { createPgConfig }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
    import('@electric-sql/pglite/node-postgres'),
  ]);
  const lite = await PGlite.create(dir, {
    extensions: { pg_trgm, unaccent },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  // Exactly one connection: PGlite is a single session, and concurrent transactions
  // through several pool clients would interleave on it.
  const pool = new pg.Pool({ ...(createPgConfig(lite) as unknown as pg.PoolConfig), max: 1 });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    pool,
    kind: 'pglite',
    dumpDataDir: () => lite.dumpDataDir('none'),
    // The one session sees its own NOTIFY at commit, like another PostgreSQL session would.
    listen: async (channel, handlers) => {
      const stop = await lite.listen(channel, (payload) => handlers.message(payload));
      return {
        close: async () => {
          if (!lite.closed) await stop();
        },
      };
    },
    close: async () => {
      await db.destroy();
      await lite.close();
    },
  };
}
