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
  user: { id: string; email: string; role: Role };
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
}
