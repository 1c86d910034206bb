import { limitsMessages } from './limits.ts';

/**
 * The French messages of organisations, members, invitations and establishments
 * (docs/product/organisations.md), without zod: the invitation page shows them before any
 * form's code has loaded (src/shared/api/organisations.ts builds its schemas on them).
 */
export const organisationMessages = {
  nameRequired: 'Le nom de l’organisation est requis',
  nameTooLong: 'Le nom ne peut pas dépasser 200\u00a0caractères',
  nameControl: 'Le nom ne peut contenir ni retour à la ligne ni caractère de contrôle',
  invitationsPerHour: (max: number) =>
    `Trop d’invitations envoyées en une heure (${max} au plus). Réessayez plus tard.`,
  organisationRequired: 'Choisissez une organisation',
  emailRequired: 'L’email est requis',
  emailInvalid: 'Format d’email invalide',
  roleInvalid: 'Rôle invalide',
  alreadyMember: 'Cette personne fait déjà partie de l’organisation',
  invitationsPremium: limitsMessages.members,
  establishmentsLimit: limitsMessages.establishments,
  lastOwner: 'L’organisation doit garder au moins un propriétaire\u00a0: nommez-en un autre d’abord.',
  invitationInvalid: 'Cette invitation est invalide, a expiré ou a déjà été utilisée. Demandez-en une nouvelle.',
  invitationOtherEmail:
    'Cette invitation a été envoyée à une autre adresse email. Connectez-vous avec l’adresse invitée.',
  invitationMailFailed: 'L’email d’invitation n’a pas pu être envoyé. Réessayez dans quelques minutes.',
  establishmentNameRequired: 'Le nom de l’établissement est requis',
  establishmentInUse: 'Cet établissement a encore des menus\u00a0: déplacez-les ou supprimez-les d’abord.',
  lastEstablishment: 'Une organisation garde au moins un établissement.',
  addressTooLong: 'L’adresse ne peut pas dépasser 300\u00a0caractères',
  cityTooLong: 'La ville ne peut pas dépasser 120\u00a0caractères',
  postalCodeInvalid: 'Code postal invalide (5\u00a0chiffres, ex.\u00a0: 75001)',
  phoneInvalid: 'Numéro de téléphone invalide (ex.\u00a0: 01 23 45 67 89)',
  historyCursorInvalid: 'Curseur de page invalide',
  accessLost: 'Vous ne faites plus partie de cette organisation.',
  /** DELETE /api/account refused (409 `conflict`): the account is the last owner of organisations that have other members. */
  transferOwnershipFirst: (names: readonly string[]) =>
    `Transférez la propriété de ${names.map((name) => `«\u00a0${name}\u00a0»`).join(', ')} à un autre membre avant de supprimer votre compte.`,
} as const;
