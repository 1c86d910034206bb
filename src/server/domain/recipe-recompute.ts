import type { Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { findFoods, type FoodForRecipe } from './catalogue-foods.ts';
import { factsColumns, factsFromSources, type FactsLineSource } from './recipe-facts-store.ts';
import { findProducts, foodSource, productSource } from './recipe-line-sources.ts';

/**
 * Recomputes and stores the facts of these recipes from their stored lines and the current
 * catalogue and products, in the caller's transaction: the start-up refresh (facts-refresh.ts)
 * and every change of a product (src/server/features/products/service.ts) go through here.
 * updated_at stays: the owner changed nothing in the recipe itself.
 */
export async function recomputeRecipes(trx: Transaction<DB>, recipeIds: readonly string[]): Promise<void> {
  if (recipeIds.length === 0) return;
  const recipes = await trx
    .selectFrom('recipes')
    .select(['id', 'organisation_id', 'servings', 'cooked_weight_g', 'fruit_veg_legume_percent', 'allergens_declared', 'own_allergens', 'own_traces'])
    .where('id', 'in', [...recipeIds])
    .execute();
  const lines = await trx
    .selectFrom('recipe_ingredients')
    .select(['recipe_id', 'food_code', 'product_id', 'quantity', 'unit', 'grams_per_unit', 'grams_per_ml'])
    .where('recipe_id', 'in', [...recipeIds])
    .orderBy('recipe_id')
    .orderBy('position')
    .execute();
  const foods = await findFoods(trx, lines.flatMap((l) => (l.food_code === null ? [] : [l.food_code])));
  const productIds = lines.flatMap((l) => (l.product_id === null ? [] : [l.product_id]));
  const organisations = new Set(recipes.map((r) => r.organisation_id));
  const products = new Map([...(await Promise.all([...organisations].map((org) => findProducts(trx, org, productIds))))].flatMap((m) => [...m]));
  for (const recipe of recipes) {
    const own: FactsLineSource[] = lines
      .filter((l) => l.recipe_id === recipe.id)
      // A line names a catalogue food (never deleted) or a product of its organisation (foreign key, NO ACTION).
      .map((l) => ({
        quantity: l.quantity,
        unit: l.unit,
        gramsPerUnit: l.grams_per_unit,
        gramsPerMl: l.grams_per_ml,
        source: l.product_id !== null ? productSource(products.get(l.product_id)!) : foodSource(foods.get(l.food_code!) as FoodForRecipe),
      }));
    const facts = factsFromSources(
      {
        servings: recipe.servings,
        cookedWeightG: recipe.cooked_weight_g,
        fruitVegLegumePercent: recipe.fruit_veg_legume_percent,
        allergensDeclared: recipe.allergens_declared,
        ownAllergens: recipe.own_allergens,
        ownTraces: recipe.own_traces,
      },
      own,
    );
    await trx.updateTable('recipes').set(factsColumns(facts)).where('id', '=', recipe.id).execute();
  }
}
