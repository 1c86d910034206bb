import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { RECIPE_FACTS_VERSION, type RecipeFacts } from '../../../shared/recipe-facts.ts';
import { refreshRecipeFacts } from '../../features/recipes/facts-refresh.ts';
import { openDatabaseBefore } from '../../test/migration-fixture.ts';

interface OldRecipe {
  name: string;
  allergens: string[];
  traces: string[];
}

// Rows as the schema before 0005 stored them: the names of docs/product/spec.md, the old `nutrition` layout.
const OLD: OldRecipe[] = [
  { name: 'Gratin', allergens: ['Lactose', 'Gluten'], traces: ['Poisson'] },
  { name: 'Bouillabaisse', allergens: ['Poisson', 'Mollusques', 'Céleri'], traces: ['Lactose', 'Fruits à coque'] },
  { name: 'Salade', allergens: [], traces: [] },
  { name: 'Pain', allergens: ['Gluten'], traces: ['Graines de sésame'] },
];

describe('migration 0005-allergen-status-and-facts', () => {
  it('renames Lactose and Poisson in both lists, makes every recipe unverified, and its facts recomputed at start', async () => {
    const old = await openDatabaseBefore('0005-allergen-status-and-facts');
    try {
      const { rows: users } = await sql<{
        id: string;
      }>`INSERT INTO users (name, email) VALUES ('Chef', 'chef-0005@example.com') RETURNING id`.execute(old.db);
      const userId = users[0]!.id;
      const ids: string[] = [];
      for (const r of OLD) {
        const { rows } = await sql<{ id: string }>`
          INSERT INTO recipes (user_id, name, description, servings, allergens, traces, dietary_info, calories_per_serving, nutrition, price, fruit_veg_legume_percent, show_nutri_score)
          VALUES (${userId}, ${r.name}, 'Maison', 4, ${r.allergens}::text[], ${r.traces}::text[], ARRAY['Végétarien'], 9999,
                  ${JSON.stringify({ partial: false, totalGrams: 1, nutriScoreLetter: 'A' })}::jsonb, 12.5, 0, true)
          RETURNING id`.execute(old.db);
        ids.push(rows[0]!.id);
        // 1 kg of boiled potatoes and 50 g of butter.
        await sql`
          INSERT INTO recipe_ingredients (recipe_id, position, food_code, name, quantity, unit)
          VALUES (${rows[0]!.id}, 0, 4003, 'Pomme de terre', 1, 'kg'), (${rows[0]!.id}, 1, 16400, 'Beurre', 50, 'g')`.execute(
          old.db,
        );
      }

      expect(await old.migrateToLatest()).toContain('0005-allergen-status-and-facts');
      const migrated = await old.db
        .selectFrom('recipes')
        .selectAll()
        .where('created_by', '=', userId)
        .orderBy('name')
        .execute();
      const byName = new Map(migrated.map((r) => [r.name, r]));
      expect(byName.get('Gratin')).toMatchObject({ allergens: ['Lait', 'Gluten'], traces: ['Poissons'] });
      expect(byName.get('Bouillabaisse')).toMatchObject({
        allergens: ['Poissons', 'Mollusques', 'Céleri'],
        traces: ['Lait', 'Fruits à coque'],
      });
      expect(byName.get('Salade')).toMatchObject({ allergens: [], traces: [] });
      expect(byName.get('Pain')).toMatchObject({ allergens: ['Gluten'], traces: ['Graines de sésame'] });
      // Nothing else lost; nobody confirmed anything yet; the facts wait for the start.
      for (const r of migrated) {
        expect(r).toMatchObject({
          description: 'Maison',
          servings: 4,
          dietary_info: ['Végétarien'],
          price: 12.5,
          show_nutri_score: true,
          allergens_declared: false,
          facts_version: 0,
        });
        expect(r.facts).toEqual({ partial: false, totalGrams: 1, nutriScoreLetter: 'A' });
      }
      const lines = await old.db
        .selectFrom('recipe_ingredients')
        .select('recipe_id')
        .where('recipe_id', 'in', ids)
        .execute();
      expect(lines).toHaveLength(8);

      // What the server does at start (src/server/boot.ts), on these rows.
      expect(await refreshRecipeFacts(old.db)).toBe(4);
      for (const r of await old.db.selectFrom('recipes').selectAll().where('created_by', '=', userId).execute()) {
        const facts = r.facts as RecipeFacts;
        expect(r.facts_version).toBe(RECIPE_FACTS_VERSION);
        // (81 × 10 + 753 × 0.5) / 4 = 296.6 kcal.
        expect(r.calories_per_serving).toBe(297);
        expect(facts).toMatchObject({
          version: RECIPE_FACTS_VERSION,
          allergenStatus: 'unverified',
          caloriesPerServing: 297,
        });
        expect(facts.allergenSuggestions).toEqual([{ allergen: 'Lait', sources: ['Beurre à 80% MG minimum, doux'] }]);
        expect(facts.nutriScore).toMatchObject({ available: true });
      }
    } finally {
      await old.close();
    }
  });

  it('takes the names back on the way down', async () => {
    const old = await openDatabaseBefore('0005-allergen-status-and-facts');
    try {
      const { rows: users } = await sql<{
        id: string;
      }>`INSERT INTO users (name, email) VALUES ('Chef', 'chef-down@example.com') RETURNING id`.execute(old.db);
      await sql`INSERT INTO recipes (user_id, name, allergens, traces) VALUES (${users[0]!.id}, 'Gratin', ARRAY['Lactose', 'Gluten'], ARRAY['Poisson'])`.execute(
        old.db,
      );
      await old.migrateToLatest();
      const { down } = await import('./0005-allergen-status-and-facts.ts');
      await down(old.db as never);
      const { rows } = await sql<{
        allergens: string[];
        traces: string[];
        nutrition: unknown;
      }>`SELECT allergens, traces, nutrition FROM recipes`.execute(old.db);
      expect(rows).toEqual([{ allergens: ['Lactose', 'Gluten'], traces: ['Poisson'], nutrition: {} }]);
    } finally {
      await old.close();
    }
  });
});
