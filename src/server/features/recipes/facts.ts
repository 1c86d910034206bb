import { computeRecipeFacts, type RecipeFacts } from '../../../shared/recipe-facts.ts';
import type { Unit } from '../../../shared/units.ts';
import type { FoodForRecipe } from '../../domain/catalogue-foods.ts';

/** A recipe's own fields the facts depend on (input of a save, or a stored row). */
export interface FactsFields {
  servings: number;
  cookedWeightG: number | null;
  fruitVegLegumePercent: number | null;
  allergensDeclared: boolean;
}

export interface FactsLineSource {
  quantity: number;
  unit: Unit;
  gramsPerUnit: number | null;
  /** Density of a volume line (ml, l), in g/ml; null otherwise. */
  gramsPerMl: number | null;
  food: FoodForRecipe;
}

/** The facts of a recipe from the catalogue's foods: the server's only way to get them. */
export function factsFromCatalogue(fields: FactsFields, lines: readonly FactsLineSource[]): RecipeFacts {
  return computeRecipeFacts({
    ...fields,
    lines: lines.map((l) => ({ name: l.food.name, quantity: l.quantity, unit: l.unit, gramsPerUnit: l.gramsPerUnit, gramsPerMl: l.gramsPerMl, per100g: l.food.per100g, ...l.food.facts })),
  });
}

/** The columns that store the facts (the headline values have their own, read by the public menu). */
export function factsColumns(facts: RecipeFacts) {
  return {
    calories_per_serving: facts.caloriesPerServing,
    protein_per_serving: facts.proteinPerServing,
    carbs_per_serving: facts.carbsPerServing,
    fat_per_serving: facts.fatPerServing,
    facts: JSON.stringify(facts),
    facts_version: facts.version,
  };
}
