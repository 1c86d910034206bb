import { ALLERGEN_NAMES, allergenStatusOf, type AllergenStatus } from './allergens.ts';
import type { FoodFacts } from './food-facts.ts';
import { computeNutrition, type Nutrient, type NutritionLine } from './nutrition.ts';
import { recipeNutriScore, type RecipeNutriScore } from './recipe-nutrition.ts';
import { toGrams } from './units.ts';
import { mergeOrigins, type ProductOrigin } from './product-origins.ts';
import { MEAT_KINDS, type MeatKind } from './api/product-vocabulary.ts';
import { chooseCategory, type NutriScoreChoice } from './nutri-score-category.ts';

/**
 * Version of the derivation below. Bump it whenever what computeRecipeFacts returns for the
 * same recipe changes (a rule, a threshold, a new field): at start the server recomputes
 * every stored recipe whose facts are older (src/server/features/recipes/facts-refresh.ts).
 * 1 was the layout before migration 0005 (nutrition totals and a Nutri-Score letter); 3 added
 * the allergens and traces of own products (migration 0010); 4 the cost; 5 the products'
 * meat origins; 6 the Nutri-Score 2023 tables (src/shared/nutriscore.ts) and their category,
 * the products' energy from annex XIV (src/shared/energy.ts), the allergen rules reviewed over
 * Ciqual (src/shared/allergen-rules.ts) and the kitchen units; 7 the organisation's Ciqual
 * prices and free tap water (migration 0025), and the meats of Ciqual foods (`meatKinds`).
 */
export const RECIPE_FACTS_VERSION = 7;

export interface RecipeFactsLine extends NutritionLine, FoodFacts {
  /** What an own product's label says it contains / may contain: facts, not suggestions. */
  allergens?: readonly string[] | undefined;
  traces?: readonly string[] | undefined;
  /** Purchase cost HT of one gram (a product's price, a sub-recipe's cost); absent or null: unknown. */
  costPerGram?: number | null | undefined;
  /** The meat kinds and origin countries of a product, or of a sub-recipe's products. */
  origins?: readonly ProductOrigin[] | undefined;
  /** A sub-recipe's catalogue meats (its RecipeFacts `meatKinds`). */
  meatKinds?: readonly MeatKind[] | undefined;
}

export interface RecipeFactsInput {
  servings: number;
  cookedWeightG: number | null;
  fruitVegLegumePercent: number | null;
  /** The Nutri-Score table: `auto` (the ingredients decide) or the owner's choice (absent: `auto`). */
  nutriScoreCategory?: NutriScoreChoice | undefined;
  /** The owner confirmed the allergen list (« Je confirme la liste des allergènes »). */
  allergensDeclared: boolean;
  /** The owner's own lists (« contient », « peut contenir »); absent = empty. */
  ownAllergens?: readonly string[] | undefined;
  ownTraces?: readonly string[] | undefined;
  lines: readonly RecipeFactsLine[];
}

export interface AllergenSuggestion {
  allergen: string;
  /** The ingredients (names) that imply it. */
  sources: string[];
}

/** Everything derived from a recipe's lines and fields; stored with the recipe, read as stored. */
export interface RecipeFacts {
  version: number;
  nutrition: {
    /** Weight of the raw ingredients, in grams. */
    totalGrams: number;
    totals: Record<Nutrient, number | null>;
    /** Ingredients (names) whose value is unknown, per nutrient: these totals are partial. */
    missing: Partial<Record<Nutrient, string[]>>;
    /** True when one of the four headline values is partial. */
    partial: boolean;
    /** Red meat is at least half of the weight (Nutri-Score protein cap). */
    redMeat: boolean;
  };
  /** The four headline values per serving, rounded as docs/product/spec.md says. */
  caloriesPerServing: number | null;
  proteinPerServing: number | null;
  carbsPerServing: number | null;
  fatPerServing: number | null;
  nutriScore: RecipeNutriScore;
  allergenStatus: AllergenStatus;
  /** Every allergen the ingredients imply, with its sources, in annex II order (declared or not). */
  allergenSuggestions: AllergenSuggestion[];
  /** Per line, in order: what its food implies (the browser's preview reads it back). */
  lines: FoodFacts[];
  /**
   * The recipe's whole lists: the owner's own plus what its products' labels state, in annex
   * II order; an allergen contained is not also a trace. Stored in `recipes.allergens` / `traces`.
   */
  allergens: string[];
  traces: string[];
  /** Allergens and traces that come from products, with the products that state them. */
  productAllergens: AllergenSuggestion[];
  productTraces: AllergenSuggestion[];
  /**
   * Food cost HT (« coût matière »): the whole recipe and one portion, in euros, or null when
   * a line has no price (`missing` names them): incomplete, never a smaller number.
   */
  cost: { total: number | null; perServing: number | null; missing: string[] };
  /** The products' meats and origins, at any depth (src/shared/product-origins.ts). */
  origins: ProductOrigin[];
  /**
   * The meats of its Ciqual foods, at any depth (src/shared/catalogue-meat-kinds.ts): their
   * origin is the owner's to declare, products cannot vouch for them (src/shared/diner-meat-origins.ts).
   */
  meatKinds: MeatKind[];
}

