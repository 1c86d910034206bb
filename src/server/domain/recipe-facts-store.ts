import { computeRecipeFacts, type RecipeFacts } from '../../shared/recipe-facts.ts';
import type { Unit } from '../../shared/units.ts';
import type { NutriScoreChoice } from '../../shared/nutri-score-category.ts';
import type { LineSource } from './recipe-line-sources.ts';

/** A recipe's own fields the facts depend on (input of a save, or a stored row). */
export interface FactsFields {
  servings: number;
  cookedWeightG: number | null;
  fruitVegLegumePercent: number | null;
  /** The Nutri-Score table: `auto` or the owner's choice (src/shared/nutri-score-category.ts). */
  nutriScoreCategory?: NutriScoreChoice | undefined;
  allergensDeclared: boolean;
  /** The owner's own lists; the products' are added to them. */
  ownAllergens: readonly string[];
  ownTraces: readonly string[];
}

export interface FactsLineSource {
  quantity: number;
  unit: Unit;
  gramsPerUnit: number | null;
  /** Density of a volume line (ml, l), in g/ml; null otherwise. */
  gramsPerMl: number | null;
  source: LineSource;
}

/** The facts of a recipe from its lines' sources (Ciqual foods, own products): the server's only way to get them. */
export function factsFromSources(fields: FactsFields, lines: readonly FactsLineSource[]): RecipeFacts {
  return computeRecipeFacts({
    ...fields,
    lines: lines.map((l) => ({
      name: l.source.name,
      quantity: l.quantity,
      unit: l.unit,
      gramsPerUnit: l.gramsPerUnit,
      gramsPerMl: l.gramsPerMl,
      per100g: l.source.per100g,
      partial: l.source.partial,
      costPerGram: l.source.costPerGram,
      origins: l.source.origins,
      meatKinds: l.source.meatKinds,
      ...l.source.facts,
      allergens: l.source.allergens,
      traces: l.source.traces,
    })),
  });
}

/** The columns that store the facts (the headline values and whole allergen lists have their own, read by the public menu). */
export function factsColumns(facts: RecipeFacts) {
  return {
    calories_per_serving: facts.caloriesPerServing,
    protein_per_serving: facts.proteinPerServing,
    carbs_per_serving: facts.carbsPerServing,
    fat_per_serving: facts.fatPerServing,
    allergens: facts.allergens,
    traces: facts.traces,
    facts: JSON.stringify(facts),
    facts_version: facts.version,
  };
}
