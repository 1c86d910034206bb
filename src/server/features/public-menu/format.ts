/**
 * fr-FR numbers of the public page (docs/product/spec.md section 9: kcal whole, grams to 1 decimal), as
 * Intl.NumberFormat('fr-FR') writes them: decimal comma, narrow no-break space between
 * thousands. Written by hand because a 30-item page formats ~120 numbers per request and
 * Intl's formatter costs about a microsecond each, half the page's rendering time.
 */
const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;
const groupThousands = (digits: string) => (digits.length > 3 ? digits.replace(THOUSANDS, '\u202f') : digits);

/** « 1 234 kcal ». */
export function formatKcal(value: number): string {
  return `${groupThousands(String(Math.round(Math.abs(value))))} kcal`;
}

/**
 * Rounds half away from zero on the shortest decimal writing of the number, as Intl does
 * (1.85 → 1.9 although the double is 1.8499…; multiplying by 10 first would drift elsewhere).
 */
function oneDecimal(value: number): [whole: string, decimal: string] {
  const written = String(Math.abs(value));
  if (written.includes('e')) {
    const [whole = '0', decimal = '0'] = Math.abs(value).toFixed(1).split('.');
    return [whole, decimal];
  }
  const [whole = '0', fraction = ''] = written.split('.');
  let tenths = Number(whole) * 10 + Number(fraction[0] ?? '0');
  if ((fraction[1] ?? '0') >= '5') tenths += 1;
  return [String(Math.floor(tenths / 10)), String(tenths % 10)];
}

/** « 6,3 g »: one decimal, decimal comma. */
export function formatGrams(value: number): string {
  const [whole, decimal] = oneDecimal(value);
  return `${groupThousands(whole)},${decimal} g`;
}

/** « 12,50 € », « 1 250,00 € »: two decimals, no-break space before the sign, as fr-FR writes prices. */
export function formatPrice(value: number): string {
  const cents = Math.round(Math.abs(value) * 100);
  return `${groupThousands(String(Math.floor(cents / 100)))},${String(cents % 100).padStart(2, '0')}\u00a0€`;
}
