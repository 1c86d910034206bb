import type { Kysely, Transaction } from 'kysely';
import { RED_MEAT_KINDS, type MeatKind } from '../../shared/api/products.ts';
import type { FoodFacts } from '../../shared/food-facts.ts';
import { NUTRIENTS, type Nutrient, type Per100g } from '../../shared/nutrition.ts';
import type { RecipeFacts } from '../../shared/recipe-facts.ts';
import type { DB, ProductRow } from '../db/schema.ts';
import type { FoodForRecipe } from './catalogue-foods.ts';
import type { ProductOrigin } from '../../shared/product-origins.ts';
import { costPerGramAt, type LinePrice } from '../../shared/ingredient-prices.ts';
import { defaultMeasures } from './kitchen-measures.ts';
import { completeEnergy } from '../../shared/energy.ts';
import { nutriKindOf, nutriKindOfCategory, type NutriKind } from '../../shared/nutri-score-category.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** What a recipe line's source (a Ciqual food or an own product) brings to the recipe's facts. */
export interface LineSource {
  name: string;
  per100g: Per100g;
  facts: FoodFacts;
  /** A product's label: contained and « peut contenir » allergens (facts, not suggestions). */
  allergens: readonly string[];
  traces: readonly string[];
  /** Nutrients a sub-recipe only knows in part. */
  partial?: readonly Nutrient[];
  /** Cost HT of one gram as used, or null when unknown (a Ciqual food has no price). */
  costPerGram: number | null;
  /** A product's meat and origin; a sub-recipe's products' (src/shared/product-origins.ts). */
  origins?: readonly ProductOrigin[];
  /** A sub-recipe's Ciqual meats, at any depth (its stored facts' `meatKinds`). */
  meatKinds?: readonly MeatKind[];
}

/** A sub-recipe as its parent sees it: per 100 g of the dish as served, its whole allergen lists. */
export interface SubRecipeRow {
  id: string;
  name: string;
  servings: number;
  cooked_weight_g: number | null;
  allergens: string[];
  traces: string[];
  facts: unknown;
}

/** Grams of a sub-recipe a line uses: g and kg as typed, a portion is the served weight ÷ servings. */
export function subRecipeGrams(quantity: number, unit: 'g' | 'kg' | 'portion', sub: SubRecipeRow): number {
  if (unit === 'portion') return (quantity * servedGrams(sub)) / sub.servings;
  return unit === 'kg' ? quantity * 1000 : quantity;
}

/** The served weight of a recipe: its cooked weight (« Poids après cuisson »), else its raw ingredients'. */
export function servedGrams(sub: Pick<SubRecipeRow, 'cooked_weight_g' | 'facts'>): number {
  const stored = sub.facts as Partial<RecipeFacts> | null;
  return sub.cooked_weight_g ?? stored?.nutrition?.totalGrams ?? 0;
}

/**
 * Its stored totals spread over its served weight: after a 20 % cooking loss, 100 g of pâte
 * brisée holds the nutrients of 125 g of raw dough. A total that was partial stays marked so.
 */
export function subRecipeSource(sub: SubRecipeRow): LineSource {
  const facts = sub.facts as Partial<RecipeFacts> | null;
  const grams = servedGrams(sub);
  const totals = facts?.nutrition?.totals;
  const per100g = Object.fromEntries(
    NUTRIENTS.map((n) => [
      n,
      totals && grams > 0 && totals[n] !== null && totals[n] !== undefined ? (totals[n] * 100) / grams : null,
    ]),
  ) as Per100g;
  const missing = facts?.nutrition?.missing ?? {};
  return {
    name: sub.name,
    per100g,
    partial: NUTRIENTS.filter((n) => (missing[n]?.length ?? 0) > 0),
    facts: {
      suggestedAllergens: [],
      redMeat: facts?.nutrition?.redMeat ?? false,
      nutriKind: nutriKindOfCategory(facts?.nutriScore?.category),
    },
    allergens: sub.allergens,
    traces: sub.traces,
    costPerGram:
      facts?.cost?.total !== null && facts?.cost?.total !== undefined && grams > 0 ? facts.cost.total / grams : null,
    origins: facts?.origins ?? [],
    meatKinds: facts?.meatKinds ?? [],
  };
}

/** How a Ciqual line weighs, for a price per unit or per litre: the line's own figures. */
export interface LineWeights {
  unit: string;
  gramsPerUnit: number | null;
  gramsPerMl: number | null;
}

/**
 * A Ciqual food at the organisation's price (src/shared/ingredient-prices.ts `priceOfFood`):
 * a price per unit takes the line's unit weight, else the food's usual one
 * (data/kitchen-measures.json); per litre the line's density.
 */
export function foodSource(food: FoodForRecipe, price: LinePrice | null = null, line?: LineWeights): LineSource {
  return {
    name: food.name,
    per100g: food.per100g,
    facts: food.facts,
    allergens: [],
    traces: [],
    costPerGram: foodCostPerGram(food, price, line),
  };
}

