import { EGALIM_LABEL_NAMES, EGALIM_LABELS, type EgalimLabel } from './egalim.ts';

/** The quality signs a family may read on a dish (the others are « ma cantine » accounting only). */
const SHOWN: readonly EgalimLabel[] = [
  'BIO',
  'LABEL_ROUGE',
  'AOCAOP',
  'IGP',
  'STG',
  'HVE',
  'PECHE_DURABLE',
  'COMMERCE_EQUITABLE',
  'FERMIER',
];

export interface DishLabel {
  label: EgalimLabel;
  /** « Bio », « Label Rouge »… (EGALIM_LABEL_NAMES). */
  name: string;
  /** The labelled ingredients, as the recipe names them, in the recipe's order. */
  ingredients: string[];
}

/**
 * The labels a dish may show, each with the ingredients that carry it: « Bio : carottes » and
 * never a bare « Bio » on a dish that has one organic ingredient among others, since a
 * sign names a product, not the recipe (docs/product/meal-plans.md « La semaine »).
 * The server gives the dish's labelled products, its sub-recipes' included
 * (`labelledIngredients` of src/server/features/meal-plans/dishes.ts).
 */
export function dishLabels(lines: readonly { name: string; labels: readonly EgalimLabel[] }[]): DishLabel[] {
  return EGALIM_LABELS.filter((label) => SHOWN.includes(label)).flatMap((label) => {
    const ingredients = [...new Set(lines.filter((line) => line.labels.includes(label)).map((line) => line.name))];
    return ingredients.length > 0 ? [{ label, name: EGALIM_LABEL_NAMES[label], ingredients }] : [];
  });
}
