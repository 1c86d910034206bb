import type { Population, Slot } from './catering.ts';

/**
 * Recommended served weight of a component per population, in grams (docs/product/meal-plans.md
 * « Portions »). The meat line is the arrêté du 30 septembre 2011 annexe II (steak haché,
 * viande hachée: 50 / 70 / 100 g, collège–lycée); the other lines are typical GEMRCN 2015
 * values not yet checked against its grammage annex, so the production sheet says so.
 * null: the recipe's own portion is served (a yoghurt is a yoghurt at every age).
 */
export const PORTION_GRAMS: Record<Slot, Record<Population, number> | null> = {
  entree: { maternelle: 70, elementaire: 90, adolescent: 110, adulte: 110 },
  plat: { maternelle: 50, elementaire: 70, adolescent: 100, adulte: 110 },
  accompagnement: { maternelle: 110, elementaire: 135, adolescent: 175, adulte: 200 },
  laitier: null,
  dessert: { maternelle: 100, elementaire: 125, adolescent: 150, adulte: 150 },
  pain: { maternelle: 40, elementaire: 40, adolescent: 50, adulte: 50 },
  gouter: null,
};

/** Slots whose weights are the binding arrêté's; the others are marked « indicatif ». */
export const VERIFIED_PORTION_SLOTS: readonly Slot[] = ['plat'];

/**
 * How many recipe portions one cover of `population` takes for `slot`: the recommended weight
 * over the recipe's portion weight (1 when either is unknown).
 */
export function portionFactor(slot: Slot, population: Population, recipePortionGrams: number | null): number {
  const target = PORTION_GRAMS[slot]?.[population];
  if (target === undefined || recipePortionGrams === null || recipePortionGrams <= 0) return 1;
  return target / recipePortionGrams;
}
