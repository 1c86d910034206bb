/**
 * The four headline values of a recipe (kcal, protein, carbs, fat) and the ingredients that
 * leave them partial: what a recipe card says, apart from the computation of ./nutrition.ts so
 * « Mes Recettes » loads no more than it shows (the 120 kB of
 * docs/decisions/0041-first-load-javascript.md).
 */
export const HEADLINE = ['energyKcal', 'protein', 'carbs', 'fat'] as const;
export type HeadlineNutrient = (typeof HEADLINE)[number];

/** Ingredient names missing for any of the four headline values, without duplicates. */
export function missingHeadlineIngredients(missing: Partial<Record<HeadlineNutrient, readonly string[]>>): string[] {
  return [...new Set(HEADLINE.flatMap((n) => missing[n] ?? []))];
}
