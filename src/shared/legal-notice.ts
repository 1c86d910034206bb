/**
 * The restaurant's own « Mentions légales » shown to diners (loi n° 2004-575 du 21 juin 2004,
 * article 6 III: who publishes the page, its registration, its publication director, its host).
 * Written without zod: the establishment form reads the rule and its message too.
 */
export const legalNoticeMessages = {
  legalNameTooLong: 'La raison sociale ne peut pas dépasser 200 caractères',
  directorTooLong: 'Le nom du directeur de la publication ne peut pas dépasser 200 caractères',
} as const;

/**
 * « 732 829 320 00074 »: SIREN in three groups, then the NIC. The number itself is checked once,
 * by the establishment's profile (src/shared/catering/establishment.ts `isValidSiret`).
 */
export const formatSiret = (siret: string) =>
  `${siret.slice(0, 3)} ${siret.slice(3, 6)} ${siret.slice(6, 9)} ${siret.slice(9)}`;
