import type { Recipe, RecipeIngredient } from '../../../shared/api/recipes.ts';
import { toGrams } from '../../../shared/units.ts';

/** One row of the fiche technique's ingredients: a line, how deep it sits, and the quantity used. */
export interface TreeRow {
  key: string;
  line: RecipeIngredient;
  /** 0 for the recipe's own lines, 1 inside a sub-recipe, and so on. */
  depth: number;
  /** The line's quantity for the share of its sub-recipe used here (depth 0: as typed). */
  quantity: number;
  /** Grams used here, null when the line cannot be weighed. */
  grams: number | null;
}

/** The walk stops where the server's does (src/server/domain/recipe-recompute.ts MAX_DEPTH). */
const MAX_DEPTH = 20;

function lineGrams(line: RecipeIngredient, quantity: number): number | null {
  return line.unit === 'portion'
    ? quantity * (line.gramsPerPortion ?? 0)
    : toGrams(quantity, line.unit, line.gramsPerUnit, line.gramsPerMl);
}

/**
 * The recipe's lines with each sub-recipe's own lines under it, indented, scaled to the share
 * used (150 g of a pâte brisée of 300 g served: half of each of its ingredients). A sub-recipe
 * the list does not hold shows as one line; a recipe already on the path is not opened again.
 */
export function ingredientTree(recipe: Recipe, recipes: ReadonlyMap<string, Recipe>): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (current: Recipe, factor: number, depth: number, path: string[]) => {
    for (const line of current.ingredients) {
      const quantity = line.quantity * factor;
      const grams = lineGrams(line, quantity);
      rows.push({ key: [...path, line.id].join('/'), line, depth, quantity, grams });
      const sub = line.recipeId ? recipes.get(line.recipeId) : undefined;
      if (!sub || path.includes(sub.id) || depth + 1 >= MAX_DEPTH || grams === null || sub.yieldGrams <= 0) continue;
      walk(sub, grams / sub.yieldGrams, depth + 1, [...path, sub.id]);
    }
  };
  walk(recipe, 1, 0, [recipe.id]);
  return rows;
}
