import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabaseBefore } from '../test/migration-fixture.ts';

describe('migration 0026b-purchase-versions', () => {
  it('keeps every invoice and target with its version, names nobody for what was saved before; down removes the column', async () => {
    const old = await openDatabaseBefore('0026b-purchase-versions');
    try {
      const db = old.db;
      await sql`INSERT INTO users (name, email, signup_restaurant_name) VALUES ('Lucie', 'lucie-0026b@example.fr', 'Chez Lucie')`.execute(
        db,
      );
      const { org } = (
        await sql<{
          org: string;
        }>`SELECT active_organisation_id AS org FROM users WHERE email = 'lucie-0026b@example.fr'`.execute(db)
      ).rows[0]!;
      await sql`
        INSERT INTO purchase_invoices (organisation_id, kind, format, type_code, supplier_name, supplier_key, number,
          issue_date, currency, total_value, lines_included, version)
        VALUES (${org}, 'invoice', 'cii', '380', 'Primeurs', 'siret:12345678900014', 'F-1', '2026-03-02', 'EUR', 10, true, 3)`.execute(
        db,
      );
      await sql`INSERT INTO purchase_settings (organisation_id, food_cost_target, version) VALUES (${org}, 28, 2)`.execute(
        db,
      );
      const rows = async () => ({
        invoices: (await sql`SELECT id, number, version FROM purchase_invoices`.execute(db)).rows,
        settings: (await sql`SELECT organisation_id, food_cost_target, version FROM purchase_settings`.execute(db))
          .rows,
      });
      const before = await rows();

      expect(await old.migrateTo('0026b-purchase-versions')).toEqual(['0026b-purchase-versions']);
      expect(await rows()).toEqual(before);
      const names = await sql<{ a: string | null; b: string | null }>`
        SELECT (SELECT updated_by_name FROM purchase_invoices) AS a, (SELECT updated_by_name FROM purchase_settings) AS b`.execute(
        db,
      );
      expect(names.rows).toEqual([{ a: null, b: null }]);
      await expect(sql`UPDATE purchase_settings SET version = 0`.execute(db)).rejects.toThrow(
        /purchase_settings_version_check/,
      );

      const { down } = await import('./migrations/0026b-purchase-versions.ts');
      await down(db as never);
      expect(await rows()).toEqual(before);
      const columns = await sql<{ n: number }>`SELECT count(*)::int AS n FROM information_schema.columns
        WHERE table_name IN ('purchase_invoices', 'purchase_settings') AND column_name = 'updated_by_name'`.execute(db);
      expect(columns.rows[0]!.n).toBe(0);
    } finally {
      await old.close();
    }
  });
});
