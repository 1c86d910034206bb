import { sql, type Kysely, type Transaction } from 'kysely';
import { retryOnDeadlock } from '../../domain/photos/attach.ts';
import type { Recipe, RecipeInputParsed } from '../../../shared/api/recipes.ts';
import { recipeMessages } from '../../../shared/api/recipes.ts';
import { NUTRIENTS, type Nutrient } from '../../../shared/nutrition.ts';
import { allergenStatusOf } from '../../../shared/allergens.ts';
import type { RecipeFacts } from '../../../shared/recipe-facts.ts';
import type { Actor } from '../../context.ts';
import type { DB, RecipeRow } from '../../db/schema.ts';
import { readTranslations } from '../../../shared/diner/translations.ts';
import { AppError } from '../../lib/errors.ts';
import { notFound } from '../../lib/http.ts';
import { isUuid } from '../../lib/ids.ts';
import { FOOD_NUTRIENT_COLUMNS, toPer100g } from '../../domain/catalogue-foods.ts';
import { findPhotos } from '../../domain/photos/find.ts';
import type { MeatOrigin } from '../../../shared/meat-origin.ts';
import type { Photo } from '../../../shared/api/photos.ts';
import { assertWithinPlanLimit, lockOrganisation } from '../../domain/plan-limits.ts';
import { enqueueEvent, type RecipeEventData } from '../../domain/outbox.ts';
import { recordAudit } from '../../domain/audit.ts';
import { plannedDaysOf, plannedDaysText } from '../../domain/planned-recipes.ts';
import { mealPlanMessages } from '../../../shared/api/meal-plan-messages.ts';
import { claimVersion } from '../../domain/versions.ts';
import { factsColumns } from '../../domain/recipe-facts-store.ts';
import {
  productPer100g,
  servedGrams,
  subRecipeSource,
  type ProductNutrientColumns,
} from '../../domain/recipe-line-sources.ts';
import { recomputeDependents } from '../../domain/recipe-recompute.ts';
import { recipeMargins } from '../../../shared/costs.ts';
import { recipeOriginMissing } from '../../../shared/diner-meat-origins.ts';
import { parentsOf, resolveIngredients } from './resolve-lines.ts';

type Db = Kysely<DB> | Transaction<DB>;

async function loadRecipeLines(db: Db, recipeIds: string[]) {
  if (recipeIds.length === 0) return [];
  return db
    .selectFrom('recipe_ingredients as ri')
    .leftJoin('catalogue_foods as f', 'f.code', 'ri.food_code')
    .leftJoin('products as p', 'p.id', 'ri.product_id')
    .leftJoin('recipes as sr', 'sr.id', 'ri.sub_recipe_id')
    .select([
      'sr.name as sub_name',
      'sr.servings as sub_servings',
      'sr.cooked_weight_g as sub_cooked_weight_g',
      'sr.allergens as sub_allergens',
      'sr.traces as sub_traces',
      'sr.facts as sub_facts',
    ])
    .select([
      'ri.id',
      'ri.recipe_id',
      'ri.food_code',
      'ri.product_id',
      'ri.sub_recipe_id',
      'ri.name',
      'ri.quantity',
      'ri.unit',
      'ri.grams_per_unit',
      'ri.grams_per_ml',
      'p.name as product_name',
      'p.allergens as product_allergens',
      'p.traces as product_traces',
      'p.grams_per_unit as product_grams_per_unit',
    ])
    .select([
      ...FOOD_NUTRIENT_COLUMNS.map((c) => `f.${c}` as const),
      ...PRODUCT_NUTRIENT_COLUMNS.map((c) => `p.${c} as p_${c}` as const),
    ])
    .where('ri.recipe_id', 'in', recipeIds)
    .orderBy('ri.recipe_id')
    .orderBy('ri.position')
    .execute();
}

