import type { Recipe } from '../../../shared/api/recipes.ts';
import { formatEuros, formatNumber } from '../../lib/format.ts';

const list = (values: readonly string[]) => values.join(', ');
const number = (value: number | null, unit = '') =>
  value === null ? '' : `${formatNumber(value, value % 1 ? 1 : 0)}${unit}`;

/** A recipe as its conflict notice shows it (src/web/components/conflict-notice.tsx): what the form edits. */
export function describeRecipe(recipe: Recipe): Record<string, string> {
  return {
    Nom: recipe.name,
    Portions: number(recipe.servings),
    Ingrédients: list(
      recipe.ingredients.map((l) => `${l.name} ${formatNumber(l.quantity, l.quantity % 1 ? 2 : 0)} ${l.unit}`),
    ),
    Allergènes: list(recipe.ownAllergens),
    Traces: list(recipe.ownTraces),
    'Allergènes confirmés': recipe.allergenStatus === 'declared' ? 'oui' : 'non',
    'Régimes alimentaires': list(recipe.dietaryInfo),
    Description: recipe.description,
    Prix: recipe.price === null ? '' : formatEuros(recipe.price),
    Préparation: number(recipe.prepTime, '\u00a0min'),
    Cuisson: number(recipe.cookTime, '\u00a0min'),
    'Poids total cuit': number(recipe.cookedWeightG, '\u00a0g'),
    'Fait maison': recipe.homemade ? 'oui' : 'non',
    Progression: list(recipe.progression),
    Photo: recipe.photoUrl ? 'oui' : 'aucune',
  };
}
