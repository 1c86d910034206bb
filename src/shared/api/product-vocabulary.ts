/**
 * The words of a product that pages show (units, meat kinds, EGalim labels), without zod: the
 * product list shows them before any form is opened (the 120 kB of
 * docs/decisions/0041-first-load-javascript.md; the schemas stay in ./products.ts, which
 * re-exports these).
 */
export const PRICE_UNITS = ['kg', 'l', 'unité'] as const;
export type PriceUnit = (typeof PRICE_UNITS)[number];
export const PRICE_UNIT_LABELS: Record<PriceUnit, string> = { kg: 'le kg', l: 'le litre', unité: 'l’unité' };

export const MEAT_KINDS = ['bovine', 'porcine', 'ovine', 'volaille'] as const;
export type MeatKind = (typeof MEAT_KINDS)[number];
export const MEAT_KIND_LABELS: Record<MeatKind, string> = {
  bovine: 'Bœuf, veau',
  porcine: 'Porc',
  ovine: 'Agneau, mouton',
  volaille: 'Volaille',
};
/** Red meat for the Nutri-Score protein cap (src/shared/recipe-nutrition.ts). */
export const RED_MEAT_KINDS: readonly MeatKind[] = ['bovine', 'porcine', 'ovine'];

/** The labels that count towards EGalim (loi EGalim, article L230-5-1 of the Code rural). */
export const PRODUCT_LABELS = [
  'bio',
  'label_rouge',
  'aop_aoc',
  'igp',
  'stg',
  'hve',
  'peche_durable',
  'commerce_equitable',
  'fermier',
  'autre_egalim',
] as const;
export type ProductLabel = (typeof PRODUCT_LABELS)[number];
export const PRODUCT_LABEL_NAMES: Record<ProductLabel, string> = {
  bio: 'Agriculture biologique',
  label_rouge: 'Label Rouge',
  aop_aoc: 'AOP / AOC',
  igp: 'IGP',
  stg: 'STG',
  hve: 'Haute valeur environnementale',
  peche_durable: 'Pêche durable (MSC)',
  commerce_equitable: 'Commerce équitable',
  fermier: 'Fermier',
  autre_egalim: 'Autre signe EGalim',
};
