import type { Kysely } from 'kysely';
import type { MemberRole } from '../shared/permissions.ts';
import type { Config } from './config.ts';
import type { DB } from './db/schema.ts';
import type { Logger } from './lib/logger.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Auth } from './auth/auth.ts';
import type { Billing } from './features/billing/provider.ts';
import type { MenuChangeFeed } from './features/public-menu/menu-changes.ts';
import type { PhotoStorage } from './domain/photos/storage.ts';
import type { CachedPage } from './features/public-menu/cached-page.ts';
import type { ScanBuffer } from './features/qr/scan-buffer.ts';
import type { InvalidatedCache } from './lib/invalidated-cache.ts';
import type { KeptOwnIngredients } from './features/catalogue/own-ingredients.ts';
import type { MeResponse } from '../shared/api/account.ts';

/** Where an active QR code leads. */
export interface QrTarget {
  menuId: string;
  organisationId: string;
}

/** A session better-auth validated, kept a few seconds by its exact signed cookie (src/server/auth/session-cache.ts). */
export interface CachedSession {
  userId: string;
  email: string;
  /** The address was confirmed (the admin role needs it). */
  emailVerified: boolean;
  sessionId: string;
}

/**
 * What the diner's path keeps in memory (docs/decisions/0022-performance-at-the-physical-limit.md):
 * rendered public pages by normalized URL, the menu each active QR code leads to, and the
 * scans waiting to be written. Built by src/server/diner.ts.
 */
export interface DinerState {
  pages: InvalidatedCache<CachedPage>;
  qrTargets: InvalidatedCache<QrTarget>;
  /** Sessions by signed cookie, dropped when the session or its user changes. */
  sessions: InvalidatedCache<CachedSession>;
  /** GET /api/me's answers by user, dropped when anything they show changes (src/server/features/account/account-cache.ts). */
  accounts: InvalidatedCache<MeResponse>;
  /** Each organisation's own ingredient names and hits, dropped when a product or recipe changes (src/server/features/catalogue/own-ingredients.ts). */
  ownIngredients: InvalidatedCache<KeptOwnIngredients>;
  scans: ScanBuffer;
  /** Resolves once every change committed before the call has reached the caches (tests). */
  sync(): Promise<void>;
}

/** What request handlers and services need, built once at boot (or per test). */
export interface AppDeps {
  config: Config;
  db: Kysely<DB>;
  dbKind: 'pglite' | 'postgres';
  auth: Auth;
  logger: Logger;
  mailer: Mailer;
  billing: Billing;
  diner: DinerState;
  /**
   * Open public pages told of their menu's changes (issue 18, live « Épuisé »), fed by the
   * diner's one LISTEN (src/server/diner.ts) after it has dropped what the change made stale.
   */
  menuChanges: MenuChangeFeed;
  /** Photo bytes: PostgreSQL, or the S3 bucket (src/server/domain/photos/storage.ts). */
  photos: PhotoStorage;
}

export interface SessionUser {
  id: string;
  email: string;
  role: 'admin' | 'user';
}

/** The organisation a request works in (docs/product/organisations.md), and the caller's role there. */
export interface ActiveOrganisation {
  id: string;
  name: string;
  role: MemberRole;
}

/** Who acts, and in which organisation: what a service writes rows, audit events and product events with. */
export interface Actor {
  userId: string;
  organisationId: string;
}

/** Hono context variables. */
export interface AppEnv {
  Variables: {
    requestId: string;
    user: SessionUser;
    /** Id of the session row of this request (set with `user`). */
    sessionId: string;
    /** The active organisation, resolved with the session (src/server/auth/require-user.ts). */
    org: ActiveOrganisation;
    /**
     * Spends one of the client's diner requests (src/server/app.ts PUBLIC_RATE), or throws
     * 429: the page and QR routes call it only before they read the database.
     */
    chargeDiner: (() => void) | undefined;
  };
}
