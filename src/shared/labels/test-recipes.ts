import type { LabelLineInput, LabelRecipeInput } from './ingredient-list.ts';

/** Recipes built by the labels' unit tests: a line, and a recipe of lines whose allergens it confirms. */
export const line = (
  key: string,
  name: string,
  grams: number | null,
  extra: Partial<LabelLineInput> = {},
): LabelLineInput => ({ key, name, grams, water: false, allergens: [], ...extra });

export const recipe = (lines: LabelLineInput[], extra: Partial<LabelRecipeInput> = {}): LabelRecipeInput => ({
  allergens: [...new Set(lines.flatMap((l) => l.allergens))],
  allergensDeclared: true,
  cookedWeightG: null,
  lines,
  ...extra,
});
