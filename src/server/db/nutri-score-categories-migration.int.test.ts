import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabaseBefore, tableRows } from '../test/migration-fixture.ts';

describe('migration 0022-nutri-score-categories-kitchen-units', () => {
  it('keeps every recipe and line, makes every recipe `auto`, takes the kitchen units and a product’s own unit weight; down turns them back', async () => {
    const old = await openDatabaseBefore('0022-nutri-score-categories-kitchen-units');
    try {
      const db = old.db;
      await sql`INSERT INTO users (name, email, signup_restaurant_name) VALUES ('Lucie', 'lucie-0022@example.fr', 'Chez Lucie')`.execute(
        db,
      );
      const owner = (
        await sql<{
          id: string;
          org: string;
        }>`SELECT id, active_organisation_id AS org FROM users WHERE email = 'lucie-0022@example.fr'`.execute(db)
      ).rows[0]!;
      const recipe = (
        await sql<{
          id: string;
        }>`INSERT INTO recipes (organisation_id, created_by, name, servings) VALUES (${owner.org}, ${owner.id}, 'Vinaigrette', 4) RETURNING id`.execute(
          db,
        )
      ).rows[0]!.id;
      const egg = (
        await sql<{
          id: string;
        }>`INSERT INTO products (organisation_id, name, name_folded, grams_per_unit) VALUES (${owner.org}, 'Œuf', 'oeuf', 55) RETURNING id`.execute(
          db,
        )
      ).rows[0]!.id;
      await sql`INSERT INTO recipe_ingredients (recipe_id, position, food_code, name, quantity, unit, grams_per_ml)
        VALUES (${recipe}, 0, 17270, 'Huile d''olive vierge extra', 60, 'ml', 0.91)`.execute(db);
      await sql`INSERT INTO recipe_ingredients (recipe_id, position, product_id, name, quantity, unit, grams_per_unit)
        VALUES (${recipe}, 1, ${egg}, 'Œuf', 1, 'unité', 50)`.execute(db);
      const snapshot = () => tableRows(db, ['recipes', 'recipe_ingredients', 'products']);
      const before = await snapshot();
      // The old schema refuses a spoon, and a product's « unité » line without its own weight.
      await expect(
        sql`INSERT INTO recipe_ingredients (recipe_id, position, food_code, name, quantity, unit, grams_per_ml)
          VALUES (${recipe}, 2, 11220, 'Vinaigre', 2, 'cs', 1.01)`.execute(db),
      ).rejects.toThrow(/recipe_ingredients_unit_check/);

      expect(await old.migrateTo('0022-nutri-score-categories-kitchen-units')).toContain(
        '0022-nutri-score-categories-kitchen-units',
      );
      const after = await snapshot();
      expect(after.recipe_ingredients).toEqual(before.recipe_ingredients);
      expect(after.products).toEqual(before.products);
      expect(after.recipes).toEqual(before.recipes!.map((r) => ({ ...r, nutri_score_category: 'auto' })));

      await sql`INSERT INTO recipe_ingredients (recipe_id, position, food_code, name, quantity, unit, grams_per_ml)
        VALUES (${recipe}, 2, 11220, 'Vinaigre', 2, 'cs', 1.01), (${recipe}, 3, 11017, 'Sel', 1, 'pincee', 1.23),
               (${recipe}, 4, 18066, 'Eau', 5, 'cl', 1), (${recipe}, 5, 11013, 'Moutarde', 1, 'cc', 1)`.execute(db);
      await sql`INSERT INTO recipe_ingredients (recipe_id, position, product_id, name, quantity, unit)
        VALUES (${recipe}, 6, ${egg}, 'Œuf', 2, 'unité')`.execute(db);
      await sql`UPDATE recipes SET nutri_score_category = 'fats' WHERE id = ${recipe}`.execute(db);
      // Still refused: a spoon without a density, a Ciqual food's « unité » without a weight, an unknown table.
      await expect(
        sql`INSERT INTO recipe_ingredients (recipe_id, position, food_code, name, quantity, unit)
          VALUES (${recipe}, 7, 11220, 'Vinaigre', 2, 'cs')`.execute(db),
      ).rejects.toThrow(/recipe_ingredients_volume_density_check/);
      await expect(
        sql`INSERT INTO recipe_ingredients (recipe_id, position, food_code, name, quantity, unit)
          VALUES (${recipe}, 7, 22000, 'Oeuf cru', 2, 'unité')`.execute(db),
      ).rejects.toThrow(/recipe_ingredients_unit_weight_check/);
      await expect(
        sql`UPDATE recipes SET nutri_score_category = 'soda' WHERE id = ${recipe}`.execute(db),
      ).rejects.toThrow(/recipes_nutri_score_category_check/);

      const { down } = await import('./migrations/0022-nutri-score-categories-kitchen-units.ts');
      await down(db as never);
      const lines = (
        await sql<{
          position: number;
          quantity: string;
          unit: string;
          grams_per_unit: string | null;
        }>`SELECT position, quantity::text, unit, grams_per_unit::text FROM recipe_ingredients ORDER BY position`.execute(
          db,
        )
      ).rows;
      expect(
        lines.map((l) => [l.position, Number(l.quantity), l.unit, l.grams_per_unit && Number(l.grams_per_unit)]),
      ).toEqual([
        [0, 60, 'ml', null],
        [1, 1, 'unité', 50],
        [2, 30, 'ml', null],
        [3, 0.313, 'ml', null],
        [4, 50, 'ml', null],
        [5, 5, 'ml', null],
        [6, 2, 'unité', 55],
      ]);
      const columns = await sql<{
        column_name: string;
      }>`SELECT column_name FROM information_schema.columns WHERE table_name = 'recipes' AND column_name = 'nutri_score_category'`.execute(
        db,
      );
      expect(columns.rows).toEqual([]);
    } finally {
      await old.close();
    }
  });
});
