import type { Limits, Tier } from '../plans.ts';
import type { AppEnv } from '../environment.ts';

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

export interface SubscriptionSummary {
  subscribed: boolean;
  tier: Tier;
  status: string;
  subscriptionEnd: string | null;
  willExpire: boolean;
}

/** GET /api/me (API.md « Account »). */
export interface MeResponse {
  user: { id: string; email: string; role: Role; twoFactorEnabled: boolean; emailVerified: boolean };
  profile: { restaurantName: string };
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

/** GET /api/account/export (RGPD art. 20): every row the owner has, as one JSON file. */
export interface AccountExport {
  format: 'nutricarte-export';
  version: 1;
  exportedAt: string;
  user: { id: string; email: string; name: string; emailVerified: boolean; twoFactorEnabled: boolean; createdAt: string };
  profile: { restaurantName: string; createdAt: string; updatedAt: string } | null;
  subscription: Record<string, unknown> | null;
  recipes: Record<string, unknown>[];
  menus: Record<string, unknown>[];
  sections: Record<string, unknown>[];
  items: Record<string, unknown>[];
  qrCodes: Record<string, unknown>[];
  sessions: Record<string, unknown>[];
}
