import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabaseBefore } from '../test/migration-fixture.ts';

describe('migration 0020-own-ingredient-changes', () => {
  it('keeps every row of the previous schema and announces each change to a product or a recipe as i:<organisation>; down removes the triggers', async () => {
    const old = await openDatabaseBefore('0020-own-ingredient-changes');
    try {
      const db = old.db;
      await sql`INSERT INTO users (name, email, signup_restaurant_name) VALUES ('Lucie', 'lucie-0020@example.fr', 'Chez Lucie')`.execute(
        db,
      );
      const owner = (
        await sql<{
          id: string;
          org: string;
        }>`SELECT id, active_organisation_id AS org FROM users WHERE email = 'lucie-0020@example.fr'`.execute(db)
      ).rows[0]!;
      await sql`INSERT INTO recipes (organisation_id, created_by, name, servings) VALUES (${owner.org}, ${owner.id}, 'Quiche', 4)`.execute(
        db,
      );
      await sql`INSERT INTO products (organisation_id, name, name_folded) VALUES (${owner.org}, 'Fond blanc', 'fond blanc')`.execute(
        db,
      );
      const snapshot = async () =>
        Object.fromEntries(
          await Promise.all(
            ['organisations', 'products', 'recipes'].map(
              async (table) =>
                [
                  table,
                  (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)} ORDER BY 1`.execute(db)).rows,
                ] as const,
            ),
          ),
        );
      const before = await snapshot();

      expect(await old.migrateTo('0020-own-ingredient-changes')).toContain('0020-own-ingredient-changes');
      expect(await snapshot()).toEqual(before);

      const triggers = async () =>
        (
          await sql<{
            tgname: string;
          }>`SELECT tgname FROM pg_trigger WHERE tgname LIKE '%own_ingredients_changed' ORDER BY tgname`.execute(db)
        ).rows.map((r) => r.tgname);
      expect(await triggers()).toEqual(['products_own_ingredients_changed', 'recipes_own_ingredients_changed']);

      // Each write is announced at its commit, and the write itself goes through unchanged.
      const heard: string[] = [];
      const subscription = await old.listen('nutricarte_cache', {
        message: (payload) => heard.push(payload),
        reset: () => {},
      });
      const own = `i:${owner.org}`;
      const announced = async (write: () => Promise<unknown>) => {
        heard.length = 0;
        await write();
        await expect.poll(() => heard.filter((payload) => payload === own).length, { timeout: 5_000 }).toBe(1);
      };
      try {
        await announced(() =>
          sql`INSERT INTO products (organisation_id, name, name_folded) VALUES (${owner.org}, 'Crème', 'creme')`.execute(
            db,
          ),
        );
        await announced(() =>
          sql`UPDATE products SET name = 'Fond brun', name_folded = 'fond brun' WHERE name = 'Fond blanc'`.execute(db),
        );
        await announced(() => sql`UPDATE recipes SET name = 'Quiche lorraine' WHERE name = 'Quiche'`.execute(db));
        await announced(() =>
          sql`INSERT INTO recipes (organisation_id, created_by, name, servings) VALUES (${owner.org}, ${owner.id}, 'Tarte', 6)`.execute(
            db,
          ),
        );
        await announced(() => sql`DELETE FROM products WHERE name = 'Crème'`.execute(db));
        await announced(() => sql`DELETE FROM recipes WHERE name = 'Tarte'`.execute(db));
        // Many rows in one transaction: announced once.
        await announced(() =>
          db.transaction().execute(async (trx) => {
            for (let i = 0; i < 20; i++)
              await sql`INSERT INTO products (organisation_id, name, name_folded) VALUES (${owner.org}, ${`Produit ${i}`}, ${`produit ${i}`})`.execute(
                trx,
              );
          }),
        );
      } finally {
        await subscription.close();
      }
      expect(
        (
          await sql<{
            n: number;
          }>`SELECT count(*)::int AS n FROM products WHERE organisation_id = ${owner.org}`.execute(db)
        ).rows[0]!.n,
      ).toBe(21);

      const { down } = await import('./migrations/0020-own-ingredient-changes.ts');
      await down(db as never);
      expect(await triggers()).toEqual([]);
    } finally {
      await old.close();
    }
  });
});
