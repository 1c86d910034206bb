import type { CateringTag, Population, Service, Slot } from './catering.ts';
import type { DishProfile } from './dish-profile.ts';

/**
 * The 20-meal frequency grid (docs/product/meal-plans.md « GEMRCN »): arrêté du 30 septembre
 * 2011, annexe I (school catering, binding) for maternelle, élémentaire and adolescent; GEMRCN
 * « Recommandation nutrition » version 2.0 (juillet 2015), same thresholds, for adults
 * (indicative). Each criterion counts the meals where at least one component matches; a meal
 * where no component matches but one lacks a value the rule needs is « unknown », never a 0.
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

/** What a rule says of one dish: it counts (and why), it does not, or a value it needs is missing. */
export type Verdict = { counts: true; reason: string } | { counts: false; note?: string } | { unknown: string };
const YES = (reason: string): Verdict => ({ counts: true, reason });
const NO: Verdict = { counts: false };
const UNKNOWN = (what: string): Verdict => ({ unknown: what });

export interface Criterion {
  id: string;
  /** Official wording (arrêté 2011 annexe I; GEMRCN 2015 line for adults when it differs). */
  label: string;
  kind: Kind;
  /** Out of 20 meals. */
  n: number;
  slots: readonly Slot[];
  /** The owner's word for it: in `excluded` it never counts; in `tags`, see `tagMeans`. */
  tag: CateringTag;
  /**
   * `counts`: the tag makes the dish count whatever the data says (« compte »). `fact`: the tag
   * states a fact the data cannot tell (« frit », « fromage »), and the rule's figures still
   * apply: fries at 12 % fat are not « plus de 15 % de lipides ».
   */
  tagMeans: 'counts' | 'fact';
  rule: (dish: DishProfile, ruleset: Ruleset, slot: Slot) => Verdict;
}

const fr1 = (n: number) => new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format(n);
const pct = (share: number) => `${fr1(share * 100)}\u00a0%`;
const tagged = (d: DishProfile, tag: CateringTag) => d.tags.includes(tag);
const ratioPL = (d: DishProfile) =>
  d.proteinPerPortion !== null && d.fatPerPortion !== null && d.fatPerPortion > 0
    ? d.proteinPerPortion / d.fatPerPortion
    : null;
const of = (d: DishProfile, key: keyof DishProfile['shares']) => (d.main[key] ? ` (${d.main[key]})` : '');
const isCheese = (d: DishProfile) => tagged(d, 'fromage') || d.shares.cheese >= 0.5;
const cheeseWhy = (d: DishProfile) => (tagged(d, 'fromage') ? 'fromage (classé)' : `fromage ${pct(d.shares.cheese)}`);
const cooked = (d: DishProfile) => (d.cooked ? `plat cuit\u00a0: ${d.cooked}` : '');

