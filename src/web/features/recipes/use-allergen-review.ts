import { useMemo, useState } from 'react';
import type { Recipe } from '../../../shared/api/recipes.ts';
import type { AllergenSuggestion } from '../../../shared/recipe-facts.ts';
import { sourceKey } from './draft-lines.ts';
import { ingredientsKey, pendingSuggestions, type Answered } from './allergen-review.ts';

export interface AllergenReview {
  contains: string[];
  traces: string[];
  setLists: (next: { contains: string[]; traces: string[] }) => void;
  /** Suggestions neither added nor dismissed, each with the ingredients that imply it. */
  pending: AllergenSuggestion[];
  add: (allergen: string) => void;
  dismiss: (allergen: string) => void;
  /** « Je confirme la liste des allergènes » is ticked and still holds. */
  confirmed: boolean;
  setConfirmed: (value: boolean) => void;
  /** A confirmation was given, then the ingredients changed: it no longer holds. */
  ingredientsChanged: boolean;
}

/**
 * The owner's declaration of a recipe's allergens (docs/product/decisions.md 15): every suggestion of the
 * ingredients is added or dismissed, then the list is confirmed. The confirmation holds for
 * the ingredients it was given for; adding or removing one withdraws it (a new ingredient can
 * bring an allergen the rules do not know of), and its new suggestions come back.
 */
export function useAllergenReview(
  recipe: Recipe | null,
  codes: readonly string[],
  suggestions: readonly AllergenSuggestion[],
): AllergenReview {
  const declared = recipe?.allergenStatus === 'declared';
  const [contains, setContains] = useState<string[]>(recipe?.ownAllergens ?? []);
  const [traces, setTraces] = useState<string[]>(recipe?.ownTraces ?? []);
  // A declared recipe's suggestions outside its lists were dismissed when it was confirmed.
  const [answered, setAnswered] = useState<Answered>(() =>
    declared ? Object.fromEntries((recipe?.allergenSuggestions ?? []).map((s) => [s.allergen, s.sources])) : {},
  );
  const [confirmedFor, setConfirmedFor] = useState<string | null>(() =>
    declared ? ingredientsKey((recipe?.ingredients ?? []).map(sourceKey)) : null,
  );

  const key = ingredientsKey(codes);
  const pending = useMemo(
    () => pendingSuggestions(suggestions, contains, traces, answered),
    [suggestions, contains, traces, answered],
  );
  const sourcesOf = (allergen: string) => suggestions.find((s) => s.allergen === allergen)?.sources ?? [];

  return {
    contains,
    traces,
    setLists: (next) => {
      setContains(next.contains);
      setTraces(next.traces);
    },
    pending,
    add: (allergen) => {
      setContains((current) => (current.includes(allergen) ? current : [...current, allergen]));
      setTraces((current) => current.filter((a) => a !== allergen));
    },
    dismiss: (allergen) =>
      setAnswered((current) => ({ ...current, [allergen]: [...(current[allergen] ?? []), ...sourcesOf(allergen)] })),
    confirmed: confirmedFor === key && pending.length === 0,
    setConfirmed: (value) => setConfirmedFor(value ? key : null),
    ingredientsChanged: confirmedFor !== null && confirmedFor !== key,
  };
}
