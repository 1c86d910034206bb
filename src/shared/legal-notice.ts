/**
 * The restaurant's own « Mentions légales » shown to diners (loi n° 2004-575 du 21 juin 2004,
 * article 6 III: who publishes the page, its registration, its publication director, its host).
 * Written without zod: the establishment form reads the rule and its message too.
 */
export const legalNoticeMessages = {
  siretInvalid: 'SIRET invalide : 14 chiffres (ex. : 732 829 320 00074)',
  legalNameTooLong: 'La raison sociale ne peut pas dépasser 200 caractères',
  directorTooLong: 'Le nom du directeur de la publication ne peut pas dépasser 200 caractères',
} as const;

/** La Poste's SIREN: its establishments' SIRET follow their own sum (INSEE). */
const LA_POSTE_SIREN = '356000000';

/**
 * A SIRET as stored: 14 digits, spaces removed, whose Luhn sum is a multiple of 10 (INSEE's
 * control key; La Poste's establishments: their digits' sum is a multiple of 5). Null when invalid.
 */
export function normalizeSiret(typed: string): string | null {
  const digits = typed.replace(/[\s.\u00a0\u202f]/g, '');
  if (!/^\d{14}$/.test(digits)) return null;
  if (digits.startsWith(LA_POSTE_SIREN) && digits !== '35600000000048') {
    const sum = [...digits].reduce((total, d) => total + Number(d), 0);
    return sum % 5 === 0 ? digits : null;
  }
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    let d = Number(digits[13 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0 ? digits : null;
}

/** « 732 829 320 00074 »: SIREN in three groups, then the NIC. */
export const formatSiret = (siret: string) =>
  `${siret.slice(0, 3)} ${siret.slice(3, 6)} ${siret.slice(6, 9)} ${siret.slice(9)}`;
