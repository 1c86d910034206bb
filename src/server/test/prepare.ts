import type { Kysely } from 'kysely';
import { migrateToLatest } from '../db/migrator.ts';
import type { DB } from '../db/schema.ts';
import { loadCatalogue } from '../features/catalogue/load.ts';

/** What every test database starts with: the schema and the Ciqual catalogue. */
export async function prepareTestDatabase(db: Kysely<DB>): Promise<void> {
  await migrateToLatest(db as never);
  await loadCatalogue(db);
}

/** The URL of another database on the same PostgreSQL server. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
