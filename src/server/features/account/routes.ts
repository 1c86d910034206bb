import { Hono } from 'hono';
import { deleteAccountSchema } from '../../../shared/api/auth.ts';
import type { AccountSessionsResponse } from '../../../shared/api/account.ts';
import { messages } from '../../../shared/messages.ts';
import type { AppEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { requireSession, requireUser, useOrganisation } from '../../auth/require-user.ts';
import { streamedBody } from '../../lib/compress.ts';
import { AppError } from '../../lib/errors.ts';
import { readJson } from '../../lib/http.ts';
import { allowAttempt } from '../../lib/rate-limit.ts';
import { deleteAccount } from './delete-account.ts';
import { exportAccount } from './export.ts';
import { readMeKept } from './account-cache.ts';
import { listOwnSessions, revokeOwnSession } from './sessions.ts';

/** `nutricarte-export-2026-11-21.json` (the date in Paris). */
const exportFileName = (now: Date) =>
  `nutricarte-export-${now.toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' })}.json`;

export function accountRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const signedIn = requireUser(deps);

  // No query while the session and the answer are kept (src/server/auth/session-cache.ts,
  // ./account-cache.ts); one when the answer is read again and the active membership stands (readMe).
  app.get('/me', requireSession(deps), async (c) => {
    const me = await readMeKept(deps.db, deps.diner.accounts, c.var.user);
    if (!me) throw new AppError('unauthenticated', 401, messages.generic.unauthenticated);
    useOrganisation(c, me.organisation);
    // Who is signed in, their role and organisation: never kept by a shared cache.
    c.header('Cache-Control', 'private, no-store');
    return c.json(me);
  });

  app.get('/account/sessions', signedIn, async (c) => {
    const body: AccountSessionsResponse = { sessions: await listOwnSessions(deps.db, c.var.user.id, c.var.sessionId) };
    c.header('Cache-Control', 'no-store');
    return c.json(body);
  });

  app.delete('/account/sessions/:id', signedIn, async (c) => {
    if (!(await revokeOwnSession(deps.db, c.var.user.id, c.req.param('id')))) {
      throw new AppError('not_found', 404, messages.account.sessionNotFound);
    }
    return c.body(null, 204);
  });

  app.get('/account/export', signedIn, async (c) => {
    const now = new Date();
    c.header('Cache-Control', 'no-store');
    c.header('Content-Disposition', `attachment; filename="${exportFileName(now)}"`);
    return c.body(streamedBody(exportAccount(deps.db, c.var.user.id, now)), 200, {
      'Content-Type': 'application/json; charset=UTF-8',
    });
  });

  app.delete('/account', signedIn, async (c) => {
    const { password } = await readJson(c, deleteAccountSchema);
    // A stolen session must not become a way to guess the password.
    const { max, windowSeconds } = deps.config.authRateLimit;
    if (!(await allowAttempt(deps.db, `account-delete:${c.var.user.id}`, { max, windowSeconds }))) {
      throw new AppError('rate_limited', 429, messages.generic.rateLimited);
    }
    await deleteAccount(deps, c.var.user.id, password);
    // The sessions went with the account; the browser's cookies are cleared as sign-out does.
    const signOut = await deps.auth.api.signOut({ headers: c.req.raw.headers, asResponse: true });
    for (const cookie of signOut.headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
    return c.body(null, 204);
  });

  return app;
}