export const CRITERIA: readonly Criterion[] = [
  {
    id: 'crudites',
    label:
      'Crudités de légumes ou de fruits, contenant au moins 50\u00a0% de légumes ou de fruits (entrée ou accompagnement)',
    kind: 'min',
    n: 10,
    slots: ['entree', 'accompagnement'],
    tag: 'crudites',
    tagMeans: 'counts',
    rule: (d) =>
      d.shares.rawProduce >= 0.5
        ? YES(`${pct(d.shares.rawProduce)} de légumes ou fruits crus${of(d, 'rawProduce')}, sans cuisson`)
        : d.cooked && d.shares.vegetables + d.shares.fruit >= 0.5
          ? { counts: false, note: `${d.name}\u00a0: ${cooked(d)}, ses légumes ne sont pas des crudités` }
          : NO,
  },
  {
    id: 'fruits-crus',
    label: 'Desserts de fruits crus (100\u00a0% fruit cru, sans sucre ajouté)',
    kind: 'min',
    n: 8,
    slots: ['dessert'],
    tag: 'fruit-cru',
    tagMeans: 'counts',
    rule: (d) =>
      d.shares.rawFruit >= 0.999
        ? YES(`100\u00a0% de fruit cru${of(d, 'rawFruit')}`)
        : d.cooked && d.shares.fruit >= 0.5
          ? { counts: false, note: `${d.name}\u00a0: ${cooked(d)}, ce n’est pas un fruit cru` }
          : NO,
  },
  {
    id: 'legumes-cuits',
    label: 'Légumes cuits, autres que secs, seuls ou en mélange contenant au moins 50\u00a0% de légumes (garniture)',
    kind: 'target',
    n: 10,
    slots: ['accompagnement'],
    tag: 'legumes-cuits',
    tagMeans: 'counts',
    rule: (d) =>
      d.shares.vegetables >= 0.5 && d.shares.rawProduce < 0.5
        ? YES(`${pct(d.shares.vegetables)} de légumes${of(d, 'vegetables')}${d.cooked ? `, ${cooked(d)}` : ''}`)
        : NO,
  },
  {
    id: 'feculents',
    label:
      'Légumes secs, féculents ou céréales, seuls ou en mélange contenant au moins 50\u00a0% de légumes secs, féculents ou céréales (garniture)',
    kind: 'target',
    n: 10,
    slots: ['accompagnement'],
    tag: 'feculents',
    tagMeans: 'counts',
    rule: (d) =>
      d.shares.starches >= 0.5
        ? YES(`${pct(d.shares.starches)} de féculents, légumes secs ou céréales${of(d, 'starches')}`)
        : NO,
  },
  {
    id: 'fromages-150',
    label: 'Fromages contenant au moins 150\u00a0mg de calcium laitier par portion (entrée ou produit laitier)',
    kind: 'min',
    n: 8,
    slots: ['entree', 'laitier'],
    tag: 'fromage',
    tagMeans: 'fact',
    rule: (d) => {
      if (!isCheese(d)) return NO;
      if (d.calciumPerPortion === null) return UNKNOWN('calcium inconnu');
      return d.calciumPerPortion >= 150
        ? YES(`${cheeseWhy(d)}, ${fr1(d.calciumPerPortion)}\u00a0mg de calcium par portion`)
        : NO;
    },
  },
  {
    id: 'fromages-100-150',
    label:
      'Fromages dont la teneur en calcium laitier est comprise entre 100\u00a0mg et moins de 150\u00a0mg par portion (entrée ou produit laitier)',
    kind: 'min',
    n: 4,
    slots: ['entree', 'laitier'],
    tag: 'fromage',
    tagMeans: 'fact',
    rule: (d) => {
      if (!isCheese(d)) return NO;
      if (d.calciumPerPortion === null) return UNKNOWN('calcium inconnu');
      return d.calciumPerPortion >= 100 && d.calciumPerPortion < 150
        ? YES(`${cheeseWhy(d)}, ${fr1(d.calciumPerPortion)}\u00a0mg de calcium par portion`)
        : NO;
    },
  },
  {
    id: 'laitiers',
    label:
      'Produits laitiers ou desserts lactés contenant plus de 100\u00a0mg de calcium laitier et moins de 5\u00a0g de lipides par portion',
    kind: 'min',
    n: 6,
    slots: ['laitier', 'dessert'],
    tag: 'laitage',
    tagMeans: 'fact',
    rule: (d, _ruleset, slot) => {
      if (isCheese(d)) return NO;
      if (slot === 'dessert' && !tagged(d, 'laitage') && d.shares.dairy < 0.5) return NO;
      if (d.calciumPerPortion === null) return UNKNOWN('calcium inconnu');
      if (d.fatPerPortion === null) return UNKNOWN('lipides inconnus');
      return d.calciumPerPortion > 100 && d.fatPerPortion < 5
        ? YES(`${fr1(d.calciumPerPortion)}\u00a0mg de calcium et ${fr1(d.fatPerPortion)}\u00a0g de lipides par portion`)
        : NO;
    },
  },
  {
    id: 'viandes-non-hachees',
    label: 'Viandes non hachées de bœuf, de veau ou d’agneau, et abats de boucherie (plat protidique)',
    kind: 'min',
    n: 4,
    slots: ['plat'],
    tag: 'viande-non-hachee',
    tagMeans: 'counts',
    rule: (d) =>
      d.shares.wholeRedMeat >= 0.5
        ? YES(`${pct(d.shares.wholeRedMeat)} de viande non hachée${of(d, 'wholeRedMeat')}`)
        : NO,
  },
  {
    id: 'poissons',
    label:
      'Poissons ou préparations à base de poisson contenant au moins 70\u00a0% de poisson, et ayant un P/L ≥ 2 (plat protidique)',
    kind: 'min',
    n: 4,
    slots: ['plat'],
    tag: 'poisson',
    tagMeans: 'counts',
    rule: (d) => {
      if (d.shares.fish < 0.7) return NO;
      const ratio = ratioPL(d);
      if (ratio === null) return UNKNOWN('protéines ou lipides inconnus');
      return ratio >= 2 ? YES(`${pct(d.shares.fish)} de poisson${of(d, 'fish')}, P/L ${fr1(ratio)}`) : NO;
    },
  },
  {
    id: 'preparations-moins-70',
    label:
      'Préparations à base de viande, de poisson ou d’œuf contenant moins de 70\u00a0% de ces produits (plat protidique)',
    kind: 'max',
    n: 3,
    slots: ['plat'],
    tag: 'preparation-moins-70',
    tagMeans: 'counts',
    rule: (d) =>
      d.shares.meatFishEgg > 0 && d.shares.meatFishEgg < 0.7
        ? YES(`${pct(d.shares.meatFishEgg)} de viande, poisson ou œuf`)
        : NO,
  },
  {
    id: 'entrees-grasses',
    label: 'Entrées contenant plus de 15\u00a0% de lipides',
    kind: 'max',
    n: 4,
    slots: ['entree'],
    tag: 'gras',
    tagMeans: 'counts',
    rule: (d) => fatAbove15(d),
  },
  {
    id: 'desserts-gras',
    label: 'Desserts contenant plus de 15\u00a0% de lipides',
    kind: 'max',
    n: 3,
    slots: ['dessert'],
    tag: 'gras',
    tagMeans: 'counts',
    rule: (d) => fatAbove15(d),
  },
  {
    id: 'frits',
    label: 'Produits à frire ou pré-frits contenant plus de 15\u00a0% de lipides (plat protidique ou garniture)',
    kind: 'max',
    n: 4,
    slots: ['plat', 'accompagnement'],
    tag: 'frit',
    tagMeans: 'fact',
    rule: (d) => {
      const fried = tagged(d, 'frit')
        ? 'produit frit (classé)'
        : d.shares.fried >= 0.5
          ? `produit frit${of(d, 'fried')}`
          : null;
      if (fried === null) return NO;
      if (d.fatPercent === null) return UNKNOWN('lipides inconnus');
      return d.fatPercent > 15
        ? YES(`${fried}, ${fr1(d.fatPercent)}\u00a0% de lipides`)
        : {
            counts: false,
            note: `${d.name}\u00a0: ${fried}, mais ${fr1(d.fatPercent)}\u00a0% de lipides, pas plus de 15\u00a0%`,
          };
    },
  },
  {
    id: 'plats-pl-1',
    label: 'Plats protidiques ayant un rapport protéines/lipides P/L ≤ 1',
    kind: 'max',
    n: 2,
    slots: ['plat'],
    tag: 'pl-faible',
    tagMeans: 'counts',
    rule: (d) => {
      const ratio = ratioPL(d);
      if (ratio === null) return d.fatPerPortion === 0 ? NO : UNKNOWN('protéines ou lipides inconnus');
      return ratio <= 1 ? YES(`P/L ${fr1(ratio)}`) : NO;
    },
  },
  {
    id: 'desserts-sucres',
    label:
      'Desserts (et, pour le GEMRCN, produits laitiers) contenant plus de 20\u00a0g de glucides simples totaux par portion et moins de 15\u00a0% de lipides',
    kind: 'max',
    n: 4,
    slots: ['dessert', 'laitier'],
    tag: 'sucre',
    tagMeans: 'counts',
    rule: (d, ruleset, slot) => {
      if (slot === 'laitier' && ruleset !== 'gemrcn-2015') return NO;
      if (d.sugarsPerPortion === null) return UNKNOWN('sucres inconnus');
      if (d.sugarsPerPortion <= 20) return NO;
      if (d.fatPercent === null) return UNKNOWN('lipides inconnus');
      return d.fatPercent < 15
        ? YES(`${fr1(d.sugarsPerPortion)}\u00a0g de sucres par portion, ${fr1(d.fatPercent)}\u00a0% de lipides`)
        : NO;
    },
  },
];

