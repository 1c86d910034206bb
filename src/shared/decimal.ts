/**
 * Numbers as a French kitchen types them (docs/product/decisions.md 16). A `type="number"` input reads
 * « 0,25 » by the browser's locale: an English Chromium turned 0,25 kg into 25 kg. Forms take
 * text and read it here, the same way in every browser:
 * - one decimal separator, comma or dot: « 0,25 » = « 0.25 » = 0.25;
 * - spaces (also no-break and narrow no-break, as fr-FR prints them) only between groups of
 *   three digits: « 1 250,5 » = 1250.5;
 * - anything else is not a number: letters, « 1,2,3 », « 1.250,5 » (is it 1250.5 or a typo?).
 * A sign is read so that « -5 » is refused as negative rather than as junk.
 */
export type ParsedDecimal = { kind: 'empty' } | { kind: 'invalid' } | { kind: 'number'; value: number };

const GROUP_SPACE = '[ \\u00A0\\u202F]';
const INTEGER_PART = `(?:\\d{1,3}(?:${GROUP_SPACE}\\d{3})+|\\d+)`;
const DECIMAL = new RegExp(`^([-+\\u2212])?(${INTEGER_PART})?(?:[.,](\\d*))?$`);

export function parseDecimal(text: string): ParsedDecimal {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  const match = DECIMAL.exec(trimmed);
  if (!match) return { kind: 'invalid' };
  const [, sign, integer = '', fraction = ''] = match;
  if (integer === '' && fraction === '') return { kind: 'invalid' };
  const magnitude = Number(`${integer.replace(/\D/g, '') || '0'}.${fraction || '0'}`);
  if (!Number.isFinite(magnitude)) return { kind: 'invalid' };
  return { kind: 'number', value: sign && sign !== '+' ? -magnitude : magnitude };
}

/** Whole numbers (servings, minutes): the same reading, then no fraction allowed. */
export function parseInteger(text: string): ParsedDecimal | { kind: 'fraction' } {
  const parsed = parseDecimal(text);
  if (parsed.kind === 'number' && !Number.isInteger(parsed.value)) return { kind: 'fraction' };
  return parsed;
}

const formats = new Map<string, Intl.NumberFormat>();

/** « 0,25 », « 1 250,5 », « 9,50 » (minDigits 2): how fr-FR writes a number, read back by parseDecimal. */
export function formatDecimal(value: number, maxDigits = 3, minDigits = 0): string {
  const key = `${maxDigits}-${minDigits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: maxDigits, minimumFractionDigits: minDigits });
    formats.set(key, format);
  }
  return format.format(value);
}

/**
 * What a number field shows once left: the same value written the French way (« 0.25 » →
 * « 0,25 », « 9,5 » → « 9,50 »). Only the writing changes: junk, and a number with more
 * decimals than the field keeps (« 1,5 » portions), stay as typed for their error.
 */
export function frenchDecimalText(text: string, maxDigits = 3, minDigits = 0): string {
  const parsed = parseDecimal(text);
  if (parsed.kind !== 'number') return text;
  const scale = 10 ** maxDigits;
  if (Math.round(parsed.value * scale) / scale !== parsed.value) return text;
  return formatDecimal(parsed.value, maxDigits, minDigits);
}

/** A stored number as its field shows it; empty for none. */
export const decimalText = (value: number | null | undefined, maxDigits = 3, minDigits = 0) =>
  value === null || value === undefined ? '' : formatDecimal(value, maxDigits, minDigits);
