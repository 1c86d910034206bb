import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabaseBefore } from '../test/migration-fixture.ts';

describe('migration 0026-purchases-and-sales', () => {
  it('keeps every product; a priced one becomes « manuel » with its price as the first line of its history; down removes it all', async () => {
    const old = await openDatabaseBefore('0026-purchases-and-sales');
    try {
      const db = old.db;
      await sql`INSERT INTO users (name, email, signup_restaurant_name) VALUES ('Lucie', 'lucie-0026@example.fr', 'Chez Lucie')`.execute(
        db,
      );
      const { org, id: userId } = (
        await sql<{
          id: string;
          org: string;
        }>`SELECT id, active_organisation_id AS org FROM users WHERE email = 'lucie-0026@example.fr'`.execute(db)
      ).rows[0]!;
      await sql`INSERT INTO products (organisation_id, created_by, name, name_folded, price, price_per, updated_at)
        VALUES (${org}, ${userId}, 'Beurre', 'beurre', 9.5, 'kg', '2026-05-04T10:00:00Z'),
               (${org}, ${userId}, 'Sel', 'sel', NULL, NULL, now())`.execute(db);
      const products = async () =>
        (await sql<Record<string, unknown>>`SELECT id, name, price, price_per FROM products ORDER BY name`.execute(db))
          .rows;
      const before = await products();

      expect(await old.migrateTo('0026-purchases-and-sales')).toEqual(['0026-purchases-and-sales']);
      expect(await products()).toEqual(before);
      const rows = await sql<{
        name: string;
        price_source: string | null;
      }>`SELECT name, price_source FROM products ORDER BY name`.execute(db);
      expect(rows.rows).toEqual([
        { name: 'Beurre', price_source: 'manual' },
        { name: 'Sel', price_source: null },
      ]);
      const history = await sql<{ date: string; amount: string; per: string; source: string }>`
        SELECT date::text AS date, amount::text AS amount, per, source FROM product_prices`.execute(db);
      expect(history.rows).toEqual([{ date: '2026-05-04', amount: '9.5000', per: 'kg', source: 'manual' }]);
      // One supplier and number per organisation.
      const invoice = (supplierKey: string) => sql`
        INSERT INTO purchase_invoices (organisation_id, kind, format, type_code, supplier_name, supplier_key, number,
          issue_date, currency, total_value, lines_included)
        VALUES (${org}, 'invoice', 'cii', '380', 'Primeurs', ${supplierKey}, 'F-1', '2026-03-02', 'EUR', 10, true)`;
      await invoice('siret:12345678900014').execute(db);
      await expect(invoice('siret:12345678900014').execute(db)).rejects.toThrow(/purchase_invoices_number_key/);

      const { down } = await import('./migrations/0026-purchases-and-sales.ts');
      await down(db as never);
      expect(await products()).toEqual(before);
      const tables = await sql<{ n: number }>`SELECT count(*)::int AS n FROM information_schema.tables
        WHERE table_name IN ('purchase_invoices', 'product_prices', 'sales')`.execute(db);
      expect(tables.rows[0]!.n).toBe(0);
    } finally {
      await old.close();
    }
  });
});
