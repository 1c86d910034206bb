/**
 * Numbers and counted words in French (docs/decisions/0012-french-typography.md), without the
 * typography rewriter of ./typography.ts, which re-exports them: « 4 recettes » on a list page
 * costs these few lines, not the rewriter's rules (docs/decisions/0041-first-load-javascript.md).
 */
import { lazy } from './lazy.ts';

export const NBSP = '\u00a0';
export const NNBSP = '\u202f';

/** « 250 g », « 1 530 kJ »: a value and its unit that never part at the end of a line. */
export const withUnit = (value: string | number, unit: string): string => `${value}${NBSP}${unit}`;

// Made on first use, and only for what frenchInteger does not write: an Intl formatter costs a
// page ICU's loading, 35–60 ms in Chromium here (src/shared/lazy.ts).
const integers = lazy(() => new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 }));

/**
 * A whole number as fr-FR writes it (« 1 530 », a narrow no-break space between groups, « -12 »),
 * without Intl for a safe integer: /auth counts characters in its first render, and that was
 * the page's only Intl use (docs/decisions/0030-first-load-on-a-slow-phone.md). Anything else
 * (a fraction, -0, an unsafe or non-finite number) goes through Intl, which rounds it.
 * Property-tested against Intl (src/shared/typography.test.ts).
 */
export function frenchInteger(value: number): string {
  if (!Number.isSafeInteger(value) || Object.is(value, -0)) return integers().format(value);
  const digits = String(Math.abs(value));
  let out = digits.slice(0, digits.length % 3 || 3);
  for (let i = out.length; i < digits.length; i += 3) out += NNBSP + digits.slice(i, i + 3);
  return value < 0 ? `-${out}` : out;
}

/** « 1 recette », « 4 recettes », « 1 500 scans » (French: 0 and 1 are singular). */
export const countOf = (count: number, singular: string, plural = `${singular}s`): string =>
  withUnit(frenchInteger(count), Math.abs(count) < 2 ? singular : plural);
