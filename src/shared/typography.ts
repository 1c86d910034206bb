/**
 * French typography (docs/decisions/0012-french-typography.md), one helper for every screen,
 * e-mail and printed page:
 * - a narrow no-break space (U+202F) before « ; ! ? », a no-break space (U+00A0) before « : »
 *   and inside « … »;
 * - a no-break space between a number and its unit or counted word (« 250 g », « 4 unités »,
 *   « 12,50 € »), a narrow one between groups of thousands (« 1 530 », as Intl writes them);
 * - the typographic apostrophe ’ between letters (« l’email »).
 * Fixed texts are written with these characters in the sources (a unit test scans them);
 * `frenchTypography` and the `fr` tag are for texts built at run time. Neither is ever applied
 * to what a user typed: `fr` leaves its interpolated values as they are.
 */
import { NBSP, NNBSP } from './counts.ts';

// Counting words (« 4 recettes ») and whole numbers live apart, so a list page that only counts
// does not load the typography rewriter (docs/decisions/0041-first-load-javascript.md).
export { countOf, frenchInteger, NBSP, NNBSP, withUnit } from './counts.ts';

/** Units and counted words that stay on the line of their number. */
const UNIT_WORDS = [
  'g',
  'kg',
  'mg',
  'µg',
  'ml',
  'cl',
  'dl',
  'l',
  'L',
  'kJ',
  'kcal',
  '€',
  '%',
  'min',
  'h',
  'Mo',
  'Ko',
  'mm',
  'cm',
  'px',
  'unité',
  'unités',
  'portion',
  'portions',
  'recette',
  'recettes',
  'menu',
  'menus',
  'code',
  'codes',
  'plat',
  'plats',
  'ingrédient',
  'ingrédients',
  'allergène',
  'allergènes',
  'élément',
  'éléments',
  'section',
  'sections',
  'scan',
  'scans',
  'caractère',
  'caractères',
  'chiffre',
  'chiffres',
  'jour',
  'jours',
  'mois',
  'an',
  'ans',
  'heure',
  'heures',
  'minute',
  'minutes',
  'seconde',
  'secondes',
  'semaine',
  'semaines',
  'fois',
  'membre',
  'membres',
  'établissement',
  'établissements',
  'appareil',
  'appareils',
  'événement',
  'événements',
  'session',
  'sessions',
  'personne',
  'personnes',
  'couverts',
] as const;
const UNIT_ALTERNATION = [...UNIT_WORDS]
  .sort((a, b) => b.length - a.length)
  .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  .join('|');
/** End of a unit: not followed by a letter or digit (« 5 g » but not « 5 gratins »). */
const UNIT_END = '(?![\\p{L}\\p{N}])';

/** A number, a plain space, a unit (a no-break space already there is kept, as Intl writes « 12 % »). */
const NUMBER_UNIT = new RegExp(`(\\d) (?=(?:${UNIT_ALTERNATION})${UNIT_END})`, 'gu');
/** « 1 000 »: a space between a digit and a group of exactly three digits. */
const THOUSANDS = /(\d) (?=\d{3}(?!\d))/g;
/** « n° 1169 ». */
const NUMERO = /(n°|N°)[ \u202f](?=\d)/g;
/** A straight apostrophe between two letters. */
const APOSTROPHE = /(\p{L})'(?=\p{L})/gu;
/** Any space (or none) after « and before ». */
const OPENING_QUOTE = /«[ \u00a0\u202f]*/g;
const CLOSING_QUOTE = /[ \u00a0\u202f]*»/g;
/** One or more spaces written before the punctuation. */
const BEFORE_HIGH_PUNCTUATION = /[ \u00a0\u202f]+(?=[;!?])/g;
const BEFORE_COLON = /[ \u202f]+(?=:)/g;

/** The text with French typography; idempotent, and it changes nothing else. */
export function frenchTypography(text: string): string {
  return text
    .replace(APOSTROPHE, '$1’')
    .replace(OPENING_QUOTE, `«${NBSP}`)
    .replace(CLOSING_QUOTE, `${NBSP}»`)
    .replace(BEFORE_HIGH_PUNCTUATION, NNBSP)
    .replace(BEFORE_COLON, NBSP)
    .replace(NUMBER_UNIT, `$1${NBSP}`)
    .replace(THOUSANDS, `$1${NNBSP}`)
    .replace(NUMERO, `$1${NBSP}`);
}

/** A leading space before a unit, after an interpolated number: « ${n} recettes ». */
const LEADING_UNIT = new RegExp(`^ (?=(?:${UNIT_ALTERNATION})${UNIT_END})`, 'u');
const endsWithDigit = (value: unknown) =>
  (typeof value === 'number' || typeof value === 'string') && /\d$/.test(String(value));

/**
 * A template whose fixed parts get French typography, values inserted as they are:
 * fr`Recette « ${name} » supprimée`, fr`${count} recettes`.
 */
export function fr(strings: TemplateStringsArray, ...values: unknown[]): string {
  let out = '';
  strings.forEach((chunk, i) => {
    let text = frenchTypography(chunk);
    if (i > 0 && endsWithDigit(values[i - 1])) text = text.replace(LEADING_UNIT, NBSP);
    out += text + (i < values.length ? String(values[i]) : '');
  });
  return out;
}
