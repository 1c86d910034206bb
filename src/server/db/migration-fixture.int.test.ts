import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabaseBefore } from '../test/migration-fixture.ts';
import { migrationNames } from './migrator.ts';

describe('openDatabaseBefore', () => {
  it('opens a database at the schema before a migration, with the catalogue, and migrates it to the latest', async () => {
    const names = migrationNames();
    const last = names.at(-1)!;
    const old = await openDatabaseBefore(last);
    try {
      const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(old.db);
      expect(rows.map((r) => r.name)).toEqual(names.slice(0, -1));
      const foods = await sql<{ n: number }>`SELECT count(*)::int AS n FROM catalogue_foods`.execute(old.db);
      expect(foods.rows[0]!.n).toBeGreaterThan(3000);
      expect(await old.migrateToLatest()).toEqual([last]);
    } finally {
      await old.close();
    }
  });

  it('refuses a name that is not a later migration', async () => {
    await expect(openDatabaseBefore('0001-initial')).rejects.toThrow(/not a migration after the first/);
    await expect(openDatabaseBefore('9999-none')).rejects.toThrow(/not a migration after the first/);
  });
});
