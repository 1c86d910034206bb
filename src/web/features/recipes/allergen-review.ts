import type { AllergenSuggestion } from '../../../shared/recipe-facts.ts';

/** Sources already answered per allergen (dismissed, or reviewed when the list was confirmed). */
export type Answered = Record<string, readonly string[]>;

/** The ingredients a confirmation was given for: another set of ingredients needs another look. */
export const ingredientsKey = (codes: readonly string[]) => [...codes].sort().join(',');

/**
 * Suggestions still to answer: the allergen is in neither list, and one of the ingredients
 * implying it has not been answered for it (a new ingredient asks again).
 */
export function pendingSuggestions(
  suggestions: readonly AllergenSuggestion[],
  contains: readonly string[],
  traces: readonly string[],
  answered: Answered,
): AllergenSuggestion[] {
  return suggestions.filter(
    (s) =>
      !contains.includes(s.allergen) &&
      !traces.includes(s.allergen) &&
      s.sources.some((source) => !(answered[s.allergen] ?? []).includes(source)),
  );
}
