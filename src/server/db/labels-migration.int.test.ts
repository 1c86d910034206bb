import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabaseBefore } from '../test/migration-fixture.ts';

describe('migration 0027-labels', () => {
  it('keeps every recipe and product, adds the label settings (owned, going with their recipe) and a product’s own list; down removes both', async () => {
    const old = await openDatabaseBefore('0027-labels');
    try {
      const db = old.db;
      await sql`INSERT INTO users (name, email, signup_restaurant_name) VALUES ('Lucie', 'lucie-0027@example.fr', 'Chez Lucie')`.execute(
        db,
      );
      const { id: userId, org } = (
        await sql<{
          id: string;
          org: string;
        }>`SELECT id, active_organisation_id AS org FROM users WHERE email = 'lucie-0027@example.fr'`.execute(db)
      ).rows[0]!;
      await sql`INSERT INTO recipes (organisation_id, created_by, name) VALUES (${org}, ${userId}, 'Quiche')`.execute(
        db,
      );
      await sql`INSERT INTO products (organisation_id, created_by, name, name_folded) VALUES (${org}, ${userId}, 'Moutarde', 'moutarde')`.execute(
        db,
      );
      const snapshot = async () => ({
        recipes: (await sql`SELECT * FROM recipes ORDER BY id`.execute(db)).rows,
        products: (await sql`SELECT id, name, allergens FROM products ORDER BY id`.execute(db)).rows,
      });
      const before = await snapshot();

      expect(await old.migrateToLatest()).toContain('0027-labels');
      expect(await snapshot()).toEqual(before);
      const { id: recipeId } = (await sql<{ id: string }>`SELECT id FROM recipes`.execute(db)).rows[0]!;
      const { id: establishmentId } = (
        await sql<{ id: string }>`SELECT id FROM establishments WHERE organisation_id = ${org}`.execute(db)
      ).rows[0]!;
      expect((await sql`SELECT label_ingredients FROM products`.execute(db)).rows).toEqual([
        { label_ingredients: null },
      ]);
      await sql`INSERT INTO recipe_labels (recipe_id, organisation_id, shelf_life_days, establishment_id) VALUES (${recipeId}, ${org}, 3, ${establishmentId})`.execute(
        db,
      );
      expect(
        (
          await sql`SELECT version, nutrition, barcode, net_quantity_unit, ingredient_names FROM recipe_labels`.execute(
            db,
          )
        ).rows,
      ).toEqual([{ version: 1, nutrition: 'per_100g', barcode: 'none', net_quantity_unit: 'g', ingredient_names: {} }]);
      for (const bad of [
        sql`UPDATE recipe_labels SET shelf_life_days = 400`,
        sql`UPDATE recipe_labels SET barcode = 'ean13'`,
        sql`UPDATE recipe_labels SET denomination = ''`,
        sql`UPDATE recipe_labels SET version = 0`,
        sql`UPDATE products SET label_ingredients = ''`,
      ])
        await expect(bad.execute(db)).rejects.toThrow(/check/);
      // Another organisation's recipe cannot be labelled under this one.
      await sql`INSERT INTO users (name, email) VALUES ('Paul', 'paul-0027@example.fr')`.execute(db);
      const { org: otherOrg } = (
        await sql<{
          org: string;
        }>`SELECT active_organisation_id AS org FROM users WHERE email = 'paul-0027@example.fr'`.execute(db)
      ).rows[0]!;
      await expect(
        sql`INSERT INTO recipe_labels (recipe_id, organisation_id) VALUES (${recipeId}, ${otherOrg})`.execute(db),
      ).rejects.toThrow(/foreign key|violates/);
      // The establishment goes: the label keeps the default one; the recipe goes: its label too.
      await sql`DELETE FROM establishments WHERE id = ${establishmentId}`.execute(db);
      expect((await sql`SELECT establishment_id, organisation_id FROM recipe_labels`.execute(db)).rows).toEqual([
        { establishment_id: null, organisation_id: org },
      ]);
      await sql`DELETE FROM recipes WHERE id = ${recipeId}`.execute(db);
      expect((await sql`SELECT count(*)::int AS n FROM recipe_labels`.execute(db)).rows).toEqual([{ n: 0 }]);

      const { down } = await import('./migrations/0027-labels.ts');
      await down(db as never);
      expect((await sql`SELECT to_regclass('recipe_labels') AS t`.execute(db)).rows).toEqual([{ t: null }]);
      expect(
        (
          await sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'products' AND column_name = 'label_ingredients'`.execute(
            db,
          )
        ).rows,
      ).toEqual([]);
    } finally {
      await old.close();
    }
  });
});
