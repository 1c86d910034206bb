import type { DishProfile } from './dish-profile.ts';
import { POPULATIONS, type Population, type Slot } from './catering.ts';

/**
 * Served weight of one cover, per component and population (docs/product/meal-plans.md
 * « Portions by age »). The main dish has two lines, because the arrêté du 30 septembre 2011
 * weighs them apart: a protein dish served on its own (the meat, fish or egg: a steak haché)
 * and a composed dish, weighed whole with its garnish and sauce (lasagnes, hachis parmentier).
 */
export const PORTION_LINES = [
  'entree',
  'plat',
  'plat_compose',
  'accompagnement',
  'laitier',
  'dessert',
  'patisserie',
  'pain',
  'gouter',
] as const;
export type PortionLine = (typeof PORTION_LINES)[number];

export const PORTION_LINE_LABELS: Record<PortionLine, string> = {
  entree: 'Entrée',
  plat: 'Plat protidique (viande, poisson, œuf)',
  plat_compose: 'Plat composé (portion entière)',
  accompagnement: 'Accompagnement',
  laitier: 'Produit laitier',
  dessert: 'Dessert',
  patisserie: 'Dessert pâtissier',
  pain: 'Pain',
  gouter: 'Goûter',
};

/**
 * Where a weight comes from: the arrêté's annexe II (binding for products delivered ready to
 * eat, the only official figures readable here), NutriCarte's own estimate (a usual school
 * portion, to be checked by the establishment's dietitian), the establishment's own grid, or
 * none (`recette`: one recipe portion per cover, as written).
 */
export type PortionSource = 'arrete' | 'repere' | 'etablissement' | 'recette';
const PORTION_SOURCE_LABELS: Record<PortionSource, string> = {
  arrete: 'arrêté du 30 septembre 2011, annexe II',
  repere: 'repère indicatif NutriCarte',
  etablissement: 'grammage de l’établissement',
  recette: 'portion de la recette',
};

export interface PortionCell {
  /** Grams of finished dish per cover; null: one recipe portion per cover. */
  grams: number | null;
  source: PortionSource;
}
export type PortionGrid = Record<PortionLine, Record<Population, PortionCell>>;
/** What an establishment has set: a number of grams, or null for « the recipe's portion ». */
export type PortionOverrides = Partial<Record<PortionLine, Partial<Record<Population, number | null>>>>;

export const PORTION_GRAMS_MIN = 1;
export const PORTION_GRAMS_MAX = 2000;

const arrete = (grams: number): PortionCell => ({ grams, source: 'arrete' });
const repere = (grams: number): PortionCell => ({ grams, source: 'repere' });
const recette: PortionCell = { grams: null, source: 'recette' };
const row = (maternelle: PortionCell, elementaire: PortionCell, adolescent: PortionCell, adulte: PortionCell) => ({
  maternelle,
  elementaire,
  adolescent,
  adulte,
});

/**
 * The defaults. Arrêté du 30 septembre 2011 (NOR AGRG1032380A), annexe II, columns maternelle,
 * élémentaire, collège–lycée; a range is taken at its middle:
 * - `plat`: « steak haché de bœuf » and « poids minimum de denrée protidique du plat composé »
 *   50 / 70 / 100 g (the paupiettes' and breaded fish's « 100 à 120 » start at the same 100 g);
 * - `plat_compose`: « poids de la portion de plat, comprenant denrée protidique, garniture et
 *   sauce » 180 / 250 / 250 à 300 g (275 g);
 * - `patisserie`: « pâtisseries fraîches, surgelées ou déshydratées, en portions, à découper ou à
 *   reconstituer » 40-60 g for maternelle and élémentaire (50 g), 60-80 g for collège–lycée (70 g).
 * The annex has no adult column and no line for crudités, vegetables, starches, cheese,
 * yoghurts, fruit or bread: those are NutriCarte's estimates (`repere`), which every
 * establishment replaces with its own grid. Dairy and goûter keep the recipe's portion
 * (a yoghurt is a yoghurt at every age) until the establishment sets a weight.
 */
