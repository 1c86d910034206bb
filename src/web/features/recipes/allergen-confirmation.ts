import type { Recipe } from '../../../shared/api/recipes.ts';
import { formatDayMonth } from '../../lib/format.ts';

/**
 * « Allergènes confirmés par Marie le 12 mars » (docs/product/organisations.md « History »):
 * who answers for the lists a diner reads. Null while the lists are unconfirmed; without a
 * name when nobody is known (a confirmation older than the audit trail).
 */
export function allergenConfirmation(
  recipe: Pick<Recipe, 'allergenStatus' | 'allergensConfirmedBy' | 'allergensConfirmedAt'>,
  now = new Date(),
): string | null {
  if (recipe.allergenStatus !== 'declared' || !recipe.allergensConfirmedAt) return null;
  const when = formatDayMonth(recipe.allergensConfirmedAt, now);
  return recipe.allergensConfirmedBy
    ? `Allergènes confirmés par ${recipe.allergensConfirmedBy.name} le ${when}`
    : `Allergènes confirmés le ${when}`;
}
