/**
 * How a French establishment's postal code and phone are written
 * (docs/decisions/0013-establishment-profile-and-phone-header.md).
 */

/**
 * A French phone number as written in France, « 01 23 45 67 89 », from what an owner types
 * (spaces, dots, dashes, +33 or 0033 instead of the 0); null when it is not one.
 */
export function normalizeFrenchPhone(typed: string): string | null {
  const digits = typed.replace(/[\s.\-()\u00a0\u202f]/g, '');
  // « +33 (0)1 … » is common on business cards: the 0 after the country code is dropped.
  const national = /^(?:\+33|0033)0?([1-9]\d{8})$/.exec(digits)?.[1] ?? /^0([1-9]\d{8})$/.exec(digits)?.[1];
  return national ? `0${national}`.replace(/(\d{2})(?=\d)/g, '$1 ') : null;
}

/** A French postal code: 5 digits (« 75 001 » typed with a space is accepted). */
export function normalizePostalCode(typed: string): string | null {
  const digits = typed.replace(/[\s\u00a0\u202f]/g, '');
  return /^\d{5}$/.test(digits) ? digits : null;
}
