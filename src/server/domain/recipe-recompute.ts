import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { findFoods, type FoodForRecipe } from './catalogue-foods.ts';
import { findIngredientPrices } from './ingredient-prices.ts';
import { priceOfFood } from '../../shared/ingredient-prices.ts';
import { factsColumns, factsFromSources, type FactsLineSource } from './recipe-facts-store.ts';
import {
  findProducts,
  findSubRecipes,
  foodSource,
  productSource,
  subRecipeGrams,
  subRecipeSource,
} from './recipe-line-sources.ts';

/** Deeper nesting is refused at save (src/server/features/recipes/sub-recipes.ts); the walks below stop there too. */
export const MAX_DEPTH = 20;

/**
 * Recomputes and stores the facts of these recipes, one after the other in the given order,
 * from their stored lines and the current catalogue, products and sub-recipes' stored facts,
 * in the caller's transaction: the start-up refresh (src/server/features/recipes/facts-refresh.ts)
 * and every change of a product or a sub-recipe go through here. A sub-recipe listed before
 * its parent is read as just recomputed. updated_at stays: the owner changed nothing.
 */
export async function recomputeRecipes(trx: Transaction<DB>, recipeIds: readonly string[]): Promise<void> {
  for (const id of recipeIds) {
    const recipe = await trx
      .selectFrom('recipes')
      .select([
        'id',
        'organisation_id',
        'servings',
        'cooked_weight_g',
        'fruit_veg_legume_percent',
        'nutri_score_category',
        'allergens_declared',
        'own_allergens',
        'own_traces',
      ])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!recipe) continue;
    const lines = await trx
      .selectFrom('recipe_ingredients')
      .select(['food_code', 'product_id', 'sub_recipe_id', 'quantity', 'unit', 'grams_per_unit', 'grams_per_ml'])
      .where('recipe_id', '=', id)
      .orderBy('position')
      .execute();
    const org = recipe.organisation_id;
    const foods = await findFoods(
      trx,
      lines.flatMap((l) => (l.food_code === null ? [] : [l.food_code])),
    );
    const products = await findProducts(
      trx,
      org,
      lines.flatMap((l) => (l.product_id === null ? [] : [l.product_id])),
    );
    const subs = await findSubRecipes(
      trx,
      org,
      lines.flatMap((l) => (l.sub_recipe_id === null ? [] : [l.sub_recipe_id])),
    );
    const prices = await findIngredientPrices(trx, org, [...foods.keys()]);
    // Every line names a catalogue food (never deleted), or a product or recipe of its organisation (foreign keys, NO ACTION).
    const sources: FactsLineSource[] = lines.map((l) => {
      if (l.sub_recipe_id !== null) {
        const sub = subs.get(l.sub_recipe_id)!;
        return {
          quantity: subRecipeGrams(l.quantity, l.unit as 'g' | 'kg' | 'portion', sub),
          unit: 'g',
          gramsPerUnit: null,
          gramsPerMl: null,
          source: subRecipeSource(sub),
        };
      }
      const product = l.product_id !== null ? products.get(l.product_id)! : null;
      const source = product
        ? productSource(product, l.grams_per_ml)
        : foodSource(foods.get(l.food_code!) as FoodForRecipe, priceOfFood(String(l.food_code), prices), {
            unit: l.unit,
            gramsPerUnit: l.grams_per_unit,
            gramsPerMl: l.grams_per_ml,
          });
      return {
        quantity: l.quantity,
        unit: l.unit as FactsLineSource['unit'],
        // A product's « unité » line without its own weight follows the product's (migration 0022).
        gramsPerUnit: l.grams_per_unit ?? (l.unit === 'unité' ? (product?.grams_per_unit ?? null) : null),
        gramsPerMl: l.grams_per_ml,
        source,
      };
    });
    const facts = factsFromSources(
      {
        servings: recipe.servings,
        cookedWeightG: recipe.cooked_weight_g,
        fruitVegLegumePercent: recipe.fruit_veg_legume_percent,
        nutriScoreCategory: recipe.nutri_score_category,
        allergensDeclared: recipe.allergens_declared,
        ownAllergens: recipe.own_allergens,
        ownTraces: recipe.own_traces,
      },
      sources,
    );
    await trx.updateTable('recipes').set(factsColumns(facts)).where('id', '=', id).execute();
  }
}

/**
 * Every recipe of the organisation that uses these products, recipes or Ciqual foods (whose price
 * changed), at any depth, deepest dependency first: a recipe comes after every recipe it
 * contains that changed.
 */
export async function dependentsOf(
  trx: Transaction<DB>,
  organisationId: string,
  changed: { productIds?: string[]; recipeIds?: string[]; foodCodes?: number[] },
): Promise<string[]> {
  const conditions = [
    ...(changed.foodCodes?.length ? [sql`ri.food_code IN (${sql.join(changed.foodCodes)})`] : []),
    ...(changed.productIds?.length ? [sql`ri.product_id IN (${sql.join(changed.productIds)})`] : []),
    ...(changed.recipeIds?.length ? [sql`ri.sub_recipe_id IN (${sql.join(changed.recipeIds)})`] : []),
  ];
  if (conditions.length === 0) return [];
  const { rows } = await sql<{ id: string; depth: number }>`
    WITH RECURSIVE up(id, depth) AS (
      SELECT ri.recipe_id, 1 FROM recipe_ingredients ri JOIN recipes r ON r.id = ri.recipe_id
      WHERE r.organisation_id = ${organisationId} AND (${sql.join(conditions, sql` OR `)})
      UNION
      SELECT ri.recipe_id, up.depth + 1 FROM recipe_ingredients ri JOIN up ON ri.sub_recipe_id = up.id
      WHERE up.depth < ${MAX_DEPTH}
    )
    SELECT id, max(depth)::int AS depth FROM up GROUP BY id ORDER BY depth, id`.execute(trx);
  return rows.map((r) => r.id);
}

/**
 * Recomputes, in the caller's transaction, every recipe that uses these products or recipes,
 * whose rows' triggers tell the public pages that show one of them (docs/decisions/0020-languages-filter-live-availability.md,
 * src/server/db/migrations/0015-performance.ts).
 */
export async function recomputeDependents(
  trx: Transaction<DB>,
  organisationId: string,
  changed: { productIds?: string[]; recipeIds?: string[]; foodCodes?: number[] },
): Promise<void> {
  const dependents = await dependentsOf(trx, organisationId, changed);
  await recomputeRecipes(trx, dependents);
}
