import type { Population, Service, Slot } from './catering.ts';
import type { DishProfile } from './dish-profile.ts';

/**
 * The 20-meal frequency grid (docs/product/gemrcn.md): arrêté du 30 septembre 2011, annexe I
 * (school catering, binding) for maternelle, élémentaire and adolescent; GEMRCN
 * « Recommandation nutrition » version 2.0 (juillet 2015), same thresholds, for adults
 * (indicative). Each criterion counts the meals where at least one component matches.
 */
export type Ruleset = 'arrete-2011' | 'gemrcn-2015';
export const RULESET_LABELS: Record<Ruleset, string> = {
  'arrete-2011': 'Arrêté du 30 septembre 2011 (restauration scolaire), annexe I',
  'gemrcn-2015': 'GEMRCN «\u00a0Recommandation nutrition\u00a0» version 2.0, juillet 2015 (indicatif)',
};
const rulesetOf = (population: Population): Ruleset => (population === 'adulte' ? 'gemrcn-2015' : 'arrete-2011');

const GRID_MEALS = 20;

type Kind = 'min' | 'max' | 'target';
interface Component {
  slot: Slot;
  dish: DishProfile;
}

export interface Criterion {
  id: string;
  /** Official wording (arrêté 2011 annexe I; GEMRCN 2015 line for adults when it differs). */
  label: string;
  kind: Kind;
  /** Out of 20 meals. */
  n: number;
  /** Does this component count for the criterion? */
  counts: (component: Component, ruleset: Ruleset) => boolean;
}

const is = (c: Component, ...slots: Slot[]) => slots.includes(c.slot);
const tagged = (c: Component, tag: DishProfile['tags'][number]) => c.dish.tags.includes(tag);
const gt = (value: number | null, limit: number) => value !== null && value > limit;
const ratioPL = (d: DishProfile) =>
  d.proteinPerPortion !== null && d.fatPerPortion !== null && d.fatPerPortion > 0
    ? d.proteinPerPortion / d.fatPerPortion
    : null;
const isCheese = (c: Component) => tagged(c, 'fromage') || c.dish.shares.cheese >= 0.5;
const isCrudites = (c: Component) => tagged(c, 'crudites') || c.dish.shares.rawProduce >= 0.5;

export const CRITERIA: readonly Criterion[] = [
  {
    id: 'crudites',
    label:
      'Crudités de légumes ou de fruits, contenant au moins 50\u00a0% de légumes ou de fruits (entrée ou accompagnement)',
    kind: 'min',
    n: 10,
    counts: (c) => is(c, 'entree', 'accompagnement') && isCrudites(c),
  },
  {
    id: 'fruits-crus',
    label: 'Desserts de fruits crus (100\u00a0% fruit cru, sans sucre ajouté)',
    kind: 'min',
    n: 8,
    counts: (c) => is(c, 'dessert') && (tagged(c, 'fruit-cru') || c.dish.shares.rawFruit >= 0.999),
  },
  {
    id: 'legumes-cuits',
    label: 'Légumes cuits, autres que secs, seuls ou en mélange contenant au moins 50\u00a0% de légumes (garniture)',
    kind: 'target',
    n: 10,
    counts: (c) =>
      is(c, 'accompagnement') &&
      (tagged(c, 'legumes-cuits') || (c.dish.shares.vegetables >= 0.5 && c.dish.shares.rawProduce < 0.5)),
  },
  {
    id: 'feculents',
    label:
      'Légumes secs, féculents ou céréales, seuls ou en mélange contenant au moins 50\u00a0% de légumes secs, féculents ou céréales (garniture)',
    kind: 'target',
    n: 10,
    counts: (c) => is(c, 'accompagnement') && (tagged(c, 'feculents') || c.dish.shares.starches >= 0.5),
  },
  {
    id: 'fromages-150',
    label: 'Fromages contenant au moins 150\u00a0mg de calcium laitier par portion (entrée ou produit laitier)',
    kind: 'min',
    n: 8,
    counts: (c) => is(c, 'entree', 'laitier') && isCheese(c) && (c.dish.calciumPerPortion ?? 0) >= 150,
  },
  {
    id: 'fromages-100-150',
    label:
      'Fromages dont la teneur en calcium laitier est comprise entre 100\u00a0mg et moins de 150\u00a0mg par portion (entrée ou produit laitier)',
    kind: 'min',
    n: 4,
    counts: (c) =>
      is(c, 'entree', 'laitier') &&
      isCheese(c) &&
      c.dish.calciumPerPortion !== null &&
      c.dish.calciumPerPortion >= 100 &&
      c.dish.calciumPerPortion < 150,
  },
  {
    id: 'laitiers',
    label:
      'Produits laitiers ou desserts lactés contenant plus de 100\u00a0mg de calcium laitier et moins de 5\u00a0g de lipides par portion',
    kind: 'min',
    n: 6,
    counts: (c) =>
      is(c, 'laitier', 'dessert') &&
      !isCheese(c) &&
      gt(c.dish.calciumPerPortion, 100) &&
      c.dish.fatPerPortion !== null &&
      c.dish.fatPerPortion < 5,
  },
  {
    id: 'viandes-non-hachees',
    label: 'Viandes non hachées de bœuf, de veau ou d’agneau, et abats de boucherie (plat protidique)',
    kind: 'min',
    n: 4,
    counts: (c) => is(c, 'plat') && tagged(c, 'viande-non-hachee'),
  },
  {
    id: 'poissons',
    label:
      'Poissons ou préparations à base de poisson contenant au moins 70\u00a0% de poisson, et ayant un P/L ≥ 2 (plat protidique)',
    kind: 'min',
    n: 4,
    counts: (c) => is(c, 'plat') && c.dish.shares.fish >= 0.7 && (ratioPL(c.dish) ?? 0) >= 2,
  },
  {
    id: 'preparations-moins-70',
    label:
      'Préparations à base de viande, de poisson ou d’œuf contenant moins de 70\u00a0% de ces produits (plat protidique)',
    kind: 'max',
    n: 3,
    counts: (c) => is(c, 'plat') && c.dish.shares.meatFishEgg > 0 && c.dish.shares.meatFishEgg < 0.7,
  },
  {
    id: 'entrees-grasses',
    label: 'Entrées contenant plus de 15\u00a0% de lipides',
    kind: 'max',
    n: 4,
    counts: (c) => is(c, 'entree') && gt(c.dish.fatPercent, 15),
  },
  {
    id: 'desserts-gras',
    label: 'Desserts contenant plus de 15\u00a0% de lipides',
    kind: 'max',
    n: 3,
    counts: (c) => is(c, 'dessert') && gt(c.dish.fatPercent, 15),
  },
  {
    id: 'frits',
    label: 'Produits à frire ou pré-frits contenant plus de 15\u00a0% de lipides (plat protidique ou garniture)',
    kind: 'max',
    n: 4,
    counts: (c) => is(c, 'plat', 'accompagnement') && tagged(c, 'frit'),
  },
  {
    id: 'plats-pl-1',
    label: 'Plats protidiques ayant un rapport protéines/lipides P/L ≤ 1',
    kind: 'max',
    n: 2,
    counts: (c) => {
      const ratio = ratioPL(c.dish);
      return is(c, 'plat') && ratio !== null && ratio <= 1;
    },
  },
  {
    id: 'desserts-sucres',
    label:
      'Desserts (et, pour le GEMRCN, produits laitiers) contenant plus de 20\u00a0g de glucides simples totaux par portion et moins de 15\u00a0% de lipides',
    kind: 'max',
    n: 4,
    counts: (c, ruleset) =>
      (is(c, 'dessert') || (ruleset === 'gemrcn-2015' && is(c, 'laitier'))) &&
      gt(c.dish.sugarsPerPortion, 20) &&
      c.dish.fatPercent !== null &&
      c.dish.fatPercent < 15,
  },
];

