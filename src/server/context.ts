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

/** What request handlers and services need, built once at boot (or per test). */
export interface AppDeps {
  config: Config;
  db: Kysely<DB>;
  dbKind: 'pglite' | 'postgres';
  auth: Auth;
  logger: Logger;
  mailer: Mailer;
  billing: Billing;
  /** Open public pages told of their menu's changes (issue 18, live « Épuisé »). */
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
  };
}
