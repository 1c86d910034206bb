import type { Limits, SubscriptionSummary } from '../plans.ts';
import type { AppEnv } from '../environment.ts';
import { normalizeFrenchPhone, normalizePostalCode } from '../french-contact.ts';
import type { MemberRole } from '../permissions.ts';
import type { OrganisationSummary } from './organisations.ts';

export type { SubscriptionSummary };

export type Role = 'admin' | 'user';

/** What the active organisation holds (docs/product/organisations.md). */
export interface Usage {
  recipes: number;
  menus: number;
  qrCodes: number;
  establishments: number;
  /** Members and pending invitations: what the plan's `members` limit counts. */
  members: number;
  /** « Statistiques Premium »: rows created this calendar month (Paris time) that still exist. */
  recipesThisMonth: number;
  menusThisMonth: number;
  qrCodesThisMonth: number;
}

/**
 * GET /api/me (docs/product/api.md « Account »), for the active organisation: `profile` has
 * its name as `restaurantName` and its first establishment's address and phone; the
 * subscription, usage and limits are the organisation's.
 */
export interface MeResponse {
  /** `name`: the person's name as given at sign-up, else the local part of the address (src/server/auth/routes.ts). */
  user: { id: string; email: string; role: Role; twoFactorEnabled: boolean; emailVerified: boolean; name: string };
  profile: EstablishmentProfile;
  /** The active organisation and the account's role in it. */
  organisation: OrganisationSummary;
  /** Every organisation the account belongs to, by name (the header's switcher). */
  organisations: OrganisationSummary[];
  subscription: SubscriptionSummary;
  usage: Usage;
  limits: Limits;
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

/** An organisation the exporting account owns, with what it holds (rows as stored). */
export interface OrganisationExport {
  id: string;
  name: string;
  createdAt: string;
  subscription: Record<string, unknown> | null;
  establishments: Record<string, unknown>[];
  recipes: Record<string, unknown>[];
  menus: Record<string, unknown>[];
  sections: Record<string, unknown>[];
  items: Record<string, unknown>[];
  qrCodes: Record<string, unknown>[];
  /** Planned dishes (docs/decisions/0021-meal-plans-gemrcn-egalim.md): establishment, date, service, component, recipe. */
  mealPlans: Record<string, unknown>[];
  /** Establishments' own grammages (docs/decisions/0021-meal-plans-gemrcn-egalim.md): establishment, component line, population, grams. */
  portions: Record<string, unknown>[];
  /** A canteen's year (docs/product/meal-plans.md): substitutes, closed days, diet counts (numbers only), weeks' publication. */
  mealPlanSubstitutes: Record<string, unknown>[];
  closedDays: Record<string, unknown>[];
  diets: Record<string, unknown>[];
  mealPlanWeeks: Record<string, unknown>[];
}

/**
 * GET /api/account/export (RGPD art. 20): the account, its memberships, and everything of the
 * organisations it owns (docs/product/organisations.md « Account deletion and export »).
 */
export interface AccountExport {
  format: 'nutricarte-export';
  version: 2;
  exportedAt: string;
  user: {
    id: string;
    email: string;
    name: string;
    emailVerified: boolean;
    twoFactorEnabled: boolean;
    createdAt: string;
  };
  memberships: { organisationId: string; name: string; role: MemberRole; joinedAt: string }[];
  organisations: OrganisationExport[];
  sessions: Record<string, unknown>[];
}

// ---------------------------------------------------------------------------------------------
// Establishment profile (docs/decisions/0013-establishment-profile-and-phone-header.md). It became the organisation's first establishment
// (/api/establishments, src/shared/api/organisations.ts); /api/me still shows it as `profile`.
// ---------------------------------------------------------------------------------------------

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

export { normalizeFrenchPhone, normalizePostalCode };