function fatAbove15(d: DishProfile): Verdict {
  if (d.fatPercent === null) return UNKNOWN('lipides inconnus');
  return d.fatPercent > 15 ? YES(`${fr1(d.fatPercent)}\u00a0% de lipides`) : NO;
}

/** What the grid says of one component for one criterion: the owner's word first, then the rule. */
function verdictOf(criterion: Criterion, component: Component, ruleset: Ruleset): Verdict {
  const { dish: d, slot } = component;
  if (!criterion.slots.includes(slot)) return NO;
  if (d.excluded.includes(criterion.tag)) return { counts: false, note: `${d.name}\u00a0: ne compte pas (classé)` };
  if (criterion.tagMeans === 'counts' && d.tags.includes(criterion.tag)) return YES('classé par l’établissement');
  return criterion.rule(d, ruleset, slot);
}

export interface GridMeal {
  date: string;
  service: Service;
  components: readonly Component[];
}

export interface MealRef {
  date: string;
  service: Service;
  recipeName: string;
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
  /** Meals where no dish counts but one lacks a value the rule needs. */
  unknown: number;
  /** `ok` and `ko` as the counts say; `unknown` when the missing values could change it; `empty` with no meal. */
  status: 'ok' | 'ko' | 'unknown' | 'empty';
  ok: boolean;
  /** « calcium inconnu pour 3 repas », or why a dish the owner may expect does not count. */
  reason?: string;
  /** The meals that count, with the dish that made each count and why. */
  matches: (MealRef & { reason: string })[];
  /** The meals of `unknown`, with the dish and what it lacks (« calcium inconnu »). */
  unknownMeals: (MealRef & { missing: string })[];
}