const PRODUCT_NUTRIENT_COLUMNS = [
  'energy_kcal',
  'energy_kj',
  'fat_g',
  'saturated_fat_g',
  'carbs_g',
  'sugars_g',
  'fiber_g',
  'protein_g',
  'salt_g',
] as const;

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
    nutrition: {
      totalGrams: 0,
      totals: EMPTY_TOTALS,
      missing: {},
      partial: false,
      redMeat: false,
      ...stored.nutrition,
    },
    caloriesPerServing: row.calories_per_serving,
    proteinPerServing: row.protein_per_serving,
    carbsPerServing: row.carbs_per_serving,
    fatPerServing: row.fat_per_serving,
    nutriScore: stored.nutriScore ?? {
      available: false,
      reasons: [],
      reason: '',
      category: 'general',
      categoryReason: '',
    },
    allergenStatus: stored.allergenStatus ?? allergenStatusOf(row.allergens_declared),
    allergenSuggestions: stored.allergenSuggestions ?? [],
    lines: stored.lines ?? [],
    allergens: row.allergens,
    traces: row.traces,
    productAllergens: stored.productAllergens ?? [],
    productTraces: stored.productTraces ?? [],
    cost: stored.cost ?? { total: null, perServing: null, missing: [] },
    origins: stored.origins ?? [],
    meatKinds: stored.meatKinds ?? [],
  };
}

/** A stored line's source: a Ciqual food, or a product (named as it is now, with its label's values). */
function lineSourceOf(line: LineRow) {
  if (line.sub_recipe_id !== null) {
    const sub = subRecipeSource({
      id: line.sub_recipe_id,
      name: line.sub_name ?? line.name,
      servings: line.sub_servings ?? 1,
      cooked_weight_g: line.sub_cooked_weight_g ?? null,
      allergens: line.sub_allergens ?? [],
      traces: line.sub_traces ?? [],
      facts: line.sub_facts,
    });
    const perPortion =
      servedGrams({ cooked_weight_g: line.sub_cooked_weight_g ?? null, facts: line.sub_facts }) /
      (line.sub_servings ?? 1);
    return {
      kind: 'recipe' as const,
      code: null,
      productId: null,
      recipeId: line.sub_recipe_id,
      name: sub.name,
      allergens: [...sub.allergens],
      traces: [...sub.traces],
      per100g: sub.per100g,
      gramsPerPortion: perPortion,
      servings: line.sub_servings ?? 1,
    };
  }
  if (line.product_id !== null) {
    const values = Object.fromEntries(
      PRODUCT_NUTRIENT_COLUMNS.map((c) => [c, line[`p_${c}`]]),
    ) as ProductNutrientColumns;
    return {
      kind: 'product' as const,
      code: null,
      productId: line.product_id,
      recipeId: null,
      name: line.product_name ?? line.name,
      allergens: line.product_allergens ?? [],
      traces: line.product_traces ?? [],
      per100g: productPer100g(values),
    };
  }
  return {
    kind: 'ciqual' as const,
    code: String(line.food_code),
    productId: null,
    recipeId: null,
    name: line.name,
    allergens: [],
    traces: [],
    per100g: toPer100g(line),
  };
}

/**
 * The cost a recipe shows from its stored cost per portion: rounded to the cent, with its margins
 * on the price (src/shared/costs.ts). The full recipe and the « Coûts » view (list-page.ts) both.
 */
export function costFields(perServing: number | null, price: number | null, saleMode: RecipeRow['sale_mode']) {
  const margins = recipeMargins(perServing, price, saleMode);
  return {
    costPerServing: perServing === null ? null : Math.round(perServing * 100) / 100,
    foodCostPercent: margins.foodCostPercent,
    priceHt: margins.priceHt,
    coefficient: margins.coefficient,
  };
}

