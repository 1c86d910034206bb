import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabaseBefore } from '../test/migration-fixture.ts';

describe('migration 0033-supplier-price-lists', () => {
  it('keeps every price, product and cost change as it was, opens the source « price_list »; down forgets price lists, keeps the prices', async () => {
    const old = await openDatabaseBefore('0033-supplier-price-lists');
    try {
      const db = old.db;
      await sql`INSERT INTO users (name, email, signup_restaurant_name) VALUES ('Lucie', 'lucie-0030@example.fr', 'Chez Lucie')`.execute(
        db,
      );
      const { org } = (
        await sql<{
          org: string;
        }>`SELECT active_organisation_id AS org FROM users WHERE email = 'lucie-0030@example.fr'`.execute(db)
      ).rows[0]!;
      const { id: product } = (
        await sql<{ id: string }>`
          INSERT INTO products (organisation_id, name, name_folded, price, price_per, price_source)
          VALUES (${org}, 'Beurre', 'beurre', 8, 'kg', 'manual') RETURNING id`.execute(db)
      ).rows[0]!;
      await sql`INSERT INTO product_prices (organisation_id, product_id, date, amount, per, source)
        VALUES (${org}, ${product}, '2026-03-01', 8, 'kg', 'manual')`.execute(db);
      const rows = async () => ({
        prices: (
          await sql`SELECT id, product_id, date::text, amount, per, source, invoice_id FROM product_prices ORDER BY date, id`.execute(
            db,
          )
        ).rows,
        products: (await sql`SELECT id, price, price_per, price_source FROM products ORDER BY id`.execute(db)).rows,
      });
      const before = await rows();

      expect(await old.migrateTo('0033-supplier-price-lists')).toEqual(['0033-supplier-price-lists']);
      expect(await rows()).toEqual(before);
      const { id: list } = (
        await sql<{ id: string }>`
          INSERT INTO supplier_price_lists (organisation_id, supplier_name, supplier_key, effective_date, file_hash)
          VALUES (${org}, 'Métro', 'nom:metro', '2026-04-01', 'abc') RETURNING id`.execute(db)
      ).rows[0]!;
      await sql`INSERT INTO product_prices (organisation_id, product_id, date, amount, per, source, price_list_id)
        VALUES (${org}, ${product}, '2026-04-01', 9.8, 'kg', 'price_list', ${list})`.execute(db);
      await sql`UPDATE products SET price = 9.8, price_source = 'price_list' WHERE id = ${product}`.execute(db);
      // A cost change names its invoice or its price list, one of the two.
      const { id: recipe } = (
        await sql<{
          id: string;
        }>`INSERT INTO recipes (organisation_id, name, servings) VALUES (${org}, 'Quiche', 1) RETURNING id`.execute(db)
      ).rows[0]!;
      await expect(
        sql`INSERT INTO recipe_cost_changes (organisation_id, recipe_id, date) VALUES (${org}, ${recipe}, '2026-04-01')`.execute(
          db,
        ),
      ).rejects.toThrow(/recipe_cost_changes_source_check/);
      await sql`INSERT INTO recipe_cost_changes (organisation_id, recipe_id, date, price_list_id, cost_before, cost_after)
        VALUES (${org}, ${recipe}, '2026-04-01', ${list}, 1, 1.2)`.execute(db);
      await expect(sql`UPDATE supplier_price_lists SET version = 0`.execute(db)).rejects.toThrow(
        /supplier_price_lists_version_check/,
      );

      const { down } = await import('./migrations/0033-supplier-price-lists.ts');
      await down(db as never);
      const after = await rows();
      expect(after.prices).toEqual([
        ...before.prices,
        expect.objectContaining({ date: '2026-04-01', source: 'manual', invoice_id: null }),
      ]);
      expect(after.products).toEqual([expect.objectContaining({ id: product, price_source: 'manual' })]);
      expect((await sql`SELECT count(*)::int AS n FROM recipe_cost_changes`.execute(db)).rows).toEqual([{ n: 0 }]);
      const tables = await sql<{ n: number }>`SELECT count(*)::int AS n FROM information_schema.tables
        WHERE table_name IN ('supplier_price_lists', 'supplier_price_list_lines')`.execute(db);
      expect(tables.rows[0]!.n).toBe(0);
    } finally {
      await old.close();
    }
  }, 120_000);
});
