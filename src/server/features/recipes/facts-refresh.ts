import type { Kysely } from 'kysely';
import { RECIPE_FACTS_VERSION } from '../../../shared/recipe-facts.ts';
import type { DB } from '../../db/schema.ts';
import { findFoods, type FoodForRecipe } from '../../domain/catalogue-foods.ts';
import { factsColumns, factsFromCatalogue } from './facts.ts';

const BATCH = 100;

export interface RefreshOptions {
  /** Recompute every recipe, not only the stale ones (the catalogue's values changed). */
  all?: boolean;
}

/**
 * Brings every stored recipe's facts to RECIPE_FACTS_VERSION (and to the catalogue as loaded),
 * so the API and the public menu can read them as stored. Run at start, after the migrations
 * and the catalogue load, before the server listens. Batches of 100 in their own transactions;
 * rows are claimed with SKIP LOCKED, so several processes starting together share the work,
 * and a recipe an owner is saving at that moment is left to that save (it writes fresh facts).
 * Returns the number of recipes recomputed.
 */
export async function refreshRecipeFacts(db: Kysely<DB>, options: RefreshOptions = {}): Promise<number> {
  let after = '00000000-0000-0000-0000-000000000000';
  let done = 0;
  for (;;) {
    const batch = await db.transaction().execute(async (trx) => {
      let query = trx
        .selectFrom('recipes')
        .select(['id', 'servings', 'cooked_weight_g', 'fruit_veg_legume_percent', 'allergens_declared'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(BATCH)
        .forUpdate()
        .skipLocked();
      if (!options.all) query = query.where('facts_version', '<', RECIPE_FACTS_VERSION);
      const recipes = await query.execute();
      if (recipes.length === 0) return null;
      const lines = await trx
        .selectFrom('recipe_ingredients')
        .select(['recipe_id', 'food_code', 'quantity', 'unit', 'grams_per_unit', 'grams_per_ml'])
        .where('recipe_id', 'in', recipes.map((r) => r.id))
        .orderBy('recipe_id')
        .orderBy('position')
        .execute();
      const foods = await findFoods(trx, lines.map((l) => l.food_code));
      for (const recipe of recipes) {
        const own = lines
          .filter((l) => l.recipe_id === recipe.id)
          // A line always names a catalogue food (foreign key); rows are never deleted from it.
          .map((l) => ({ quantity: l.quantity, unit: l.unit, gramsPerUnit: l.grams_per_unit, gramsPerMl: l.grams_per_ml, food: foods.get(l.food_code) as FoodForRecipe }));
        const facts = factsFromCatalogue(
          {
            servings: recipe.servings,
            cookedWeightG: recipe.cooked_weight_g,
            fruitVegLegumePercent: recipe.fruit_veg_legume_percent,
            allergensDeclared: recipe.allergens_declared,
          },
          own,
        );
        // updated_at stays: the owner changed nothing.
        await trx.updateTable('recipes').set(factsColumns(facts)).where('id', '=', recipe.id).execute();
      }
      return { last: recipes.at(-1)!.id, count: recipes.length };
    });
    if (batch === null) return done;
    after = batch.last;
    done += batch.count;
  }
}
