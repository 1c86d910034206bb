import { sql, type Kysely, type Transaction } from 'kysely';
import type { Recipe, RecipeInputParsed } from '../../../shared/api/recipes.ts';
import { recipeMessages } from '../../../shared/api/recipes.ts';
import { NUTRIENTS, type Nutrient } from '../../../shared/nutrition.ts';
import type { RecipeFacts } from '../../../shared/recipe-facts.ts';
import { isVolume } from '../../../shared/units.ts';
import type { Actor } from '../../context.ts';
import type { DB, RecipeRow } from '../../db/schema.ts';
import { notifyRecipeMenusChanged } from '../../domain/menu-changes.ts';
import { readTranslations } from '../../../shared/diner/translations.ts';
import { AppError } from '../../lib/errors.ts';
import { notFound } from '../../lib/http.ts';
import { isUuid } from '../../lib/ids.ts';
import { FOOD_NUTRIENT_COLUMNS, findFoods, toPer100g, type FoodForRecipe } from '../../domain/catalogue-foods.ts';
import { findPhotos } from '../../domain/photos/find.ts';
import { meatOriginMissing, type MeatOrigin } from '../../../shared/meat-origin.ts';
import type { Photo } from '../../../shared/api/photos.ts';
import { assertWithinPlanLimit } from '../../domain/plan-limits.ts';
import { enqueueEvent, type RecipeEventData } from '../../domain/outbox.ts';
import { recordAudit } from '../../domain/audit.ts';
import { factsColumns, factsFromCatalogue } from './facts.ts';
import { defaultMeasures } from './kitchen-measures.ts';

type Db = Kysely<DB> | Transaction<DB>;

async function loadRecipeLines(db: Db, recipeIds: string[]) {
  if (recipeIds.length === 0) return [];
  return db
    .selectFrom('recipe_ingredients as ri')
    .innerJoin('catalogue_foods as f', 'f.code', 'ri.food_code')
    .select(['ri.id', 'ri.recipe_id', 'ri.food_code', 'ri.name', 'ri.quantity', 'ri.unit', 'ri.grams_per_unit', 'ri.grams_per_ml', ...FOOD_NUTRIENT_COLUMNS.map((c) => `f.${c}` as const)])
    .where('ri.recipe_id', 'in', recipeIds)
    .orderBy('ri.recipe_id')
    .orderBy('ri.position')
    .execute();
}

type LineRow = Awaited<ReturnType<typeof loadRecipeLines>>[number];

const EMPTY_TOTALS = Object.fromEntries(NUTRIENTS.map((n) => [n, null])) as Record<Nutrient, number | null>;

/**
 * The stored facts as they are (src/shared/recipe-facts.ts), never recomputed on a read: the
 * server brought every row to the current version at start (facts-refresh.ts). The defaults
 * only cover a row an older process wrote during a rolling restart, until the next start.
 */
function storedFacts(row: RecipeRow): RecipeFacts {
  const stored = (row.facts ?? {}) as Partial<RecipeFacts>;
  return {
    version: row.facts_version,
    nutrition: { totalGrams: 0, totals: EMPTY_TOTALS, missing: {}, partial: false, redMeat: false, ...stored.nutrition },
    caloriesPerServing: row.calories_per_serving,
    proteinPerServing: row.protein_per_serving,
    carbsPerServing: row.carbs_per_serving,
    fatPerServing: row.fat_per_serving,
    nutriScore: stored.nutriScore ?? { available: false, reasons: [], reason: '' },
    allergenStatus: stored.allergenStatus ?? (row.allergens_declared ? 'declared' : 'unverified'),
    allergenSuggestions: stored.allergenSuggestions ?? [],
    lines: stored.lines ?? [],
  };
}

