import type { Kysely, Transaction } from 'kysely';
import { foodFacts } from '../../../shared/food-facts.ts';
import { foldText } from '../../../shared/allergens.ts';
import type { LabelLineInput, LabelRecipeInput } from '../../../shared/labels/ingredient-list.ts';
import { lowerFirst } from '../../../shared/labels/ingredient-list.ts';
import { NBSP } from '../../../shared/typography.ts';
import { DEFAULT_LABEL_SETTINGS, type LabelSettings } from '../../../shared/labels/settings.ts';
import type { RecipeFacts } from '../../../shared/recipe-facts.ts';
import { NUTRIENTS, type Nutrient } from '../../../shared/nutrition.ts';
import { toGrams, type Unit } from '../../../shared/units.ts';
import type { DB } from '../../db/schema.ts';
import { MAX_DEPTH } from '../../domain/recipe-recompute.ts';
import { subRecipeGrams } from '../../domain/recipe-line-sources.ts';

type Db = Kysely<DB> | Transaction<DB>;

export interface TreeRecipe {
  id: string;
  name: string;
  servings: number;
  cooked_weight_g: number | null;
  allergens: string[];
  traces: string[];
  allergens_declared: boolean;
  homemade: boolean;
  facts: unknown;
  settings: LabelSettings;
}

type LineRow = Awaited<ReturnType<typeof loadLines>>[number];

const loadLines = (db: Db, recipeIds: string[]) =>
  db
    .selectFrom('recipe_ingredients as ri')
    .leftJoin('catalogue_foods as f', 'f.code', 'ri.food_code')
    .leftJoin('products as p', 'p.id', 'ri.product_id')
    .select([
      'ri.recipe_id',
      'ri.position',
      'ri.food_code',
      'ri.product_id',
      'ri.sub_recipe_id',
      'ri.name',
      'ri.quantity',
      'ri.unit',
      'ri.grams_per_unit',
      'ri.grams_per_ml',
      'f.name as food_name',
      'f.group_name',
      'f.subgroup_name',
      'p.name as product_name',
      'p.allergens as product_allergens',
      'p.label_ingredients',
      'p.grams_per_unit as product_grams_per_unit',
    ])
    .where('ri.recipe_id', 'in', recipeIds)
    .orderBy('ri.recipe_id')
    .orderBy('ri.position')
    .execute();

/** The stored settings of these recipes' labels, the defaults for those without a row. */
export async function loadSettings(db: Db, organisationId: string, recipeIds: string[]) {
  const rows =
    recipeIds.length === 0
      ? []
      : await db
          .selectFrom('recipe_labels')
          .selectAll()
          .where('organisation_id', '=', organisationId)
          .where('recipe_id', 'in', recipeIds)
          .execute();
  const byRecipe = new Map<string, LabelSettings>();
  for (const row of rows)
    byRecipe.set(row.recipe_id, {
      denomination: row.denomination,
      shelfLifeDays: row.shelf_life_days,
      storage: row.storage,
      netQuantity: row.net_quantity === null ? null : Number(row.net_quantity),
      netQuantityUnit: row.net_quantity_unit,
      nutrition: row.nutrition,
      quid: row.quid,
      ingredientNames: row.ingredient_names,
      barcode: row.barcode,
      establishmentId: row.establishment_id,
      version: row.version,
    });
  return byRecipe;
}

/**
 * A recipe and every sub-recipe under it, with their lines and label settings, read level by
 * level (at most MAX_DEPTH levels, src/server/domain/recipe-recompute.ts). Only the
 * organisation's recipes: another organisation's id is simply absent.
 */
export async function loadTree(db: Db, organisationId: string, rootIds: string[]) {
  const recipes = new Map<string, TreeRecipe>();
  const lines = new Map<string, LineRow[]>();
  let wanted = [...new Set(rootIds)];
  for (let depth = 0; wanted.length > 0 && depth <= MAX_DEPTH; depth++) {
    const rows = await db
      .selectFrom('recipes')
      .select([
        'id',
        'name',
        'servings',
        'cooked_weight_g',
        'allergens',
        'traces',
        'allergens_declared',
        'homemade',
        'facts',
      ])
      .where('organisation_id', '=', organisationId)
      .where('id', 'in', wanted)
      .execute();
    const settings = await loadSettings(
      db,
      organisationId,
      rows.map((r) => r.id),
    );
    for (const row of rows) recipes.set(row.id, { ...row, settings: settings.get(row.id) ?? DEFAULT_LABEL_SETTINGS });
    const found = rows.map((r) => r.id);
    const level = found.length === 0 ? [] : await loadLines(db, found);
    for (const line of level) lines.set(line.recipe_id, [...(lines.get(line.recipe_id) ?? []), line]);
    wanted = [
      ...new Set(level.flatMap((l) => (l.sub_recipe_id && !recipes.has(l.sub_recipe_id) ? [l.sub_recipe_id] : []))),
    ];
  }
  return { recipes, lines };
}
export type Tree = Awaited<ReturnType<typeof loadTree>>;

