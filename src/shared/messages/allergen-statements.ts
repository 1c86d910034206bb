/**
 * What a diner reads where a recipe's allergens are shown (docs/product/decisions.md 15): never nothing.
 * Apart from the list of allergens (../allergens.ts re-exports it): a recipe card needs the
 * words only (docs/decisions/0041-first-load-javascript.md).
 * `none` for a declared empty list, `unverified` for a list its owner has not confirmed.
 */
export const ALLERGEN_STATEMENTS = {
  none: 'Aucun des 14 allergènes réglementaires',
  unverified: 'Allergènes non renseignés : demandez au personnel',
} as const;
