import type { MemberRole } from '../shared/permissions.ts';

/**
 * What a request carries through the app: who calls, in which organisation, with which role.
 * Every layer of the server may import these types; they import nothing of the server
 * (the app's dependencies are src/server/deps.ts).
 */
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
