export interface Allergen {
  name: string;
  category: string;
}

/**
 * The 14 allergens of EU Regulation 1169/2011 (INCO), annex II, in its order and under the
 * short names of its French version (docs/product/decisions.md 15: « Lait », not « Lactose »). Stored
 * rows written under the first names were renamed by migration 0005.
 */
export const ALLERGENS: readonly Allergen[] = [
  { name: 'Gluten', category: 'Céréales' },
  { name: 'Crustacés', category: 'Produits de la mer' },
  { name: 'Œufs', category: 'Œufs' },
  { name: 'Poissons', category: 'Produits de la mer' },
  { name: 'Arachides', category: 'Légumineuses' },
  { name: 'Soja', category: 'Légumineuses' },
  { name: 'Lait', category: 'Lait et produits laitiers' },
  { name: 'Fruits à coque', category: 'Fruits à coque' },
  { name: 'Céleri', category: 'Légumes' },
  { name: 'Moutarde', category: 'Condiments' },
  { name: 'Graines de sésame', category: 'Graines' },
  { name: 'Anhydride sulfureux et sulfites', category: 'Additifs' },
  { name: 'Lupin', category: 'Légumineuses' },
  { name: 'Mollusques', category: 'Produits de la mer' },
];

export const ALLERGEN_NAMES: readonly string[] = ALLERGENS.map((a) => a.name);

/** Whether the owner has confirmed a recipe's allergen list (docs/product/api.md « allergen status »). */
export const ALLERGEN_STATUSES = ['declared', 'unverified'] as const;
export type AllergenStatus = (typeof ALLERGEN_STATUSES)[number];
/** The status of a list its owner has confirmed (`declared`) or not: the one place that says it. */
export const allergenStatusOf = (declared: boolean): AllergenStatus => (declared ? 'declared' : 'unverified');

export { ALLERGEN_STATEMENTS } from './messages/allergen-statements.ts';

/** Folds case, accents and the œ ligature so « oeufs » finds « Œufs ». */
export function foldText(text: string): string {
  return text
    .replace(/œ/gi, 'oe')
    .replace(/æ/gi, 'ae')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/** Filters the built-in list by the typed text (also the client fallback of docs/product/spec.md). */
export function filterAllergens(query: string): Allergen[] {
  const q = foldText(query);
  if (!q) return [...ALLERGENS];
  return ALLERGENS.filter((a) => foldText(a.name).includes(q) || foldText(a.category).includes(q));
}