/**
 * « Farine de blé tendre ou froment T55 (pour pains) » → « farine de blé tendre ou froment T55 »;
 * « Oeuf, cru » → « œuf »; « Crème 30% MG » → « crème 30 % MG », « Huile d'olive » → « huile
 * d’olive » (French typography on the label, as the app writes its own words).
 */
export function defaultFoodName(name: string): string {
  const first = name
    .split(',')[0]!
    .replace(/\([^)]*\)/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/(\d) ?%/g, `$1${NBSP}%`)
    .replace(/'/g, '’');
  return lowerFirst(first.replace(/\bOe/g, 'Œ').replace(/\boe/g, 'œ'));
}

/** Added water: a Ciqual food of the « eaux » subgroup (« Eau du robinet », mineral waters). */
export const isWater = (subgroup: string | null) => subgroup !== null && foldText(subgroup) === 'eaux';

/**
 * The label's input for one recipe of the tree, its sub-recipes inside. Each recipe's input is
 * made once and shared by every line that uses it (`made`): a sub-recipe on 100 lines of each
 * of 3 levels is one object, not 10⁶. A cycle, impossible in the data, stops (`seen`).
 */
export function labelInput(
  tree: Tree,
  recipeId: string,
  seen: ReadonlySet<string> = new Set(),
  made: Map<string, LabelRecipeInput> = new Map(),
): LabelRecipeInput {
  const done = made.get(recipeId);
  if (done) return done;
  const recipe = tree.recipes.get(recipeId)!;
  const names = recipe.settings.ingredientNames;
  const path = new Set([...seen, recipeId]);
  const lines = (tree.lines.get(recipeId) ?? []).flatMap((line): LabelLineInput[] => {
    const unit = line.unit as Unit | 'portion';
    if (line.sub_recipe_id !== null) {
      const sub = tree.recipes.get(line.sub_recipe_id);
      if (!sub || path.has(sub.id)) return [];
      const key = `recipe:${sub.id}`;
      const grams = subRecipeGrams(line.quantity, unit as 'g' | 'kg' | 'portion', sub);
      return [
        {
          key,
          name: names[key] ?? lowerFirst(sub.settings.denomination ?? sub.name),
          defaultName: lowerFirst(sub.settings.denomination ?? sub.name),
          grams,
          water: false,
          allergens: [],
          recipe: labelInput(tree, sub.id, path, made),
        },
      ];
    }
    const grams =
      unit === 'portion'
        ? null
        : toGrams(line.quantity, unit, line.grams_per_unit ?? line.product_grams_per_unit, line.grams_per_ml);
    if (line.product_id !== null) {
      const key = `product:${line.product_id}`;
      return [
        {
          key,
          name: names[key] ?? lowerFirst(line.product_name ?? line.name),
          defaultName: lowerFirst(line.product_name ?? line.name),
          grams,
          water: false,
          allergens: line.product_allergens ?? [],
          ownList: line.label_ingredients,
        },
      ];
    }
    const key = `food:${line.food_code}`;
    const water = isWater(line.subgroup_name);
    const foodName = line.food_name ?? line.name;
    return [
      {
        key,
        name: names[key] ?? (water ? 'eau' : defaultFoodName(foodName)),
        defaultName: water ? 'eau' : defaultFoodName(foodName),
        grams,
        water,
        allergens: foodFacts({ name: foodName, group: line.group_name, subgroup: line.subgroup_name })
          .suggestedAllergens,
      },
    ];
  });
  const input = {
    allergens: recipe.allergens,
    allergensDeclared: recipe.allergens_declared,
    cookedWeightG: recipe.cooked_weight_g,
    lines,
  };
  made.set(recipeId, input);
  return input;
}

/** The stored nutrition of a recipe (src/shared/recipe-facts.ts), as the declaration reads it. */
export function storedNutrition(recipe: TreeRecipe) {
  const facts = (recipe.facts ?? {}) as Partial<RecipeFacts>;
  return {
    totals: facts.nutrition?.totals ?? (Object.fromEntries(NUTRIENTS.map((n) => [n, null])) as Record<Nutrient, null>),
    missing: facts.nutrition?.missing ?? {},
    totalGrams: facts.nutrition?.totalGrams ?? 0,
    servings: recipe.servings,
    cookedWeightG: recipe.cooked_weight_g,
  };
}
