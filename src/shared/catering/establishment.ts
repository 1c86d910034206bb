import { POPULATIONS, type Population, type Service } from './catering.ts';

/**
 * What a canteen's plan needs to know about its establishment (docs/product/meal-plans.md
 * « The establishment and its calendar »): its kind, SIRET, school zone, covers per service and
 * weekday, age mix and closing habits. One source for the API schema, the server and the forms.
 */
export const ESTABLISHMENT_KINDS = [
  'creche',
  'maternelle',
  'elementaire',
  'college',
  'lycee',
  'entreprise',
  'hopital',
  'ehpad',
] as const;
export type EstablishmentKind = (typeof ESTABLISHMENT_KINDS)[number];
export const ESTABLISHMENT_KIND_LABELS: Record<EstablishmentKind, string> = {
  creche: 'Crèche',
  maternelle: 'École maternelle',
  elementaire: 'École élémentaire',
  college: 'Collège',
  lycee: 'Lycée',
  entreprise: 'Restaurant d’entreprise',
  hopital: 'Hôpital',
  ehpad: 'EHPAD',
};

/** Schools follow the school calendar: closed on weekends, public holidays and their zone's holidays. */
const SCHOOL_KINDS: readonly EstablishmentKind[] = ['maternelle', 'elementaire', 'college', 'lycee'];
export const isSchool = (kind: EstablishmentKind | null): boolean => kind !== null && SCHOOL_KINDS.includes(kind);
/** Sites that serve every day of the year, public holidays included. */
export const EVERY_DAY_KINDS: readonly EstablishmentKind[] = ['hopital', 'ehpad'];

export const SCHOOL_ZONES = ['A', 'B', 'C', 'corse', 'dom'] as const;
export type SchoolZone = (typeof SCHOOL_ZONES)[number];
export const SCHOOL_ZONE_LABELS: Record<SchoolZone, string> = {
  A: 'Zone A',
  B: 'Zone B',
  C: 'Zone C',
  corse: 'Corse',
  dom: 'Outre-mer',
};

export const WEEKDAYS = ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export type CoversPerDay = Record<Weekday, number>;
/** Covers per service and weekday; a service left out serves no one. */
export type CoversByService = Partial<Record<Service, Partial<CoversPerDay>>>;
/** Share of each population among the covers, in percent (their sum is 100, or the mix is empty). */
export type AgeMix = Partial<Record<Population, number>>;

export const COVERS_MAX = 100_000;

/** Weekday of an ISO date (Monday first). */
export function weekdayOf(date: string): Weekday {
  return WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
}

export const NO_COVERS: CoversPerDay = {
  lundi: 0,
  mardi: 0,
  mercredi: 0,
  jeudi: 0,
  vendredi: 0,
  samedi: 0,
  dimanche: 0,
};

/** The establishment's covers on a day for a service. */
export const coversOn = (covers: CoversByService, service: Service, date: string): number =>
  covers[service]?.[weekdayOf(date)] ?? 0;

/** What a new site of each kind is made of, until its owner says otherwise. */
const DEFAULT_AGE_MIX: Record<EstablishmentKind, Record<Population, number>> = {
  creche: { maternelle: 100, elementaire: 0, adolescent: 0, adulte: 0 },
  maternelle: { maternelle: 100, elementaire: 0, adolescent: 0, adulte: 0 },
  elementaire: { maternelle: 0, elementaire: 100, adolescent: 0, adulte: 0 },
  college: { maternelle: 0, elementaire: 0, adolescent: 100, adulte: 0 },
  lycee: { maternelle: 0, elementaire: 0, adolescent: 100, adulte: 0 },
  entreprise: { maternelle: 0, elementaire: 0, adolescent: 0, adulte: 100 },
  hopital: { maternelle: 0, elementaire: 0, adolescent: 0, adulte: 100 },
  ehpad: { maternelle: 0, elementaire: 0, adolescent: 0, adulte: 100 },
};

/** The mix in use: the owner's, else the kind's, else all adults. */
export function ageMixOf(mix: AgeMix, kind: EstablishmentKind | null): Record<Population, number> {
  const total = POPULATIONS.reduce((s, p) => s + (mix[p] ?? 0), 0);
  if (total > 0) return Object.fromEntries(POPULATIONS.map((p) => [p, mix[p] ?? 0])) as Record<Population, number>;
  return kind ? DEFAULT_AGE_MIX[kind] : DEFAULT_AGE_MIX.entreprise;
}

/**
 * `covers` spread over the populations by the mix, in whole covers whose sum is `covers`
 * (largest remainders), so the production sheet never cooks for 0,4 child.
 */
export function splitCovers(covers: number, mix: Record<Population, number>): Record<Population, number> {
  const total = POPULATIONS.reduce((s, p) => s + mix[p], 0);
  const exact = POPULATIONS.map((p) => (total > 0 ? (covers * mix[p]) / total : 0));
  const whole = exact.map(Math.floor);
  let left = covers - whole.reduce((s, v) => s + v, 0);
  const order = exact.map((v, i) => [v - Math.floor(v), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    whole[i]! += 1;
    left -= 1;
  }
  return Object.fromEntries(POPULATIONS.map((p, i) => [p, whole[i]!])) as Record<Population, number>;
}

/**
 * A SIRET: 14 digits whose Luhn sum is a multiple of 10, the check « ma cantine » applies before
 * taking a file (betagouv/ma-cantine, common/utils/siret.py `is_valid_luhn_siret`): a number it
 * refuses would make the whole import fail.
 */
export function isValidSiret(siret: string): boolean {
  if (!/^\d{14}$/.test(siret)) return false;
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    let digit = Number(siret[13 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
