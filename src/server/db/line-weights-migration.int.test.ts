import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { getRecipe } from '../features/recipes/service.ts';
import { openDatabaseBefore } from '../test/migration-fixture.ts';
import { checkViolation } from './constraints.ts';

/** Migration 0006-line-weights on rows written by the schema before it. */
describe('migration 0006-line-weights', () => {
  it('keeps every line and density 1 on old volumes, then refuses 0 and volumes without a density', async () => {
    const old = await openDatabaseBefore('0006-line-weights');
    try {
      const db = old.db;
      const { rows: users } = await sql<{ id: string }>`
        INSERT INTO users (name, email) VALUES ('Chef', 'line-weights@example.com') RETURNING id`.execute(db);
      const userId = users[0]!.id;
      const facts = JSON.stringify({
        version: 2,
        nutrition: { partial: false, missing: {}, totalGrams: 450, totals: { energyKcal: 999 }, redMeat: false },
      });
      // A recipe as the old rules allowed: price 0, a quantity of 0, oil in ml at density 1.
      const { rows: recipes } = await sql<{ id: string }>`
        INSERT INTO recipes (user_id, name, servings, price, calories_per_serving, facts, facts_version)
        VALUES (${userId}, 'Vinaigrette', 2, 0, 500, ${facts}::jsonb, 2) RETURNING id`.execute(db);
      const recipeId = recipes[0]!.id;
      await sql`
        INSERT INTO recipe_ingredients (recipe_id, position, food_code, name, quantity, unit, grams_per_unit) VALUES
          (${recipeId}, 0, 17440, 'Huile de tournesol', 100, 'ml', NULL),
          (${recipeId}, 1, 19041, 'Lait demi-écrémé, UHT', 0.2, 'l', NULL),
          (${recipeId}, 2, 11018, 'Vinaigre', 0, 'g', NULL),
          (${recipeId}, 3, 22002, 'Oeuf, jaune (jaune d''oeuf), cru', 2, 'unité', 55)`.execute(db);

      expect(await old.migrateToLatest()).toContain('0006-line-weights');

      const { rows: lines } = await sql<{
        position: number;
        quantity: number;
        unit: string;
        grams_per_unit: number | null;
        grams_per_ml: number | null;
      }>`
        SELECT position, quantity, unit, grams_per_unit, grams_per_ml FROM recipe_ingredients WHERE recipe_id = ${recipeId} ORDER BY position`.execute(
        db,
      );
      expect(lines).toEqual([
        { position: 0, quantity: 100, unit: 'ml', grams_per_unit: null, grams_per_ml: 1 },
        { position: 1, quantity: 0.2, unit: 'l', grams_per_unit: null, grams_per_ml: 1 },
        { position: 2, quantity: 0, unit: 'g', grams_per_unit: null, grams_per_ml: null },
        { position: 3, quantity: 2, unit: 'unité', grams_per_unit: 55, grams_per_ml: null },
      ]);
      // The stored nutrition and price are the owner's until they save the recipe again.
      const { active_organisation_id: organisationId } = await db
        .selectFrom('users')
        .select('active_organisation_id')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      const recipe = await getRecipe(db, organisationId!, recipeId);
      expect(recipe).toMatchObject({ price: 0, caloriesPerServing: 500, nutrition: { totalGrams: 450 } });
      expect(recipe.ingredients.map((l) => l.gramsPerMl)).toEqual([1, 1, null, null]);

      const refused = async (run: () => Promise<unknown>) => {
        try {
          await run();
        } catch (error) {
          return checkViolation(error);
        }
        throw new Error('the database accepted it');
      };
      const line = (quantity: number, unit: string, gramsPerMl: number | null) =>
        sql`INSERT INTO recipe_ingredients (recipe_id, position, food_code, name, quantity, unit, grams_per_ml)
            VALUES (${recipeId}, 9, 17440, 'Huile', ${quantity}, ${unit}, ${gramsPerMl})`.execute(db);
      expect(await refused(() => line(0, 'g', null))).toEqual({
        field: 'quantity',
        message: 'La quantité doit être supérieure à 0',
      });
      expect(await refused(() => line(10, 'ml', null))).toEqual({
        field: 'gramsPerMl',
        message: 'Indiquez la densité (en g/ml), supérieure à 0',
      });
      expect(await refused(() => line(10, 'ml', 0))).toEqual({
        field: 'gramsPerMl',
        message: 'Indiquez la densité (en g/ml), supérieure à 0',
      });
      expect(
        await refused(() => sql`UPDATE recipes SET price = 0, name = 'Vinaigrette' WHERE id = ${recipeId}`.execute(db)),
      ).toEqual({
        field: 'price',
        message: 'Le prix doit être supérieur à 0',
      });
      await line(10, 'ml', 0.92);
      const { rows: added } = await sql<{
        grams_per_ml: number;
      }>`SELECT grams_per_ml FROM recipe_ingredients WHERE recipe_id = ${recipeId} AND position = 9`.execute(db);
      expect(added).toEqual([{ grams_per_ml: 0.92 }]);
    } finally {
      await old.close();
    }
    // A new database loads the whole Ciqual table first: slow on a busy 2-core machine.
  }, 120_000);
});