const EXPECTED: Record<Kind, (n: number) => string> = {
  min: (n) => `au moins ${n} sur 20`,
  max: (n) => `au plus ${n} sur 20`,
  target: (n) => `${n} sur 20`,
};

/** Only lunches and dinners are on the grid (arrêté art. 1); a goûter is not a meal of it. */
const onGrid = (meal: GridMeal) => meal.service !== 'gouter' && meal.components.length > 0;

function statusOf(kind: Kind, count: number, unknown: number, threshold: number): CriterionResult['status'] {
  const okAt = (c: number) => (kind === 'min' ? c >= threshold : kind === 'max' ? c <= threshold : c === threshold);
  const best = okAt(count);
  const any = Array.from({ length: unknown + 1 }, (_, k) => okAt(count + k));
  if (any.every(Boolean)) return 'ok';
  if (any.some(Boolean) || (best && unknown > 0)) return 'unknown';
  return 'ko';
}

/**
 * Article 1 of the arrêté: a lunch or dinner has a main dish, a side (« garniture »), a dairy
 * product, and a starter and/or a dessert. A composed main dish (less than 70 % meat, fish or
 * egg: src/shared/catering/portions.ts) brings its own side. Returns what each meal lacks.
 */
function missingComponents(meal: GridMeal): string[] {
  const has = (slot: Slot) => meal.components.some((c) => c.slot === slot);
  const composed = meal.components.some(
    (c) => c.slot === 'plat' && c.dish.portionGrams !== null && c.dish.shares.meatFishEgg < 0.7,
  );
  const missing: string[] = [];
  if (!has('plat')) missing.push('plat principal');
  if (!has('accompagnement') && !composed) missing.push('garniture');
  if (!has('laitier')) missing.push('produit laitier');
  if (!has('entree') && !has('dessert')) missing.push('entrée ou dessert');
  return missing;
}

export interface GridResult {
  meals: number;
  ruleset: Ruleset;
  criteria: CriterionResult[];
  /** Meals that break article 1, with what they lack. */
  incomplete: { date: string; service: Service; missing: string[] }[];
}

