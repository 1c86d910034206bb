import { toGrams, type Unit } from './units.ts';
import { HEADLINE } from './nutrition-headline.ts';

/** Nutrients of a Ciqual food per 100 g (docs/product/api.md `per100g`). `null` is « unknown », never 0. */
export const NUTRIENTS = [
  'energyKj',
  'energyKcal',
  'water',
  'protein',
  'carbs',
  'sugars',
  'fiber',
  'fat',
  'saturatedFat',
  'salt',
] as const;
export type Nutrient = (typeof NUTRIENTS)[number];
export type Per100g = Record<Nutrient, number | null>;

export interface NutritionLine {
  name: string;
  quantity: number;
  unit: Unit;
  gramsPerUnit?: number | null | undefined;
  /** Density for a line in ml or l; 1 when absent. */
  gramsPerMl?: number | null | undefined;
  per100g: Per100g;
  /** Nutrients whose value is itself partial (a sub-recipe with a gap): added, and the line named as missing. */
  partial?: readonly Nutrient[] | undefined;
}

export interface NutritionResult {
  /** Total weight of the ingredients, in grams. */
  totalGrams: number;
  /** Sum over the recipe; null when no ingredient with a weight has the value. */
  totals: Record<Nutrient, number | null>;
  /** Totals divided by servings, unrounded. */
  perServing: Record<Nutrient, number | null>;
  /** Ingredients (names) whose value is unknown, per nutrient: these totals are partial. */
  missing: Partial<Record<Nutrient, string[]>>;
  /** The four headline values, rounded as docs/product/spec.md says (kcal whole, grams one decimal). */
  caloriesPerServing: number | null;
  proteinPerServing: number | null;
  carbsPerServing: number | null;
  fatPerServing: number | null;
  /** True when one of the four headline values is partial. */
  partial: boolean;
}

export const roundOneDecimal = (value: number) => Math.round((value + Number.EPSILON) * 10) / 10;

/**
 * Each ingredient adds its per-100 g values × grams / 100; the sum is divided by servings.
 * A gap in Ciqual is not a zero: the total adds what is known and names what is missing.
 * One function for the server (stored values) and the form (live preview).
 */
export function computeNutrition(lines: readonly NutritionLine[], servings: number): NutritionResult {
  const portions = Number.isFinite(servings) && servings >= 1 ? servings : 1;
  const totals = Object.fromEntries(NUTRIENTS.map((n) => [n, null])) as Record<Nutrient, number | null>;
  const missing: Partial<Record<Nutrient, string[]>> = {};
  let totalGrams = 0;

  for (const line of lines) {
    const grams = toGrams(
      Number.isFinite(line.quantity) ? line.quantity : 0,
      line.unit,
      line.gramsPerUnit,
      line.gramsPerMl,
    );
    if (grams === null) {
      for (const n of NUTRIENTS) (missing[n] ??= []).push(line.name);
      continue;
    }
    totalGrams += grams;
    for (const n of NUTRIENTS) {
      const value = line.per100g[n];
      if (value === null || value === undefined) {
        if (grams > 0) (missing[n] ??= []).push(line.name);
        continue;
      }
      totals[n] = (totals[n] ?? 0) + (value * grams) / 100;
      if (grams > 0 && line.partial?.includes(n)) (missing[n] ??= []).push(line.name);
    }
  }

  const perServing = Object.fromEntries(
    NUTRIENTS.map((n) => [n, totals[n] === null ? null : totals[n] / portions]),
  ) as Record<Nutrient, number | null>;
  const round1 = (v: number | null) => (v === null ? null : roundOneDecimal(v));
  return {
    totalGrams,
    totals,
    perServing,
    missing,
    caloriesPerServing: perServing.energyKcal === null ? null : Math.round(perServing.energyKcal),
    proteinPerServing: round1(perServing.protein),
    carbsPerServing: round1(perServing.carbs),
    fatPerServing: round1(perServing.fat),
    partial: HEADLINE.some((n) => (missing[n]?.length ?? 0) > 0),
  };
}
