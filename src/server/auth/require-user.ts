import type { Context, MiddlewareHandler } from 'hono';
import { messages } from '../../shared/messages.ts';
import { can, permissionMessages, type Action } from '../../shared/permissions.ts';
import type { ActiveOrganisation, Actor, AppEnv, SessionUser } from '../context.ts';
import type { AppDeps } from '../deps.ts';
import { resolveActiveOrganisation } from '../domain/active-organisation.ts';
import { AppError } from '../lib/errors.ts';
import { SESSION_CACHE_MS, sessionCookieValue, sessionTags } from './session-cache.ts';

/** Response header naming the organisation a request worked in (docs/product/organisations.md « Losing access »). */
export const ORGANISATION_HEADER = 'X-Organisation-Id';

/**
 * The admin role: an address of ADMIN_EMAILS that its owner has proved to hold (a confirmed
 * e-mail). Without the proof, an owner who changed their address to an admin's would be admin
 * at once (docs/decisions/0034-versions-and-hostile-files.md). Only a development server
 * without SMTP_URL, which confirms no address at all, trusts the list alone.
 */
export function roleOf(
  email: string,
  emailVerified: boolean,
  config: Pick<AppDeps['config'], 'adminEmails' | 'appEnv' | 'smtpUrl'>,
): SessionUser['role'] {
  const proofNeeded = config.appEnv === 'production' || Boolean(config.smtpUrl);
  return (emailVerified || !proofNeeded) && config.adminEmails.includes(email.toLowerCase()) ? 'admin' : 'user';
}

/** Sets the active organisation of the rest of the request, and tells the web app through the header. */
export function useOrganisation(c: Context<AppEnv>, org: ActiveOrganisation): void {
  c.set('org', org);
  c.header(ORGANISATION_HEADER, org.id);
}

/**
 * 401 without a valid session. Otherwise sets `c.var.user` and `c.var.org`, the active
 * organisation and the role there, read in one query after the session; when that membership
 * is gone (the member was removed) the account falls back to another organisation of its
 * own, stored as active. Every answer names the organisation in `X-Organisation-Id`, so the
 * web app sees a change it did not ask for.
 */
export function requireUser(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { id } = await signIn(deps, c);
    useOrganisation(c, await resolveActiveOrganisation(deps.db, id));
    await next();
  };
}

/** requireUser without the organisation: for a route that reads it in its own query (GET /api/me). */
export function requireSession(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await signIn(deps, c);
    await next();
  };
}

/**
 * The request's session user, or null without a valid session: for a page load, which is
 * answered either way (the signed-in layout's first paint, src/server/web-app/static.ts).
 */
export async function optionalSession(deps: AppDeps, c: Context<AppEnv>): Promise<SessionUser | null> {
  try {
    return await signIn(deps, c);
  } catch (error) {
    if (error instanceof AppError && error.status === 401) return null;
    throw error;
  }
}

/**
 * The request's session: kept a few seconds by its exact signed cookie, without a query
 * (src/server/auth/session-cache.ts), otherwise asked of better-auth and kept. A session
 * ended or changed anywhere (sign-out, revocation, new password, email) is dropped as soon as
 * the change is announced, and in any case within SESSION_CACHE_MS.
 */
async function signIn(deps: AppDeps, c: Context<AppEnv>): Promise<SessionUser> {
  const sessions = deps.diner.sessions;
  const cookie = sessionCookieValue(c.req.header('cookie'));
  let kept = cookie ? sessions.get(cookie) : undefined;
  if (!kept) {
    const generation = sessions.generation();
    const session = await deps.auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) throw new AppError('unauthenticated', 401, messages.generic.unauthenticated);
    kept = {
      userId: session.user.id,
      email: session.user.email,
      emailVerified: session.user.emailVerified,
      sessionId: session.session.id,
    };
    if (cookie) {
      const validUntil = Math.min(Date.now() + SESSION_CACHE_MS, new Date(session.session.expiresAt).getTime());
      sessions.set(cookie, sessionTags(cookie, kept), kept, { generation, validUntil });
    }
  }
  const user: SessionUser = {
    id: kept.userId,
    email: kept.email,
    role: roleOf(kept.email, kept.emailVerified, deps.config),
  };
  c.set('user', user);
  c.set('sessionId', kept.sessionId);
  return user;
}

/**
 * 403 `forbidden` when the caller's role in the active organisation may not do `action`
 * (src/shared/permissions.ts). Put on every write route, after requireUser and before the
 * body is read: a viewer is refused whatever they send.
 */
export function allow(action: Action): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!can(c.var.org.role, action)) throw new AppError('forbidden', 403, permissionMessages.forbidden);
    await next();
  };
}

/** The acting account and its active organisation, for the services. */
export const actorOf = (c: Context<AppEnv>): Actor => ({ userId: c.var.user.id, organisationId: c.var.org.id });

/** 403 for a signed-in user without the admin role (docs/product/decisions.md 7). */
export function requireAdmin(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.var.user.role !== 'admin') throw new AppError('forbidden', 403, messages.generic.forbidden);
    await next();
  };
}