export interface GridMeal {
  date: string;
  service: Service;
  components: readonly Component[];
}

export interface CriterionResult {
  id: string;
  label: string;
  kind: Kind;
  /** Threshold out of 20 meals. */
  n: number;
  /** « au moins 10 sur 20 », as shown. */
  expected: string;
  /** Threshold for the meals actually planned (prorated when fewer than 20). */
  threshold: number;
  count: number;
  ok: boolean;
  /** The meals that count, with the dish that made each count. */
  matches: { date: string; service: Service; recipeName: string }[];
}

const EXPECTED: Record<Kind, (n: number) => string> = {
  min: (n) => `au moins ${n} sur 20`,
  max: (n) => `au plus ${n} sur 20`,
  target: (n) => `${n} sur 20`,
};

/** Only lunches and dinners are on the grid (arrêté art. 1); a goûter is not a meal of it. */
const onGrid = (meal: GridMeal) => meal.service !== 'gouter' && meal.components.length > 0;

/** Evaluates the first 20 grid meals of `meals` (sorted by date then service). */
export function evaluateGrid(
  meals: readonly GridMeal[],
  population: Population,
): { meals: number; ruleset: Ruleset; criteria: CriterionResult[] } {
  const ruleset = rulesetOf(population);
  const window = meals.filter(onGrid).slice(0, GRID_MEALS);
  const criteria = CRITERIA.map((criterion): CriterionResult => {
    const matches: CriterionResult['matches'] = [];
    for (const meal of window) {
      const hit = meal.components.find((c) => criterion.counts(c, ruleset));
      if (hit) matches.push({ date: meal.date, service: meal.service, recipeName: hit.dish.name });
    }
    const threshold =
      window.length === GRID_MEALS ? criterion.n : Math.round((criterion.n * window.length) / GRID_MEALS);
    const count = matches.length;
    const ok =
      criterion.kind === 'min'
        ? count >= threshold
        : criterion.kind === 'max'
          ? count <= threshold
          : count === threshold;
    return {
      id: criterion.id,
      label: criterion.label,
      kind: criterion.kind,
      n: criterion.n,
      expected: EXPECTED[criterion.kind](criterion.n),
      threshold,
      count,
      ok,
      matches,
    };
  });
  return { meals: window.length, ruleset, criteria };
}
