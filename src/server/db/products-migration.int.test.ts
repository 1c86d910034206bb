import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { refreshRecipeFacts } from '../features/recipes/facts-refresh.ts';
import { openDatabaseBefore } from '../test/migration-fixture.ts';

/** 0010-products-and-sub-recipes on a database filled by the schema before it (src/server/db/migrations/0010-products-and-sub-recipes.ts). */
describe('migration 0010-products-and-sub-recipes', () => {
  it('keeps every recipe and line, copies the owner’s allergen lists, and lets lines name a product', async () => {
    const old = await openDatabaseBefore('0010-products-and-sub-recipes');
    try {
      const db = old.db;
      const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db)).rows[0]!;
      const user = (
        await one(
          sql<{
            id: string;
          }>`INSERT INTO users (name, email, signup_restaurant_name) VALUES ('Lucie', 'lucie@example.fr', 'Chez Lucie') RETURNING id`,
        )
      ).id;
      const org = (
        await one(sql<{ organisation_id: string }>`SELECT organisation_id FROM memberships WHERE user_id = ${user}`)
      ).organisation_id;
      const recipe = (
        await one(sql<{
          id: string;
        }>`INSERT INTO recipes (organisation_id, created_by, name, servings, allergens, traces, allergens_declared, facts_version)
          VALUES (${org}, ${user}, 'Gratin', 4, ARRAY['Lait'], ARRAY['Gluten'], true, 2) RETURNING id`)
      ).id;
      await sql`INSERT INTO recipe_ingredients (recipe_id, position, food_code, name, quantity, unit) VALUES (${recipe}, 0, 16400, 'Beurre', 50, 'g'), (${recipe}, 1, 4003, 'Pomme de terre', 1, 'kg')`.execute(
        db,
      );
      const linesBefore = (
        await sql`SELECT id, food_code, quantity, unit FROM recipe_ingredients ORDER BY position`.execute(db)
      ).rows;

      expect(await old.migrateToLatest()).toContain('0010-products-and-sub-recipes');

      const row = await db
        .selectFrom('recipes')
        .select(['name', 'allergens', 'traces', 'own_allergens', 'own_traces', 'allergens_declared'])
        .where('id', '=', recipe)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        name: 'Gratin',
        allergens: ['Lait'],
        traces: ['Gluten'],
        own_allergens: ['Lait'],
        own_traces: ['Gluten'],
        allergens_declared: true,
      });
      const linesAfter = await db
        .selectFrom('recipe_ingredients')
        .select(['id', 'food_code', 'quantity', 'unit', 'product_id'])
        .orderBy('position')
        .execute();
      expect(linesAfter).toEqual(linesBefore.map((line) => ({ ...(line as object), product_id: null })));

      // The start-up refresh brings the old facts to the new version, the lists as they were.
      expect(await refreshRecipeFacts(db)).toBe(1);
      expect(
        await db
          .selectFrom('recipes')
          .select(['allergens', 'traces'])
          .where('id', '=', recipe)
          .executeTakeFirstOrThrow(),
      ).toEqual({ allergens: ['Lait'], traces: ['Gluten'] });

      // A line names exactly one source.
      const product = (
        await one(
          sql<{
            id: string;
          }>`INSERT INTO products (organisation_id, name, name_folded) VALUES (${org}, 'Fond blanc', 'fond blanc') RETURNING id`,
        )
      ).id;
      await sql`INSERT INTO recipe_ingredients (recipe_id, position, product_id, name, quantity, unit) VALUES (${recipe}, 2, ${product}, 'Fond blanc', 100, 'g')`.execute(
        db,
      );
      await expect(
        sql`INSERT INTO recipe_ingredients (recipe_id, position, food_code, product_id, name, quantity, unit) VALUES (${recipe}, 3, 16400, ${product}, 'Les deux', 1, 'g')`.execute(
          db,
        ),
      ).rejects.toThrow(/recipe_ingredients_one_source_check/);
      await expect(
        sql`INSERT INTO recipe_ingredients (recipe_id, position, name, quantity, unit) VALUES (${recipe}, 3, 'Aucun', 1, 'g')`.execute(
          db,
        ),
      ).rejects.toThrow(/recipe_ingredients_one_source_check/);
      // A portion is a sub-recipe's unit only; a recipe never contains itself directly.
      await expect(
        sql`INSERT INTO recipe_ingredients (recipe_id, position, food_code, name, quantity, unit) VALUES (${recipe}, 3, 16400, 'Beurre', 1, 'portion')`.execute(
          db,
        ),
      ).rejects.toThrow(/recipe_ingredients_sub_recipe_unit_check/);
      await expect(
        sql`INSERT INTO recipe_ingredients (recipe_id, position, sub_recipe_id, name, quantity, unit) VALUES (${recipe}, 3, ${recipe}, 'Gratin', 1, 'portion')`.execute(
          db,
        ),
      ).rejects.toThrow(/recipe_ingredients_not_itself_check/);
      // A product still used cannot be deleted; the organisation's deletion takes both.
      await expect(sql`DELETE FROM products WHERE id = ${product}`.execute(db)).rejects.toThrow(/foreign key/);
      await sql`DELETE FROM organisations WHERE id = ${org}`.execute(db);
      expect((await sql`SELECT count(*)::int AS n FROM products`.execute(db)).rows).toEqual([{ n: 0 }]);
    } finally {
      await old.close();
    }
  });
});
