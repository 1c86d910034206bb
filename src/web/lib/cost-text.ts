import type { Recipe } from '../../shared/api/recipes.ts';
import { formatEuros, formatNumber } from './format.ts';

type CostFacts = Pick<Recipe, 'costPerServing' | 'costMissing' | 'foodCostPercent' | 'coefficient'>;

/**
 * The owner's cost words, one source for the card, the « Coûts » table and the fiche technique
 * (docs/product/products.md « Costs »): an incomplete cost names the lines without a price and
 * gives no figure, never a smaller number.
 */
export function costPerServingText(recipe: Pick<CostFacts, 'costPerServing' | 'costMissing'>): string {
  if (recipe.costPerServing === null)
    return `Coût matière incomplet : prix manquant pour ${recipe.costMissing.join(', ')}`;
  return `Coût matière : ${formatEuros(recipe.costPerServing)} / portion`;
}

export const percentText = (value: number | null) => (value === null ? '–' : `${formatNumber(value, 1)} %`);
export const coefficientText = (value: number | null) => (value === null ? '–' : formatNumber(value, 2));

/** « 31,3 % du prix HT · coefficient 3,20 », or nothing without a price or a complete cost. */
export function marginText(recipe: CostFacts): string | null {
  if (recipe.foodCostPercent === null) return null;
  return `${percentText(recipe.foodCostPercent)} du prix HT · coefficient ${coefficientText(recipe.coefficient)}`;
}