function statedBy(
  lines: readonly RecipeFactsLine[],
  pick: (line: RecipeFactsLine) => readonly string[] | undefined,
): AllergenSuggestion[] {
  const sources = new Map<string, string[]>();
  for (const line of lines) {
    for (const allergen of pick(line) ?? []) {
      const names = sources.get(allergen) ?? [];
      if (!names.includes(line.name)) names.push(line.name);
      sources.set(allergen, names);
    }
  }
  return ALLERGEN_NAMES.filter((a) => sources.has(a)).map((allergen) => ({
    allergen,
    sources: sources.get(allergen)!,
  }));
}

/**
 * The recipe's whole lists (docs/product/products.md « Allergens »): the owner's own in their
 * order, then what the products state, in annex II order; contained wins over trace.
 */
function wholeLists(input: RecipeFactsInput, products: AllergenSuggestion[], productTraces: AllergenSuggestion[]) {
  const allergens = [...new Set([...(input.ownAllergens ?? []), ...products.map((p) => p.allergen)])];
  const traces = [...new Set([...(input.ownTraces ?? []), ...productTraces.map((p) => p.allergen)])].filter(
    (a) => !allergens.includes(a),
  );
  return { allergens, traces };
}

function costOf(input: RecipeFactsInput, weights: (number | null)[]): RecipeFacts['cost'] {
  const missing = input.lines
    .filter((line, i) => weights[i] === null || line.costPerGram === null || line.costPerGram === undefined)
    .map((line) => line.name);
  if (missing.length > 0) return { total: null, perServing: null, missing: [...new Set(missing)] };
  const total = input.lines.reduce((sum, line, i) => sum + (weights[i] ?? 0) * (line.costPerGram ?? 0), 0);
  const servings = Number.isFinite(input.servings) && input.servings >= 1 ? input.servings : 1;
  return { total, perServing: total / servings, missing: [] };
}

/**
 * The one derivation of a recipe's nutrition, Nutri-Score and allergen facts (docs/product/decisions.md 8
 * and 15). The server stores its result with RECIPE_FACTS_VERSION; the form runs it for the
 * live preview only, the server never trusts values a client sends.
 */
export function computeRecipeFacts(input: RecipeFactsInput): RecipeFacts {
  const nutrition = computeNutrition(input.lines, input.servings);
  const weights = input.lines.map((line) =>
    toGrams(Number.isFinite(line.quantity) ? line.quantity : 0, line.unit, line.gramsPerUnit, line.gramsPerMl),
  );
  const unweighed = input.lines.filter((_, i) => weights[i] === null).map((line) => line.name);
  const redMeatGrams = input.lines.reduce((sum, line, i) => sum + (line.redMeat ? (weights[i] ?? 0) : 0), 0);
  const redMeat = nutrition.totalGrams > 0 && redMeatGrams / nutrition.totalGrams >= 0.5;
  const productAllergens = statedBy(input.lines, (line) => line.allergens);
  const productTraces = statedBy(input.lines, (line) => line.traces);
  const cooked = input.cookedWeightG !== null && input.cookedWeightG > 0 ? input.cookedWeightG : null;
  return {
    version: RECIPE_FACTS_VERSION,
    nutrition: {
      totalGrams: nutrition.totalGrams,
      totals: nutrition.totals,
      missing: nutrition.missing,
      partial: nutrition.partial,
      redMeat,
    },
    caloriesPerServing: nutrition.caloriesPerServing,
    proteinPerServing: nutrition.proteinPerServing,
    carbsPerServing: nutrition.carbsPerServing,
    fatPerServing: nutrition.fatPerServing,
    nutriScore: recipeNutriScore({
      totals: nutrition.totals,
      missing: nutrition.missing,
      unweighed,
      referenceGrams: cooked ?? nutrition.totalGrams,
      fruitVegLegumePercent: input.fruitVegLegumePercent,
      redMeat,
      category: chooseCategory(
        input.lines.map((line, i) => ({ name: line.name, kind: line.nutriKind, grams: weights[i] ?? null })),
        input.nutriScoreCategory ?? 'auto',
      ),
    }),
    allergenStatus: allergenStatusOf(input.allergensDeclared),
    allergenSuggestions: statedBy(input.lines, (line) => line.suggestedAllergens),
    lines: input.lines.map((line) => ({
      suggestedAllergens: [...line.suggestedAllergens],
      redMeat: line.redMeat,
      meatKind: line.meatKind ?? null,
      nutriKind: line.nutriKind ?? null,
    })),
    ...wholeLists(input, productAllergens, productTraces),
    productAllergens,
    productTraces,
    cost: costOf(input, weights),
    origins: mergeOrigins(input.lines.map((line) => line.origins ?? [])),
    meatKinds: MEAT_KINDS.filter((kind) =>
      input.lines.some((line) => line.meatKind === kind || line.meatKinds?.includes(kind)),
    ),
  };
}
