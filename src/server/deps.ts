import type { Kysely } from 'kysely';
import type { MeResponse } from '../shared/api/account.ts';
import type { Auth } from './auth/auth.ts';
import type { Config } from './config.ts';
import type { CachedSession, QrTarget } from './context.ts';
import type { DB } from './db/schema.ts';
import type { PhotoStorage } from './domain/photos/storage.ts';
import type { Billing } from './features/billing/provider.ts';
import type { KeptOwnIngredients } from './features/catalogue/own-ingredients.ts';
import type { CachedPage } from './features/public-menu/cached-page.ts';
import type { MenuChangeFeed } from './features/public-menu/menu-changes.ts';
import type { ScanBuffer } from './features/qr/scan-buffer.ts';
import type { InvalidatedCache } from './lib/invalidated-cache.ts';
import type { Logger } from './lib/logger.ts';
import type { Mailer } from './mail/mailer.ts';

/*
 * The app's dependencies, built once at boot (src/server/boot.ts) or per test: the composition
 * root's types. They name what each feature provides (its cache, its provider), so features and
 * the domain import them as types only (docs/conventions.md « Layering »).
 */

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