function toRecipe(row: RecipeRow, lines: LineRow[], photo: Photo | null): Recipe {
  const facts = storedFacts(row);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    servings: row.servings,
    ingredients: lines.map((line, index) => ({
      id: line.id,
      code: String(line.food_code),
      name: line.name,
      quantity: line.quantity,
      unit: line.unit,
      gramsPerUnit: line.grams_per_unit,
      gramsPerMl: line.grams_per_ml,
      per100g: toPer100g(line),
      suggestedAllergens: facts.lines[index]?.suggestedAllergens ?? [],
      redMeat: facts.lines[index]?.redMeat ?? false,
    })),
    allergens: row.allergens,
    traces: row.traces,
    dietaryInfo: row.dietary_info,
    prepTime: row.prep_time,
    cookTime: row.cook_time,
    price: row.price,
    caloriesPerServing: facts.caloriesPerServing,
    proteinPerServing: facts.proteinPerServing,
    carbsPerServing: facts.carbsPerServing,
    fatPerServing: facts.fatPerServing,
    cookedWeightG: row.cooked_weight_g,
    fruitVegLegumePercent: row.fruit_veg_legume_percent,
    showNutriScore: row.show_nutri_score,
    translations: readTranslations(row.translations),
    homemade: row.homemade,
    meatOrigins: row.meat_origins as MeatOrigin[],
    meatOriginMissing: meatOriginMissing(row.meat_origins as MeatOrigin[], facts.lines.some((line) => line.redMeat)),
    nutrition: facts.nutrition,
    nutriScore: facts.nutriScore,
    allergenStatus: facts.allergenStatus,
    allergenSuggestions: facts.allergenSuggestions,
    photoUrl: photo?.url ?? null,
    photo,
    allergensConfirmedBy: row.allergens_declared && row.allergens_confirmed_by_name !== null ? { userId: row.allergens_confirmed_by, name: row.allergens_confirmed_by_name } : null,
    allergensConfirmedAt: row.allergens_declared ? (row.allergens_confirmed_at?.toISOString() ?? null) : null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export async function listRecipes(db: Kysely<DB>, organisationId: string): Promise<Recipe[]> {
  const rows = await db.selectFrom('recipes').selectAll().where('organisation_id', '=', organisationId).orderBy('created_at', 'desc').orderBy('id').execute();
  const lines = await loadRecipeLines(db, rows.map((r) => r.id));
  const byRecipe = new Map<string, LineRow[]>();
  for (const line of lines) byRecipe.set(line.recipe_id, [...(byRecipe.get(line.recipe_id) ?? []), line]);
  const photos = await findPhotos(db, rows.map((r) => r.photo_id));
  return rows.map((row) => toRecipe(row, byRecipe.get(row.id) ?? [], photos.get(row.photo_id ?? '') ?? null));
}

export async function getRecipe(db: Db, organisationId: string, id: string): Promise<Recipe> {
  if (!isUuid(id)) throw notFound();
  const row = await db.selectFrom('recipes').selectAll().where('id', '=', id).where('organisation_id', '=', organisationId).executeTakeFirst();
  if (!row) throw notFound();
  const photos = await findPhotos(db, [row.photo_id]);
  return toRecipe(row, await loadRecipeLines(db, [row.id]), photos.get(row.photo_id ?? '') ?? null);
}

/** Every line must name a Ciqual food; the facts are computed here, from the catalogue. */
async function resolveIngredients(trx: Transaction<DB>, input: RecipeInputParsed) {
  const foods = await findFoods(trx, input.ingredients.map((line) => Number(line.code)));
  const fields: Record<string, string> = {};
  input.ingredients.forEach((line, index) => {
    if (!foods.has(Number(line.code))) fields[`ingredients.${index}.code`] = recipeMessages.unknownFood;
  });
  if (Object.keys(fields).length > 0) throw new AppError('validation', 422, recipeMessages.unknownFood, fields);
  const lines = input.ingredients.map((line) => {
    const food = foods.get(Number(line.code)) as FoodForRecipe;
    // A volume without a density takes the food's from data/kitchen-measures.json, else 1 (docs/product/decisions.md 17).
    const gramsPerMl = isVolume(line.unit) ? (line.gramsPerMl ?? defaultMeasures(food).gramsPerMl ?? 1) : null;
    const gramsPerUnit = line.unit === 'unité' ? (line.gramsPerUnit ?? null) : null;
    return { ...line, gramsPerUnit, gramsPerMl, food };
  });
  const facts = factsFromCatalogue(
    {
      servings: input.servings,
      cookedWeightG: input.cookedWeightG ?? null,
      fruitVegLegumePercent: input.fruitVegLegumePercent ?? null,
      allergensDeclared: input.allergensDeclared,
    },
    lines,
  );
  return { lines, facts };
}

const recipeEventData = (input: RecipeInputParsed, facts: RecipeFacts): RecipeEventData => ({
  recipe_name: input.name,
  servings: input.servings,
  ingredients_count: input.ingredients.length,
  allergens_count: input.allergens.length,
  calories_per_serving: facts.caloriesPerServing,
});

function recipeColumns(input: RecipeInputParsed, facts: RecipeFacts) {
  return {
    name: input.name,
    description: input.description,
    servings: input.servings,
    allergens: input.allergens,
    traces: input.traces,
    allergens_declared: input.allergensDeclared,
    dietary_info: input.dietaryInfo,
    cooked_weight_g: input.cookedWeightG ?? null,
    fruit_veg_legume_percent: input.fruitVegLegumePercent ?? null,
    show_nutri_score: input.showNutriScore,
    homemade: input.homemade,
    meat_origins: JSON.stringify(input.meatOrigins),
    prep_time: input.prepTime ?? null,
    cook_time: input.cookTime ?? null,
    price: input.price ?? null,
    ...(input.translations ? { translations: JSON.stringify(input.translations) } : {}),
    ...factsColumns(facts),
  };
}

async function insertLines(trx: Transaction<DB>, recipeId: string, lines: Awaited<ReturnType<typeof resolveIngredients>>['lines']) {
  await trx
    .insertInto('recipe_ingredients')
    .values(
      lines.map((line, position) => ({
        recipe_id: recipeId,
        position,
        food_code: line.food.code,
        name: line.food.name,
        quantity: line.quantity,
        unit: line.unit,
        grams_per_unit: line.gramsPerUnit,
        grams_per_ml: line.gramsPerMl,
      })),
    )
    .execute();
}

/** What a recipe records of its allergen confirmation: the actor now, or nothing while unverified. */
const confirmedNow = async (trx: Transaction<DB>, actor: Actor) => {
  const { name } = await trx
    .selectFrom('users')
    .select(sql<string>`user_display_name(name, email)`.as('name'))
    .where('id', '=', actor.userId)
    .executeTakeFirstOrThrow();
  return { allergens_confirmed_by: actor.userId, allergens_confirmed_by_name: name, allergens_confirmed_at: new Date() };
};
const NOT_CONFIRMED = { allergens_confirmed_by: null, allergens_confirmed_by_name: null, allergens_confirmed_at: null };

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((value, index) => value === b[index]);

export async function createRecipe(db: Kysely<DB>, actor: Actor, input: RecipeInputParsed): Promise<Recipe> {
  return db.transaction().execute(async (trx) => {
    await assertWithinPlanLimit(trx, actor.organisationId, 'recipes');
    const { lines, facts } = await resolveIngredients(trx, input);
    const confirmation = input.allergensDeclared ? await confirmedNow(trx, actor) : NOT_CONFIRMED;
    const row = await trx
      .insertInto('recipes')
      .values({ organisation_id: actor.organisationId, created_by: actor.userId, ...recipeColumns(input, facts), ...confirmation })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertLines(trx, row.id, lines);
    const entity = { type: 'recipe', id: row.id, name: input.name } as const;
    await recordAudit(trx, actor, { action: 'created', entity });
    if (input.allergensDeclared) await recordAudit(trx, actor, { action: 'allergens_confirmed', entity, details: { allergens: input.allergens, traces: input.traces } });
    await enqueueEvent(trx, actor.userId, 'recipe_created', recipeEventData(input, facts));
    return getRecipe(trx, actor.organisationId, row.id);
  });
}

/**
 * A save confirms the allergens (docs/product/organisations.md « History ») when the lists
 * become declared, or when declared lists change: whoever saved them vouches for them now.
 */
export async function updateRecipe(db: Kysely<DB>, actor: Actor, id: string, input: RecipeInputParsed): Promise<Recipe> {
  if (!isUuid(id)) throw notFound();
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('recipes')
      .select(['id', 'name', 'allergens_declared', 'allergens', 'traces'])
      .where('id', '=', id)
      .where('organisation_id', '=', actor.organisationId)
      .forUpdate()
      .executeTakeFirst();
    if (!existing) throw notFound();
    const { lines, facts } = await resolveIngredients(trx, input);
    const confirms = input.allergensDeclared && (!existing.allergens_declared || !sameList(existing.allergens, input.allergens) || !sameList(existing.traces, input.traces));
    const confirmation = !input.allergensDeclared ? NOT_CONFIRMED : confirms ? await confirmedNow(trx, actor) : {};
    await trx
      .updateTable('recipes')
      .set({ ...recipeColumns(input, facts), ...confirmation, updated_at: new Date() })
      .where('id', '=', id)
      .where('organisation_id', '=', actor.organisationId)
      .execute();
    await trx.deleteFrom('recipe_ingredients').where('recipe_id', '=', id).execute();
    await insertLines(trx, id, lines);
    const entity = { type: 'recipe', id, name: input.name } as const;
    await recordAudit(trx, actor, { action: 'updated', entity, details: existing.name !== input.name ? { previousName: existing.name } : {} });
    if (confirms) await recordAudit(trx, actor, { action: 'allergens_confirmed', entity, details: { allergens: input.allergens, traces: input.traces } });
    await enqueueEvent(trx, actor.userId, 'recipe_updated', recipeEventData(input, facts));
    await notifyRecipeMenusChanged(trx, id);
    return getRecipe(trx, actor.organisationId, id);
  });
}

export async function deleteRecipe(db: Kysely<DB>, actor: Actor, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound();
  await db.transaction().execute(async (trx) => {
    await notifyRecipeMenusChanged(trx, id);
    const row = await trx.deleteFrom('recipes').where('id', '=', id).where('organisation_id', '=', actor.organisationId).returning('name').executeTakeFirst();
    if (!row) throw notFound();
    await recordAudit(trx, actor, { action: 'deleted', entity: { type: 'recipe', id, name: row.name } });
    await enqueueEvent(trx, actor.userId, 'recipe_deleted', { recipe_id: id });
  });
}
