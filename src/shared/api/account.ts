import type { Limits, SubscriptionSummary } from '../plans.ts';
import type { AppEnv } from '../environment.ts';
import { z } from '../zod-fr.ts';
import { messages } from '../messages.ts';
import type { OrganisationSummary } from './organisations.ts';

export type { SubscriptionSummary };

export type Role = 'admin' | 'user';

export interface Usage {
  recipes: number;
  menus: number;
  qrCodes: number;
  /** « Statistiques Premium »: rows created this calendar month (Paris time) that still exist. */
  recipesThisMonth: number;
  menusThisMonth: number;
  qrCodesThisMonth: number;
}

/** GET /api/me (docs/product/api.md « Account »): `profile` is the establishment profile below. */
export interface MeResponse {
  user: { id: string; email: string; role: Role; twoFactorEnabled: boolean; emailVerified: boolean };
  profile: EstablishmentProfile;
  subscription: SubscriptionSummary;
  usage: Usage;
  limits: Limits;
  /** The organisation active (docs/product/organisations.md): its name and the account's role in it. */
  organisation: OrganisationSummary;
  /** Every organisation the account belongs to, for the header's switcher. */
  organisations: OrganisationSummary[];
}

/** GET /api/config: what the web app needs to know about this deployment. */
export interface PublicConfig {
  appName: string;
  appEnv: AppEnv;
  publicOrigin: string;
  emailConfirmationRequired: boolean;
  /** Meta pixel id when META_PIXEL_ID is set: the payment success page then emits « Subscribe ». */
  metaPixelId: string | null;
  /** What the legal pages say about the publisher (LEGAL_* variables, .env.example). */
  legal: LegalInfo;
}

/** Publisher details for « Mentions légales », « Politique de confidentialité », « Conditions générales ». */
export interface LegalInfo {
  companyName: string;
  /** « SAS au capital de 1 000 € », or null when not configured. */
  legalForm: string | null;
  /** SIREN / RCS, or null. */
  registration: string | null;
  address: string | null;
  contactEmail: string;
  publicationDirector: string | null;
  /** Hosting provider's name and address (LCEN art. 6). */
  host: string | null;
}

/** GET /api/account/sessions: the signed-in owner's active sessions, newest activity first. */
export interface AccountSession {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: string;
  /** Last time the session was refreshed (better-auth updates it about once a day). */
  updatedAt: string;
  expiresAt: string;
  /** The session of this request. */
  current: boolean;
}
export interface AccountSessionsResponse {
  sessions: AccountSession[];
}

/** GET /api/account/export (RGPD art. 20): every row the owner has, as one JSON file. */
export interface AccountExport {
  format: 'nutricarte-export';
  version: 1;
  exportedAt: string;
  user: { id: string; email: string; name: string; emailVerified: boolean; twoFactorEnabled: boolean; createdAt: string };
  profile: (EstablishmentProfile & { createdAt: string; updatedAt: string }) | null;
  subscription: Record<string, unknown> | null;
  recipes: Record<string, unknown>[];
  menus: Record<string, unknown>[];
  sections: Record<string, unknown>[];
  items: Record<string, unknown>[];
  qrCodes: Record<string, unknown>[];
  sessions: Record<string, unknown>[];
}

// ---------------------------------------------------------------------------------------------
// Establishment profile (issue 15): GET and PUT /api/account/profile. Issue 16 turns it into
// the organisation's first establishment: everything about it is in this block.
// ---------------------------------------------------------------------------------------------

export const establishmentMessages = {
  nameRequired: 'Le nom de l’établissement est requis',
  nameTooLong: messages.auth.restaurantNameTooLong,
  addressTooLong: 'L’adresse ne peut pas dépasser 200\u00a0caractères',
  postalCodeInvalid: 'Code postal invalide (5\u00a0chiffres, ex.\u00a0: 75001)',
  cityTooLong: 'La ville ne peut pas dépasser 100\u00a0caractères',
  phoneInvalid: 'Numéro de téléphone invalide (ex.\u00a0: 01 23 45 67 89)',
} as const;
const e = establishmentMessages;

export const ESTABLISHMENT_LIMITS = { name: 120, address: 200, city: 100 } as const;

/** The establishment as the app shows it; an optional line not given is null. */
export interface EstablishmentProfile {
  restaurantName: string;
  /** Street and number: « 12 rue des Halles ». */
  address: string | null;
  postalCode: string | null;
  city: string | null;
  /** French number written « 01 23 45 67 89 ». */
  phone: string | null;
}

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

/** An optional text line: trimmed, and '' (or absent, or null) means not given. */
const optionalLine = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((v) => v || null);

/** PUT /api/account/profile. */
export const establishmentProfileSchema = z.object({
  restaurantName: z.string({ error: e.nameRequired }).trim().min(1, e.nameRequired).max(ESTABLISHMENT_LIMITS.name, e.nameTooLong),
  address: optionalLine(ESTABLISHMENT_LIMITS.address, e.addressTooLong),
  postalCode: z
    .string({ error: e.postalCodeInvalid })
    .max(20, e.postalCodeInvalid)
    .nullish()
    .transform((v, ctx) => {
      if (!v?.trim()) return null;
      const code = normalizePostalCode(v);
      if (code === null) ctx.addIssue({ code: 'custom', message: e.postalCodeInvalid });
      return code;
    }),
  city: optionalLine(ESTABLISHMENT_LIMITS.city, e.cityTooLong),
  phone: z
    .string({ error: e.phoneInvalid })
    .max(40, e.phoneInvalid)
    .nullish()
    .transform((v, ctx) => {
      if (!v?.trim()) return null;
      const phone = normalizeFrenchPhone(v);
      if (phone === null) ctx.addIssue({ code: 'custom', message: e.phoneInvalid });
      return phone;
    }),
});
export type EstablishmentProfileInput = z.input<typeof establishmentProfileSchema>;