export const DEFAULT_PORTIONS: PortionGrid = {
  entree: row(repere(70), repere(90), repere(110), repere(110)),
  plat: row(arrete(50), arrete(70), arrete(100), repere(110)),
  plat_compose: row(arrete(180), arrete(250), arrete(275), repere(300)),
  accompagnement: row(repere(110), repere(135), repere(175), repere(200)),
  laitier: row(recette, recette, recette, recette),
  dessert: row(repere(100), repere(125), repere(150), repere(150)),
  patisserie: row(arrete(50), arrete(50), arrete(70), repere(80)),
  pain: row(repere(40), repere(40), repere(50), repere(50)),
  gouter: row(recette, recette, recette, recette),
};

/** The annex II line each « arrêté » weight comes from, named on the production sheet. */
const ARRETE_LINE_NAMES: Partial<Record<PortionLine, string>> = {
  plat: 'steak haché de bœuf, poids minimum de denrée protidique',
  plat_compose: 'poids de la portion de plat composé, garniture et sauce comprises',
  patisserie: 'pâtisseries fraîches, surgelées ou déshydratées, en portions',
};

/** « arrêté du 30 septembre 2011, annexe II, pâtisseries… », « repère indicatif NutriCarte »… */
export function portionSourceText(line: PortionLine, source: PortionSource): string {
  const annex = source === 'arrete' ? ARRETE_LINE_NAMES[line] : undefined;
  return annex ? `${PORTION_SOURCE_LABELS[source]}, ${annex}` : PORTION_SOURCE_LABELS[source];
}

/** The establishment's grid: its own cells over the defaults. */
export function portionGrid(overrides: PortionOverrides): PortionGrid {
  const grid = {} as PortionGrid;
  for (const line of PORTION_LINES) {
    grid[line] = {} as Record<Population, PortionCell>;
    for (const population of POPULATIONS) {
      const own = overrides[line]?.[population];
      grid[line][population] =
        own === undefined
          ? DEFAULT_PORTIONS[line][population]
          : own === null
            ? { grams: null, source: 'etablissement' }
            : { grams: own, source: 'etablissement' };
    }
  }
  return grid;
}

/**
 * A main dish is weighed whole when its meat, fish and egg make less than 70 % of its raw
 * weight: the grid's own line between « plat protidique » and « préparation … contenant moins
 * de 70 % de ces produits » (arrêté, annexe I). A dish with no weighed line stays a protein dish.
 */
export const COMPOSED_BELOW_SHARE = 0.7;

export function portionLineOf(
  slot: Slot,
  profile: Pick<DishProfile, 'shares' | 'portionGrams'> & Partial<Pick<DishProfile, 'tags' | 'excluded'>>,
): PortionLine {
  if (slot === 'dessert') {
    const pastry =
      !(profile.excluded ?? []).includes('patisserie') &&
      ((profile.tags ?? []).includes('patisserie') || profile.shares.pastry >= 0.5);
    return pastry ? 'patisserie' : 'dessert';
  }
  if (slot !== 'plat') return slot;
  return profile.portionGrams !== null && profile.shares.meatFishEgg < COMPOSED_BELOW_SHARE ? 'plat_compose' : 'plat';
}

/**
 * How many recipe portions one cover of `population` takes: the grid's weight over the
 * recipe's portion weight; 1 (the recipe's portion) when the grid says so or the recipe's
 * weight is unknown.
 */
export function portionFactor(cell: PortionCell, recipePortionGrams: number | null): number {
  if (cell.grams === null || recipePortionGrams === null || recipePortionGrams <= 0) return 1;
  return cell.grams / recipePortionGrams;
}

/** One cover of `population` for a planned dish: the grid's line and cell, and the recipe portions it takes. */
export function coverPortion(
  grid: PortionGrid,
  slot: Slot,
  population: Population,
  profile: Pick<DishProfile, 'shares' | 'portionGrams'> & Partial<Pick<DishProfile, 'tags' | 'excluded'>>,
) {
  const line = portionLineOf(slot, profile);
  const cell = grid[line][population];
  return {
    line,
    cell,
    factor: portionFactor(cell, profile.portionGrams),
    scaled: cell.grams !== null && profile.portionGrams !== null && profile.portionGrams > 0,
  };
}
