import { foldText } from './allergens.ts';

/**
 * What a cook types after a quantity (« 20 cl », « 2 c. à soupe », « 1 pincée ») and the line
 * unit it means (docs/product/api.md « Nutrition »: g, kg, ml, cl, l, unité, cs, cc, pincee,
 * portion). Which of them a line takes is the line's list (src/shared/units.ts, a sub-recipe's
 * g, kg, portion): a word known but not in the list, or unknown, is refused next to the field
 * as it is typed (docs/decisions/0036-the-owners-day.md).
 */
const WORDS: readonly [RegExp, string][] = [
  [/^(g|gr|grs|gramme|grammes)$/, 'g'],
  [/^(kg|kgs|kilo|kilos|kilogramme|kilogrammes)$/, 'kg'],
  [/^(ml|millilitre|millilitres)$/, 'ml'],
  [/^(cl|centilitre|centilitres)$/, 'cl'],
  [/^(l|litre|litres)$/, 'l'],
  [/^(u|unite|unites|piece|pieces|pce|pces)$/, 'unité'],
  [/^(cs|cas|c a s|c a soupe|cuillere a soupe|cuilleres a soupe|cuil a soupe)$/, 'cs'],
  [/^(cc|cac|c a c|c a cafe|cuillere a cafe|cuilleres a cafe|cuil a cafe)$/, 'cc'],
  [/^(pincee|pincees)$/, 'pincee'],
  [/^(portion|portions|part|parts)$/, 'portion'],
  [/^(fournee|fournees)$/, 'fournee'],
];

/** How each unit is written on a line (a code not listed is written as it is). */
const UNIT_LABELS: Readonly<Record<string, string>> = {
  unité: 'unité',
  cs: 'c. à soupe',
  cc: 'c. à café',
  pincee: 'pincée',
};
export const unitLabel = (unit: string) => UNIT_LABELS[unit] ?? unit;

/** The unit a typed word means, or null for a word no kitchen uses. */
export function unitOfWord(word: string): string | null {
  const folded = foldText(word).replace(/[.']/g, ' ').replace(/\s+/g, ' ').trim();
  return WORDS.find(([pattern]) => pattern.test(folded))?.[1] ?? null;
}

/** « 20 cl » → the number « 20 » and the word « cl »; a bare number has no word. */
export function splitQuantityText(text: string): { quantity: string; word: string | null } {
  const match = /^\s*([-+\u2212]?[\d\s\u00a0\u202f]*(?:[.,]\d*)?)\s*([^\d\s.,].*?)?\s*$/.exec(text);
  if (!match || !match[2] || !/\d/.test(match[1] ?? '')) return { quantity: text, word: null };
  return { quantity: match[1]!.trim(), word: match[2] };
}

export const unitWordMessages = {
  unknown: (word: string, units: readonly string[]) =>
    `Unité inconnue : « ${word} ». Choisissez ${units.map(unitLabel).join(', ')}.`,
  notHere: (word: string, units: readonly string[]) =>
    `« ${word} » ne s’emploie pas sur cette ligne : choisissez ${units.map(unitLabel).join(', ')}.`,
} as const;

/**
 * What a quantity typed with its unit means for a line whose units are `units`: the number and
 * the unit to take, or the message to show next to the field. `batch`: the line is a batch
 * recipe, whose « fournée » is its one portion.
 */
export function readQuantityWithUnit(
  text: string,
  units: readonly string[],
  batch = false,
): { quantity: string; unit: string | null } | { error: string } {
  const { quantity, word } = splitQuantityText(text);
  if (word === null) return { quantity: text, unit: null };
  let unit = unitOfWord(word);
  if (unit === 'fournee' && batch) unit = 'portion';
  if (unit === null) return { error: unitWordMessages.unknown(word.trim(), units) };
  if (!units.includes(unit)) return { error: unitWordMessages.notHere(word.trim(), units) };
  return { quantity, unit };
}

/** The unit's plural, as French writes it from 2 on (« 3 unités », « 2 pincées », « 2 c. à soupe »). */
const PLURALS: Readonly<Record<string, string>> = {
  unité: 'unités',
  pincee: 'pincées',
  portion: 'portions',
  fournee: 'fournées',
};

/**
 * A line's quantity and unit as a cook reads them: « 150 g », « 1 unité », « 3 unités »,
 * « 1 fournée » (a batch recipe's one portion). `quantity` is already written (« 0,25 »).
 */
export function quantityWithUnit(quantity: number, written: string, unit: string, batch = false): string {
  const key = unit === 'portion' && batch ? 'fournee' : unit;
  const singular = key === 'fournee' ? 'fournée' : unitLabel(key);
  return `${written}\u00a0${Math.abs(quantity) >= 2 ? (PLURALS[key] ?? singular) : singular}`;
}
