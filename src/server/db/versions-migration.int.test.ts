import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabaseBefore } from '../test/migration-fixture.ts';
import { VERSIONED_TABLES } from './migrations/0023-versions.ts';

describe('migration 0023-versions', () => {
  it('gives every editable row version 1 and no last editor, one versioned row per planned service; down removes them', async () => {
    const old = await openDatabaseBefore('0023-versions');
    try {
      const db = old.db;
      await sql`INSERT INTO users (name, email, signup_restaurant_name) VALUES ('Lucie', 'lucie-0023@example.fr', 'Chez Lucie')`.execute(
        db,
      );
      const { id: userId, org } = (
        await sql<{
          id: string;
          org: string;
        }>`SELECT id, active_organisation_id AS org FROM users WHERE email = 'lucie-0023@example.fr'`.execute(db)
      ).rows[0]!;
      const establishment = (
        await sql<{ id: string }>`SELECT id FROM establishments WHERE organisation_id = ${org}`.execute(db)
      ).rows[0]!.id;
      const recipe = (
        await sql<{
          id: string;
        }>`INSERT INTO recipes (organisation_id, created_by, name) VALUES (${org}, ${userId}, 'Quiche') RETURNING id`.execute(
          db,
        )
      ).rows[0]!.id;
      const menu = (
        await sql<{
          id: string;
        }>`INSERT INTO menus (organisation_id, created_by, establishment_id, name) VALUES (${org}, ${userId}, ${establishment}, 'Midi') RETURNING id`.execute(
          db,
        )
      ).rows[0]!.id;
      await sql`INSERT INTO meal_plan_entries (organisation_id, establishment_id, date, service, slot, recipe_id, created_by)
        VALUES (${org}, ${establishment}, '2026-03-02', 'dejeuner', 'plat', ${recipe}, ${userId}),
               (${org}, ${establishment}, '2026-03-02', 'dejeuner', 'dessert', ${recipe}, ${userId}),
               (${org}, ${establishment}, '2026-03-03', 'gouter', 'gouter', ${recipe}, ${userId})`.execute(db);
      const before = (await sql`SELECT * FROM recipes`.execute(db)).rows;

      // Up to this migration only: its down is checked alone, later tables have their own versions.
      expect(await old.migrateTo('0023-versions')).toContain('0023-versions');

      for (const table of VERSIONED_TABLES) {
        const { rows } = await sql<{
          version: number;
          updated_by_name: string | null;
        }>`SELECT version, updated_by_name FROM ${sql.table(table)}`.execute(db);
        for (const row of rows) expect(row, table).toEqual({ version: 1, updated_by_name: null });
      }
      const after = (await sql<Record<string, unknown>>`SELECT * FROM recipes`.execute(db)).rows;
      expect(after.map(({ version: _v, updated_by_name: _n, ...rest }) => rest)).toEqual(before);
      expect(
        (
          await sql`SELECT date::text, service, version FROM meal_plan_services WHERE establishment_id = ${establishment} ORDER BY date`.execute(
            db,
          )
        ).rows,
      ).toEqual([
        { date: '2026-03-02', service: 'dejeuner', version: 1 },
        { date: '2026-03-03', service: 'gouter', version: 1 },
      ]);
      await expect(sql`UPDATE menus SET version = 0 WHERE id = ${menu}`.execute(db)).rejects.toThrow(
        /menus_version_check/,
      );

      const { down } = await import('./migrations/0023-versions.ts');
      await down(db as never);
      const columns = await sql<{
        table_name: string;
      }>`SELECT table_name FROM information_schema.columns WHERE column_name IN ('version', 'updated_by_name') AND table_schema = current_schema()`.execute(
        db,
      );
      expect(columns.rows).toEqual([]);
      expect((await sql`SELECT to_regclass('meal_plan_services') AS t`.execute(db)).rows).toEqual([{ t: null }]);
    } finally {
      await old.close();
    }
  });
});
