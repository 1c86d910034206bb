/**
 * Collective catering vocabulary (docs/product/api.md « Collective catering », docs/decisions/0021-meal-plans-gemrcn-egalim.md):
 * services of a day, components of a meal, populations of the GEMRCN grid. One source for
 * the server (validation, SQL checks) and the web app (labels).
 */
export const SERVICES = ['dejeuner', 'diner', 'gouter'] as const;
export type Service = (typeof SERVICES)[number];
export const SERVICE_LABELS: Record<Service, string> = { dejeuner: 'Déjeuner', diner: 'Dîner', gouter: 'Goûter' };

export const SLOTS = ['entree', 'plat', 'accompagnement', 'laitier', 'dessert', 'pain', 'gouter'] as const;
export type Slot = (typeof SLOTS)[number];
export const SLOT_LABELS: Record<Slot, string> = {
  entree: 'Entrée',
  plat: 'Plat',
  accompagnement: 'Accompagnement',
  laitier: 'Produit laitier',
  dessert: 'Dessert',
  pain: 'Pain',
  gouter: 'Goûter',
};

/** The components a service offers in the planner, in serving order. */
export const SERVICE_SLOTS: Record<Service, readonly Slot[]> = {
  dejeuner: ['entree', 'plat', 'accompagnement', 'laitier', 'dessert', 'pain'],
  diner: ['entree', 'plat', 'accompagnement', 'laitier', 'dessert', 'pain'],
  gouter: ['gouter', 'laitier', 'pain'],
};

export const POPULATIONS = ['maternelle', 'elementaire', 'adolescent', 'adulte'] as const;
export type Population = (typeof POPULATIONS)[number];
export const POPULATION_LABELS: Record<Population, string> = {
  maternelle: 'Maternelle',
  elementaire: 'Élémentaire',
  adolescent: 'Adolescent',
  adulte: 'Adulte',
};

/**
 * What the owner says about a dish (GEMRCN grid, docs/product/meal-plans.md): one word per
 * criterion of the grid, plus « végétarien » and « pâtisserie ». Saved on the recipe as `tags`
 * (« compte ») or `excluded` (« ne compte pas »), read by src/shared/catering/gemrcn.ts.
 */
export const CATERING_TAGS = [
  'crudites',
  'fruit-cru',
  'legumes-cuits',
  'feculents',
  'fromage',
  'laitage',
  'viande-non-hachee',
  'poisson',
  'preparation-moins-70',
  'gras',
  'frit',
  'pl-faible',
  'sucre',
  'vegetarien',
  'patisserie',
] as const;
export type CateringTag = (typeof CATERING_TAGS)[number];
export const CATERING_TAG_LABELS: Record<CateringTag, string> = {
  crudites: 'Crudités de légumes ou de fruits (au moins 50\u00a0%)',
  'fruit-cru': 'Fruit cru (100\u00a0% fruit cru, sans sucre ajouté)',
  'legumes-cuits': 'Légumes cuits, autres que secs (au moins 50\u00a0%)',
  feculents: 'Légumes secs, féculents ou céréales (au moins 50\u00a0%)',
  fromage: 'Fromage',
  laitage: 'Produit laitier ou dessert lacté',
  'viande-non-hachee': 'Viande non hachée de bœuf, veau, agneau ou abats',
  poisson: 'Poisson (au moins 70\u00a0%, P/L ≥ 2)',
  'preparation-moins-70': 'Préparation à moins de 70\u00a0% de viande, poisson ou œuf',
  gras: 'Plus de 15\u00a0% de lipides (entrée ou dessert)',
  frit: 'Produit frit ou pré-frit',
  'pl-faible': 'Plat protidique au rapport P/L ≤ 1',
  sucre: 'Plus de 20\u00a0g de glucides simples et moins de 15\u00a0% de lipides (dessert)',
  vegetarien: 'Sans viande ni poisson (menu végétarien)',
  patisserie: 'Pâtisserie (grammage de l’annexe II)',
};

/** Days are ISO dates (YYYY-MM-DD) read as UTC calendar days: no time zone shifts a meal. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Monday of the ISO week of `date`. */
export function mondayOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((day + 6) % 7));
}

export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/**
 * The days a plan, a calendar or an .ics import may name: 2000 to 2099. Plan dates are compared
 * as strings, and a day after 9999-12-31 is no longer « YYYY-MM-DD » (`addDays` gives
 * « +010000-01 »): a loop over the days of a week or a range at the end of year 9999 never
 * ended and took the server's memory (src/server/reliability/hostile-input.reliability.ts).
 */
const PLAN_DATE_MIN = '2000-01-01';
const PLAN_DATE_MAX = '2099-12-31';
export const isPlanDate = (value: string): boolean =>
  isIsoDate(value) && value >= PLAN_DATE_MIN && value <= PLAN_DATE_MAX;

/**
 * French dates write the first day of a month « 1er » (« lundi 1er mars », « le 1er juin 2027 »):
 * Intl's fr-FR gives « 1 ». Applied to a formatted date; « 11 », « 21 » and « 31 » are left alone.
 */
export const withFirstOrdinal = (formatted: string): string => formatted.replace(/(^|\s)1(?=\s)/u, '$11er');