function toRecipe(row: RecipeRow, lines: LineRow[], photo: Photo | null): Recipe {
  const facts = storedFacts(row);
  const cost = costFields(facts.cost.perServing, row.price, row.sale_mode);
  return {
    id: row.id,
    version: row.version,
    name: row.name,
    description: row.description,
    servings: row.servings,
    ingredients: lines.map((line, index) => ({
      id: line.id,
      ...lineSourceOf(line),
      quantity: line.quantity,
      unit: line.unit,
      // A product's « unité » line without its own weight uses the product's (migration 0022).
      gramsPerUnit: line.grams_per_unit ?? (line.unit === 'unité' ? line.product_grams_per_unit : null),
      gramsPerMl: line.grams_per_ml,
      suggestedAllergens: facts.lines[index]?.suggestedAllergens ?? [],
      redMeat: facts.lines[index]?.redMeat ?? false,
      nutriKind: facts.lines[index]?.nutriKind ?? null,
    })),
    allergens: row.allergens,
    traces: row.traces,
    ownAllergens: row.own_allergens,
    ownTraces: row.own_traces,
    productAllergens: facts.productAllergens,
    productTraces: facts.productTraces,
    dietaryInfo: row.dietary_info,
    prepTime: row.prep_time,
    cookTime: row.cook_time,
    price: row.price,
    caloriesPerServing: facts.caloriesPerServing,
    proteinPerServing: facts.proteinPerServing,
    carbsPerServing: facts.carbsPerServing,
    fatPerServing: facts.fatPerServing,
    cookedWeightG: row.cooked_weight_g,
    yieldGrams: row.cooked_weight_g ?? facts.nutrition.totalGrams,
    costPerServing: cost.costPerServing,
    foodCostPercent: cost.foodCostPercent,
    costMissing: facts.cost.missing,
    saleMode: row.sale_mode,
    priceHt: cost.priceHt,
    coefficient: cost.coefficient,
    progression: row.progression,
    fruitVegLegumePercent: row.fruit_veg_legume_percent,
    showNutriScore: row.show_nutri_score,
    nutriScoreCategory: row.nutri_score_category,
    translations: readTranslations(row.translations),
    homemade: row.homemade,
    meatOrigins: row.meat_origins as MeatOrigin[],
    origins: facts.origins,
    meatOriginMissing: recipeOriginMissing(row.meat_origins as MeatOrigin[], facts.origins, facts.meatKinds),
    nutrition: facts.nutrition,
    nutriScore: facts.nutriScore,
    allergenStatus: facts.allergenStatus,
    allergenSuggestions: facts.allergenSuggestions,
    photoUrl: photo?.url ?? null,
    photo,
    allergensConfirmedBy:
      row.allergens_declared && row.allergens_confirmed_by_name !== null
        ? { userId: row.allergens_confirmed_by, name: row.allergens_confirmed_by_name }
        : null,
    allergensConfirmedAt: row.allergens_declared ? (row.allergens_confirmed_at?.toISOString() ?? null) : null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Rows of `recipes` as the API shows them, in their order (their lines and photos in two queries). */
export async function toRecipes(db: Kysely<DB>, rows: RecipeRow[]): Promise<Recipe[]> {
  const lines = await loadRecipeLines(
    db,
    rows.map((r) => r.id),
  );
  const byRecipe = new Map<string, LineRow[]>();
  for (const line of lines) byRecipe.set(line.recipe_id, [...(byRecipe.get(line.recipe_id) ?? []), line]);
  const photos = await findPhotos(
    db,
    rows.map((r) => r.photo_id),
  );
  return rows.map((row) => toRecipe(row, byRecipe.get(row.id) ?? [], photos.get(row.photo_id ?? '') ?? null));
}

/**
 * The organisation's recipes in the list's order, newest first, then id: the whole list, the
 * summaries and the costs read in it (./list-page.ts pages through the same order by position).
 */
export const recipesInListOrder = (db: Kysely<DB>, organisationId: string) =>
  db.selectFrom('recipes').where('organisation_id', '=', organisationId).orderBy('created_at', 'desc').orderBy('id');

export async function listRecipes(db: Kysely<DB>, organisationId: string): Promise<Recipe[]> {
  return toRecipes(db, await recipesInListOrder(db, organisationId).selectAll().execute());
}

export async function getRecipe(db: Db, organisationId: string, id: string): Promise<Recipe> {
  if (!isUuid(id)) throw notFound();
  const row = await db
    .selectFrom('recipes')
    .selectAll()
    .where('id', '=', id)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  if (!row) throw notFound();
  const photos = await findPhotos(db, [row.photo_id]);
  return toRecipe(row, await loadRecipeLines(db, [row.id]), photos.get(row.photo_id ?? '') ?? null);
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
    own_allergens: input.allergens,
    own_traces: input.traces,
    allergens_declared: input.allergensDeclared,
    dietary_info: input.dietaryInfo,
    cooked_weight_g: input.yieldGrams ?? input.cookedWeightG ?? null,
    fruit_veg_legume_percent: input.fruitVegLegumePercent ?? null,
    show_nutri_score: input.showNutriScore,
    nutri_score_category: input.nutriScoreCategory,
    homemade: input.homemade,
    meat_origins: JSON.stringify(input.meatOrigins),
    prep_time: input.prepTime ?? null,
    cook_time: input.cookTime ?? null,
    price: input.price ?? null,
    sale_mode: input.saleMode,
    progression: input.progression,
    ...(input.translations ? { translations: JSON.stringify(input.translations) } : {}),
    ...factsColumns(facts),
  };
}

async function insertLines(
  trx: Transaction<DB>,
  recipeId: string,
  lines: Awaited<ReturnType<typeof resolveIngredients>>['lines'],
) {
  await trx
    .insertInto('recipe_ingredients')
    .values(
      lines.map((line, position) => ({
        recipe_id: recipeId,
        position,
        food_code: line.foodCode,
        product_id: line.productId,
        sub_recipe_id: line.subRecipeId,
        name: line.source.name,
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
  return {
    allergens_confirmed_by: actor.userId,
    allergens_confirmed_by_name: name,
    allergens_confirmed_at: new Date(),
  };
};
const NOT_CONFIRMED = { allergens_confirmed_by: null, allergens_confirmed_by_name: null, allergens_confirmed_at: null };

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

export async function createRecipe(db: Kysely<DB>, actor: Actor, input: RecipeInputParsed): Promise<Recipe> {
  return db
    .transaction()
    .execute(async (trx) => getRecipe(trx, actor.organisationId, await insertRecipe(trx, actor, input)));
}

/** A new recipe in the caller's transaction, within the plan's limit (also the recipes import's, files/service.ts). */
export async function insertRecipe(trx: Transaction<DB>, actor: Actor, input: RecipeInputParsed): Promise<string> {
  await assertWithinPlanLimit(trx, actor.organisationId, 'recipes');
  const { lines, facts } = await resolveIngredients(trx, actor.organisationId, null, input);
  const confirmation = input.allergensDeclared ? await confirmedNow(trx, actor) : NOT_CONFIRMED;
  const row = await trx
    .insertInto('recipes')
    .values({
      organisation_id: actor.organisationId,
      created_by: actor.userId,
      ...recipeColumns(input, facts),
      ...confirmation,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertLines(trx, row.id, lines);
  const entity = { type: 'recipe', id: row.id, name: input.name } as const;
  await recordAudit(trx, actor, { action: 'created', entity });
  if (input.allergensDeclared)
    await recordAudit(trx, actor, {
      action: 'allergens_confirmed',
      entity,
      details: { allergens: input.allergens, traces: input.traces },
    });
  await enqueueEvent(trx, actor.userId, 'recipe_created', recipeEventData(input, facts));
  return row.id;
}

/**
 * A save confirms the allergens (docs/product/organisations.md « History ») when the lists
 * become declared, or when declared lists change: whoever saved them vouches for them now.
 */
export async function updateRecipe(
  db: Kysely<DB>,
  actor: Actor,
  id: string,
  input: RecipeInputParsed,
  version?: number,
): Promise<Recipe> {
  if (!isUuid(id)) throw notFound();
  return db.transaction().execute(async (trx) => {
    // Serialized with the organisation's product changes (src/server/features/products/service.ts).
    await lockOrganisation(trx, actor.organisationId);
    const existing = await trx
      .selectFrom('recipes')
      .select(['id', 'name', 'allergens_declared', 'own_allergens', 'own_traces'])
      .where('id', '=', id)
      .where('organisation_id', '=', actor.organisationId)
      .forUpdate()
      .executeTakeFirst();
    if (!existing) throw notFound();
    await claimVersion(trx, 'recipes', { id }, version, actor);
    const { lines, facts } = await resolveIngredients(trx, actor.organisationId, id, input);
    const confirms =
      input.allergensDeclared &&
      (!existing.allergens_declared ||
        !sameList(existing.own_allergens, input.allergens) ||
        !sameList(existing.own_traces, input.traces));
    const confirmation = !input.allergensDeclared ? NOT_CONFIRMED : confirms ? await confirmedNow(trx, actor) : {};
    await trx
      .updateTable('recipes')
      .set({ ...recipeColumns(input, facts), ...confirmation, updated_at: new Date() })
      .where('id', '=', id)
      .where('organisation_id', '=', actor.organisationId)
      .execute();
    await trx.deleteFrom('recipe_ingredients').where('recipe_id', '=', id).execute();
    await insertLines(trx, id, lines);
    // The recipes that contain it, at any depth, in this transaction (docs/product/products.md « Sub-recipes »).
    await recomputeDependents(trx, actor.organisationId, { recipeIds: [id] });
    const entity = { type: 'recipe', id, name: input.name } as const;
    await recordAudit(trx, actor, {
      action: 'updated',
      entity,
      details: existing.name !== input.name ? { previousName: existing.name } : {},
    });
    if (confirms)
      await recordAudit(trx, actor, {
        action: 'allergens_confirmed',
        entity,
        details: { allergens: input.allergens, traces: input.traces },
      });
    await enqueueEvent(trx, actor.userId, 'recipe_updated', recipeEventData(input, facts));
    return getRecipe(trx, actor.organisationId, id);
  });
}

export async function deleteRecipe(db: Kysely<DB>, actor: Actor, id: string, removeFromPlans = false): Promise<void> {
  if (!isUuid(id)) throw notFound();
  // Its photo is released by a trigger, which may meet an upload of the same file: redone then.
  await retryOnDeadlock(() => deleteRecipeOnce(db, actor, id, removeFromPlans));
}

async function deleteRecipeOnce(db: Kysely<DB>, actor: Actor, id: string, removeFromPlans: boolean): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockOrganisation(trx, actor.organisationId);
    // Still inside another recipe: 409 naming it (the foreign key would refuse it too).
    const parents = await parentsOf(trx, actor.organisationId, id);
    if (parents.length > 0) throw new AppError('in_use', 409, recipeMessages.inUse(parents));
    // Planned on days: named, and deleted only once confirmed; never while a published week serves it.
    const planned = await plannedDaysOf(trx, actor.organisationId, id);
    const published = planned.filter((d) => d.published);
    if (published.length > 0)
      throw new AppError('conflict', 409, mealPlanMessages.recipePublished(plannedDaysText(published)));
    if (planned.length > 0 && !removeFromPlans) {
      // `fields.plannedDays` tells the page it may ask and send `?plannedDays=remove`.
      const message = mealPlanMessages.recipePlanned(plannedDaysText(planned));
      throw new AppError('in_use', 409, message, { plannedDays: message });
    }
    const row = await trx
      .deleteFrom('recipes')
      .where('id', '=', id)
      .where('organisation_id', '=', actor.organisationId)
      .returning('name')
      .executeTakeFirst();
    if (!row) throw notFound();
    await recordAudit(trx, actor, { action: 'deleted', entity: { type: 'recipe', id, name: row.name } });
    await enqueueEvent(trx, actor.userId, 'recipe_deleted', { recipe_id: id });
  });
}