/** Evaluates the first 20 grid meals of `meals` (sorted by date then service). */
export function evaluateGrid(meals: readonly GridMeal[], population: Population): GridResult {
  const ruleset = rulesetOf(population);
  const window = meals.filter(onGrid).slice(0, GRID_MEALS);
  const criteria = CRITERIA.map((criterion): CriterionResult => {
    const matches: CriterionResult['matches'] = [];
    const unknownMeals: CriterionResult['unknownMeals'] = [];
    const notes = new Set<string>();
    for (const meal of window) {
      const verdicts = meal.components.map((c) => ({ c, v: verdictOf(criterion, c, ruleset) }));
      const hit = verdicts.find(({ v }) => 'counts' in v && v.counts);
      for (const { v } of verdicts) if ('note' in v && v.note) notes.add(v.note);
      if (hit && 'reason' in hit.v)
        matches.push({ date: meal.date, service: meal.service, recipeName: hit.c.dish.name, reason: hit.v.reason });
      else {
        const missing = verdicts.find(({ v }) => 'unknown' in v);
        if (missing && 'unknown' in missing.v)
          unknownMeals.push({
            date: meal.date,
            service: meal.service,
            recipeName: missing.c.dish.name,
            missing: missing.v.unknown,
          });
      }
    }
    const threshold =
      window.length === GRID_MEALS ? criterion.n : Math.round((criterion.n * window.length) / GRID_MEALS);
    const count = matches.length;
    const status = window.length === 0 ? 'empty' : statusOf(criterion.kind, count, unknownMeals.length, threshold);
    const missingValues = [...new Set(unknownMeals.map((u) => u.missing))];
    const reasons = [
      ...(unknownMeals.length > 0 ? [`${missingValues.join(', ')} pour ${unknownMeals.length} repas`] : []),
      ...notes,
    ];
    return {
      id: criterion.id,
      label: criterion.label,
      kind: criterion.kind,
      n: criterion.n,
      expected: EXPECTED[criterion.kind](criterion.n),
      threshold,
      count,
      unknown: unknownMeals.length,
      status,
      ok: status === 'ok',
      ...(reasons.length > 0 ? { reason: reasons.join(' · ') } : {}),
      matches,
      unknownMeals,
    };
  });
  const incomplete = window.flatMap((meal) => {
    const missing = missingComponents(meal);
    return missing.length > 0 ? [{ date: meal.date, service: meal.service, missing }] : [];
  });
  return { meals: window.length, ruleset, criteria, incomplete };
}

/** The classifications the data gives a dish, each with its reason (GET /api/recipes/:id/catering). */
export function automaticTags(d: DishProfile): { tag: CateringTag; reason: string }[] {
  const auto: { tag: CateringTag; reason: string }[] = [];
  const bare: DishProfile = { ...d, tags: [], excluded: [] };
  for (const criterion of CRITERIA) {
    if (auto.some((a) => a.tag === criterion.tag)) continue;
    for (const slot of criterion.slots) {
      const v = criterion.rule(bare, 'arrete-2011', slot);
      if ('counts' in v && v.counts) {
        auto.push({ tag: criterion.tag, reason: v.reason });
        break;
      }
    }
  }
  if (d.shares.cheese >= 0.5 && !auto.some((a) => a.tag === 'fromage'))
    auto.push({ tag: 'fromage', reason: `fromage ${pct(d.shares.cheese)}${of(d, 'cheese')}` });
  if (d.shares.dairy >= 0.5 && !auto.some((a) => a.tag === 'laitage'))
    auto.push({ tag: 'laitage', reason: `produit laitier ${pct(d.shares.dairy)}${of(d, 'dairy')}` });
  if (d.shares.fried >= 0.5 && !auto.some((a) => a.tag === 'frit'))
    auto.push({ tag: 'frit', reason: `produit frit${of(d, 'fried')}` });
  if (d.vegetarian && !d.tags.includes('vegetarien'))
    auto.push({ tag: 'vegetarien', reason: 'aucune viande, aucun poisson dans ses ingrédients' });
  if (d.shares.pastry >= 0.5) auto.push({ tag: 'patisserie', reason: `pâtisserie${of(d, 'pastry')}` });
  return auto;
}
