import type { NutriScoreCategory } from './nutriscore.ts';

/**
 * The Nutri-Score tables' names and the owner's choices, in a module of their own: the pages
 * that show a grade import only these words, not the algorithm (src/shared/nutri-score-category.ts).
 */
export const NUTRISCORE_CHOICES = ['auto', 'general', 'cheese', 'fats', 'beverage', 'water'] as const;
export type NutriScoreChoice = (typeof NUTRISCORE_CHOICES)[number];

/** The table's name as the owner and the diners read it (« tableau des … »). */
export const NUTRISCORE_CATEGORY_LABELS: Record<NutriScoreCategory, string> = {
  general: 'aliments',
  cheese: 'fromages',
  fats: 'matières grasses, huiles, fruits à coque et graines',
  beverage: 'boissons',
  water: 'eaux',
};

/** The choices of the recipe form. */
export const NUTRISCORE_CHOICE_LABELS: Record<NutriScoreChoice, string> = {
  auto: 'Automatique (d’après les ingrédients)',
  general: 'Aliment',
  cheese: 'Fromage',
  fats: 'Matière grasse, huile, fruits à coque, graines',
  beverage: 'Boisson',
  water: 'Eau',
};