/** The cost of one gram of a Ciqual food's line at that price (see foodSource). */
export function foodCostPerGram(
  food: { code: number; name: string },
  price: LinePrice | null,
  line?: LineWeights,
): number | null {
  const gramsPerUnit =
    (line?.unit === 'unité' ? line.gramsPerUnit : null) ??
    defaultMeasures({ code: food.code, name: food.name }).gramsPerUnit;
  return costPerGramAt(price, { gramsPerUnit, gramsPerMl: line?.gramsPerMl ?? null });
}

/** A product's cost of one gram at its own price (src/shared/ingredient-prices.ts `costPerGramAt`). */
export function productCostPerGram(
  row: Pick<ProductRow, 'price' | 'price_per' | 'grams_per_unit'>,
  gramsPerMl: number | null = null,
): number | null {
  if (row.price === null || row.price_per === null) return null;
  return costPerGramAt({ amount: row.price, per: row.price_per }, { gramsPerUnit: row.grams_per_unit, gramsPerMl });
}

export type ProductNutrientColumns = Pick<
  ProductRow,
  | 'energy_kcal'
  | 'energy_kj'
  | 'fat_g'
  | 'saturated_fat_g'
  | 'carbs_g'
  | 'sugars_g'
  | 'fiber_g'
  | 'protein_g'
  | 'salt_g'
>;

/** A product's label energy, the missing unit completed (src/shared/energy.ts: annex XIV of Reg. 1169/2011). */
export const productEnergy = (row: ProductNutrientColumns) =>
  completeEnergy({
    energyKj: row.energy_kj,
    energyKcal: row.energy_kcal,
    fat: row.fat_g,
    carbs: row.carbs_g,
    protein: row.protein_g,
    fiber: row.fiber_g,
  });

/**
 * A product's label values as a recipe's `per100g`; water is not on labels: unknown. An energy
 * the label gives in one unit only is completed from the nutrients (annex XIV), else converted.
 */
export function productPer100g(row: ProductNutrientColumns): Per100g {
  const energy = productEnergy(row);
  return {
    energyKj: energy.energyKj,
    energyKcal: energy.energyKcal,
    water: null,
    protein: row.protein_g,
    carbs: row.carbs_g,
    sugars: row.sugars_g,
    fiber: row.fiber_g,
    fat: row.fat_g,
    saturatedFat: row.saturated_fat_g,
    salt: row.salt_g,
  };
}

/** The columns of a product that productSource reads; `based_*` name the Ciqual food it is « based on », if read. */
export type ProductSourceRow = Pick<
  ProductRow,
  'name' | 'price' | 'price_per' | 'grams_per_unit' | 'meat_kind' | 'origin' | 'allergens' | 'traces'
> &
  ProductNutrientColumns &
  BasedOnColumns;

export interface BasedOnColumns {
  based_name?: string | null;
  based_group_name?: string | null;
  based_subgroup_name?: string | null;
}

/** A product counts in the automatic Nutri-Score table as the Ciqual food it is based on; a meat as a savoury food. */
function productKind(row: ProductSourceRow): NutriKind {
  if (row.based_name)
    return nutriKindOf({ name: row.based_name, group: row.based_group_name, subgroup: row.based_subgroup_name });
  return row.meat_kind !== null ? 'savoury' : null;
}

export function productSource(row: ProductSourceRow, gramsPerMl: number | null = null): LineSource {
  return {
    costPerGram: productCostPerGram(row, gramsPerMl),
    name: row.name,
    per100g: productPer100g(row),
    // Its allergens are stated, not guessed from a name: no suggestion.
    facts: {
      suggestedAllergens: [],
      redMeat: row.meat_kind !== null && RED_MEAT_KINDS.includes(row.meat_kind),
      nutriKind: productKind(row),
    },
    allergens: row.allergens,
    traces: row.traces,
    origins: row.meat_kind === null ? [] : [{ meatKind: row.meat_kind, origin: row.origin, sources: [row.name] }],
  };
}

/** The organisation's products with these ids, keyed by id, with their Ciqual food; another organisation's are absent. */
export async function findProducts(
  db: Db,
  organisationId: string,
  ids: readonly string[],
): Promise<Map<string, ProductRow & BasedOnColumns>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('products as p')
    .leftJoin('catalogue_foods as f', 'f.code', 'p.based_on_code')
    .selectAll('p')
    .select(['f.name as based_name', 'f.group_name as based_group_name', 'f.subgroup_name as based_subgroup_name'])
    .where('p.organisation_id', '=', organisationId)
    .where('p.id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** The organisation's recipes with these ids, as sub-recipes, keyed by id. */
export async function findSubRecipes(
  db: Db,
  organisationId: string,
  ids: readonly string[],
): Promise<Map<string, SubRecipeRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('recipes')
    .select(['id', 'name', 'servings', 'cooked_weight_g', 'allergens', 'traces', 'facts'])
    .where('organisation_id', '=', organisationId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}
