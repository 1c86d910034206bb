import { sql, type Transaction } from 'kysely';
import type { RecipeInputParsed } from '../../../shared/api/recipes.ts';
import { recipeMessages } from '../../../shared/api/recipes.ts';
import { isVolume, type Unit } from '../../../shared/units.ts';
import type { DB } from '../../db/schema.ts';
import { findFoods, type FoodForRecipe } from '../../domain/catalogue-foods.ts';
import { factsFromSources } from '../../domain/recipe-facts-store.ts';
import {
  findProducts,
  findSubRecipes,
  foodSource,
  productSource,
  subRecipeGrams,
  subRecipeSource,
} from '../../domain/recipe-line-sources.ts';
import { MAX_DEPTH } from '../../domain/recipe-recompute.ts';
import { findIngredientPrices } from '../../domain/ingredient-prices.ts';
import { priceOfFood } from '../../../shared/ingredient-prices.ts';
import { AppError } from '../../lib/errors.ts';
import { messages } from '../../../shared/messages.ts';
import { defaultMeasures } from './kitchen-measures.ts';

/**
 * Whether `recipeId` is reachable from these sub-recipes, at any depth (it would contain
 * itself). Run under the organisation's lock, so two saves cannot make A ⊂ B and B ⊂ A at once.
 */
async function reaches(trx: Transaction<DB>, subIds: string[], recipeId: string): Promise<boolean> {
  if (subIds.length === 0) return false;
  if (subIds.includes(recipeId)) return true;
  const { rows } = await sql<{ found: number }>`
    WITH RECURSIVE down(id, depth) AS (
      SELECT r.id, 1 FROM recipes r WHERE r.id IN (${sql.join(subIds)})
      UNION
      SELECT ri.sub_recipe_id, down.depth + 1 FROM recipe_ingredients ri JOIN down ON ri.recipe_id = down.id
      WHERE ri.sub_recipe_id IS NOT NULL AND down.depth < ${MAX_DEPTH}
    )
    SELECT 1 AS found FROM down WHERE id = ${recipeId} LIMIT 1`.execute(trx);
  return rows.length > 0;
}

/**
 * Every line must name a Ciqual food, a product or a recipe of the organisation, and a recipe
 * may not contain itself at any depth (`recipeId`: the recipe saved, null when new). The
 * facts are computed here, from the sources as stored now.
 */
export async function resolveIngredients(
  trx: Transaction<DB>,
  organisationId: string,
  recipeId: string | null,
  input: RecipeInputParsed,
) {
  const lines = input.ingredients;
  const foods = await findFoods(
    trx,
    lines.flatMap((line) => (line.code ? [Number(line.code)] : [])),
  );
  const products = await findProducts(
    trx,
    organisationId,
    lines.flatMap((line) => (line.productId ? [line.productId] : [])),
  );
  const subs = await findSubRecipes(
    trx,
    organisationId,
    lines.flatMap((line) => (line.recipeId ? [line.recipeId] : [])),
  );
  const prices = await findIngredientPrices(trx, organisationId, [...foods.keys()]);
  const fields: Record<string, string> = {};
  for (const [index, line] of lines.entries()) {
    if (line.code && !foods.has(Number(line.code))) fields[`ingredients.${index}.code`] = recipeMessages.unknownFood;
    if (line.productId && !products.has(line.productId))
      fields[`ingredients.${index}.productId`] = recipeMessages.unknownProduct;
    if (line.recipeId && !subs.has(line.recipeId))
      fields[`ingredients.${index}.recipeId`] = recipeMessages.unknownRecipe;
    else if (line.recipeId && recipeId !== null && (await reaches(trx, [line.recipeId], recipeId)))
      fields[`ingredients.${index}.recipeId`] = recipeMessages.cycle;
    const product = line.productId ? products.get(line.productId) : undefined;
    if (product && line.unit === 'unité' && !line.gramsPerUnit && product.grams_per_unit === null)
      fields[`ingredients.${index}.gramsPerUnit`] = messages.constraints.gramsPerUnitRequired;
  }
  if (Object.keys(fields).length > 0) throw new AppError('validation', 422, Object.values(fields)[0]!, fields);
  const resolved = lines.map((line) => {
    const ids = {
      foodCode: null as number | null,
      productId: null as string | null,
      subRecipeId: null as string | null,
    };
    if (line.recipeId) {
      const sub = subs.get(line.recipeId)!;
      const grams = subRecipeGrams(line.quantity, line.unit as 'g' | 'kg' | 'portion', sub);
      return {
        ...line,
        ...ids,
        subRecipeId: sub.id,
        gramsPerUnit: null,
        gramsPerMl: null,
        facts: { quantity: grams, unit: 'g' as Unit },
        factsGramsPerUnit: null,
        source: subRecipeSource(sub),
      };
    }
    const unit = line.unit as Unit;
    const food = line.code ? (foods.get(Number(line.code)) as FoodForRecipe) : null;
    const product = line.productId ? products.get(line.productId)! : null;
    // A volume without a density takes the food's from data/kitchen-measures.json, else 1 (docs/product/decisions.md 17).
    const gramsPerMl = isVolume(unit)
      ? (line.gramsPerMl ?? (food ? defaultMeasures(food).gramsPerMl : null) ?? 1)
      : null;
    // A product's « unité » line without its own weight takes the product's when it reads (kept null: it follows the product).
    const gramsPerUnit = unit === 'unité' ? (line.gramsPerUnit ?? null) : null;
    const source = product
      ? productSource(product, gramsPerMl)
      : foodSource(food!, priceOfFood(String(food!.code), prices), { unit, gramsPerUnit, gramsPerMl });
    return {
      ...line,
      ...ids,
      foodCode: food?.code ?? null,
      productId: product?.id ?? null,
      gramsPerUnit,
      gramsPerMl,
      facts: { quantity: line.quantity, unit },
      factsGramsPerUnit: gramsPerUnit ?? (unit === 'unité' ? (product?.grams_per_unit ?? null) : null),
      source,
    };
  });
  const facts = factsFromSources(
    {
      servings: input.servings,
      cookedWeightG: input.yieldGrams ?? input.cookedWeightG ?? null,
      fruitVegLegumePercent: input.fruitVegLegumePercent ?? null,
      nutriScoreCategory: input.nutriScoreCategory,
      allergensDeclared: input.allergensDeclared,
      ownAllergens: input.allergens,
      ownTraces: input.traces,
    },
    resolved.map((line) => ({
      ...line.facts,
      gramsPerUnit: line.factsGramsPerUnit,
      gramsPerMl: line.gramsPerMl,
      source: line.source,
    })),
  );
  return { lines: resolved, facts };
}

/** Recipes of the organisation whose lines use this recipe, by name. */
export async function parentsOf(trx: Transaction<DB>, organisationId: string, recipeId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('recipe_ingredients as ri')
    .innerJoin('recipes as r', 'r.id', 'ri.recipe_id')
    .select('r.name')
    .distinct()
    .where('r.organisation_id', '=', organisationId)
    .where('ri.sub_recipe_id', '=', recipeId)
    .orderBy('r.name')
    .execute();
  return rows.map((r) => r.name);
}
