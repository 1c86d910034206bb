import type { MiddlewareHandler } from 'hono';
import { messages } from '../../shared/messages.ts';
import type { AppDeps, AppEnv, SessionUser } from '../context.ts';
import { AppError } from '../lib/errors.ts';

export function roleOf(email: string, adminEmails: readonly string[]): SessionUser['role'] {
  return adminEmails.includes(email.toLowerCase()) ? 'admin' : 'user';
}

/** 401 without a valid session; sets `c.var.user` otherwise. */
export function requireUser(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session = await deps.auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) throw new AppError('unauthenticated', 401, messages.generic.unauthenticated);
    const { id, email } = session.user;
    c.set('user', { id, email, role: roleOf(email, deps.config.adminEmails) });
    c.set('sessionId', session.session.id);
    await next();
  };
}

/** 403 for a signed-in user without the admin role (docs/product/decisions.md 7). */
export function requireAdmin(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.var.user.role !== 'admin') throw new AppError('forbidden', 403, messages.generic.forbidden);
    await next();
  };
}
