import type { DinerAllergen } from '../../../shared/diner/allergens.ts';
import type { PublicMenuItem } from '../../../shared/api/public-menu.ts';

/**
 * What the allergen filter says of one dish for a diner avoiding some allergens
 * (« Je ne mange pas de… », docs/decisions/0020-languages-filter-live-availability.md):
 * `contains` (greyed out, with the allergens named), `mayContain` (« peut contenir », warned),
 * `unverified` (its owner has not confirmed the list, flagged: docs/product/decisions.md 15),
 * or null when nothing the diner avoids is declared in it.
 * An item without a recipe (a drink) is judged on its own lists (`labels`, docs/decisions/0019);
 * a dish whose recipe is gone has no list: unverified.
 */
export type FilterVerdict =
  | { kind: 'contains'; allergens: DinerAllergen[] }
  | { kind: 'mayContain'; allergens: DinerAllergen[] }
  | { kind: 'unverified' };

export function filterVerdict(
  item: Pick<PublicMenuItem, 'recipe'> & Partial<Pick<PublicMenuItem, 'labels'>>,
  avoided: readonly DinerAllergen[],
): FilterVerdict | null {
  if (avoided.length === 0) return null;
  const recipe = item.recipe ?? item.labels ?? null;
  if (!recipe) return { kind: 'unverified' };
  // Listed allergens count even while unconfirmed: what is already named is certainly there.
  const contains = avoided.filter((a) => recipe.allergens.includes(a.name));
  if (contains.length) return { kind: 'contains', allergens: contains };
  const traces = avoided.filter((a) => recipe.traces.includes(a.name));
  if (traces.length) return { kind: 'mayContain', allergens: traces };
  return recipe.allergenStatus === 'declared' ? null : { kind: 'unverified' };
}
