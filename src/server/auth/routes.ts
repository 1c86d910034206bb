import { Hono, type Context } from 'hono';
import {
  ACCOUNT_PATH,
  backupCodeSchema,
  changeEmailSchema,
  changePasswordSchema,
  DEFAULT_RESTAURANT_NAME,
  passwordConfirmSchema,
  requestPasswordResetSchema,
  RESET_PASSWORD_PATH,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
  totpCodeSchema,
} from '../../shared/api/auth.ts';
import type { ApiErrorBody, ErrorCode } from '../../shared/api/errors.ts';
import { messages } from '../../shared/messages.ts';
import { clientIp } from '../lib/client-ip.ts';
import type { AppEnv } from '../context.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../lib/errors.ts';
import { readJson } from '../lib/http.ts';
import { keyedLock } from '../lib/keyed-lock.ts';
import { emailTaken, resetLinkAccount } from './account-lookups.ts';
import { claimSignInAttempt, settleSignInAttempt } from './account-throttle.ts';
import { CLIENT_IP_HEADER } from './auth.ts';
import { isCommonPassword } from './common-passwords.ts';
import { claimTotpCode, releaseTotpCode, totpUserOf } from './totp-replay.ts';

const m = messages.auth;
const a = messages.account;

/** better-auth error codes → docs/product/api.md code, status and French message. */
const authErrors: Record<string, { status: number; code: ErrorCode; message: string; field?: string }> = {
  INVALID_EMAIL_OR_PASSWORD: { status: 401, code: 'unauthenticated', message: m.invalidCredentials },
  USER_ALREADY_EXISTS: { status: 422, code: 'validation', message: m.userExists, field: 'email' },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { status: 422, code: 'validation', message: m.userExists, field: 'email' },
  EMAIL_NOT_VERIFIED: { status: 403, code: 'forbidden', message: m.emailNotVerified },
  INVALID_EMAIL: { status: 422, code: 'validation', message: m.emailInvalid, field: 'email' },
  PASSWORD_TOO_SHORT: { status: 422, code: 'validation', message: m.newPasswordTooShort, field: 'password' },
  PASSWORD_TOO_LONG: { status: 422, code: 'validation', message: m.passwordTooLong, field: 'password' },
  // Reset, « Mon compte », two-factor sign-in (docs/decisions/0006-accounts-and-data-rights.md).
  INVALID_TOKEN: { status: 400, code: 'bad_request', message: a.resetInvalidToken, field: 'token' },
  TOKEN_EXPIRED: { status: 400, code: 'bad_request', message: a.resetInvalidToken, field: 'token' },
  INVALID_PASSWORD: { status: 422, code: 'validation', message: a.wrongPassword, field: 'password' },
  CREDENTIAL_ACCOUNT_NOT_FOUND: { status: 422, code: 'validation', message: a.wrongPassword, field: 'password' },
  SESSION_EXPIRED: { status: 403, code: 'forbidden', message: a.sessionTooOld },
  SESSION_NOT_FRESH: { status: 403, code: 'forbidden', message: a.sessionTooOld },
  INVALID_CODE: { status: 422, code: 'validation', message: a.twoFactorInvalidCode, field: 'code' },
  INVALID_BACKUP_CODE: { status: 422, code: 'validation', message: a.backupCodeInvalid, field: 'code' },
  OTP_HAS_EXPIRED: { status: 422, code: 'validation', message: a.twoFactorInvalidCode, field: 'code' },
  INVALID_TWO_FACTOR_COOKIE: { status: 401, code: 'unauthenticated', message: a.twoFactorSessionExpired },
  TOTP_ALREADY_ENABLED: { status: 422, code: 'validation', message: a.twoFactorAlreadyEnabled },
  TOTP_NOT_ENABLED: { status: 422, code: 'validation', message: a.twoFactorNotEnabled },
  TWO_FACTOR_NOT_ENABLED: { status: 422, code: 'validation', message: a.twoFactorNotEnabled },
  // The sign-in's two-factor challenge is spent: waiting does not help, signing in again does.
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: { status: 401, code: 'unauthenticated', message: a.twoFactorSessionExpired },
  ACCOUNT_TEMPORARILY_LOCKED: { status: 429, code: 'rate_limited', message: a.twoFactorTooManyAttempts },
};

function fallbackError(status: number): { code: ErrorCode; message: string } {
  if (status === 429) return { code: 'rate_limited', message: messages.generic.rateLimited };
  if (status === 401) return { code: 'unauthenticated', message: messages.generic.unauthenticated };
  if (status === 403) return { code: 'forbidden', message: messages.generic.forbidden };
  if (status === 404) return { code: 'not_found', message: messages.generic.notFound };
  if (status >= 500) return { code: 'internal', message: messages.generic.internal };
  return { code: 'bad_request', message: messages.generic.invalidFields };
}

/** A new password among the 10,000 most common (DECISIONS 21): 422 next to the field that holds it. */
function refuseCommonPassword(password: string, field: string): void {
  if (isCommonPassword(password))
    throw new AppError('validation', 422, m.passwordTooCommon, { [field]: m.passwordTooCommon });
}

/**
 * better-auth's answers in docs/product/api.md's error shape, with French messages; redirects (the links
 * of reset and confirmation e-mails) pass as they are. `field` names the request's field an
 * error is about when it is not better-auth's (the current password is `currentPassword`).
 */
async function translate(response: Response, field?: string): Promise<Response> {
  if (response.status < 300) return withoutTokens(response);
  if (response.status < 400) return response;
  let code: string | undefined;
  try {
    code = ((await response.clone().json()) as { code?: string }).code;
  } catch {
    code = undefined;
  }
  const known = code ? authErrors[code] : undefined;
  const status = known?.status ?? response.status;
  const { code: apiCode, message } = known ?? fallbackError(status);
  const errorField = known?.field && (field ?? known.field);
  const body: ApiErrorBody = {
    error: { code: apiCode, message, ...(errorField ? { fields: { [errorField]: message } } : {}) },
  };
  const headers = new Headers(response.headers);
  headers.set('content-type', 'application/json; charset=utf-8');
  headers.delete('content-length');
  // better-auth's limiter says when to come back in its own header; HTTP's is Retry-After.
  const retryAfter = headers.get('x-retry-after');
  if (status === 429 && retryAfter) headers.set('retry-after', retryAfter);
  return new Response(JSON.stringify(body), { status, headers });
}

/**
 * The session token lives in its http-only cookie, and only there: better-auth also puts it
 * in the JSON of sign-up, sign-in and the two-factor steps (`token`) and of get-session
 * (`session.token`), where any script of the page could read it. It is taken out of every
 * successful answer.
 */
async function withoutTokens(response: Response): Promise<Response> {
  if (!/^application\/json\b/i.test(response.headers.get('content-type') ?? '')) return response;
  const body = (await response
    .clone()
    .json()
    .catch(() => undefined)) as { token?: unknown; session?: { token?: unknown } } | null | undefined;
  if (!body || typeof body !== 'object' || (!('token' in body) && !(body.session && 'token' in body.session)))
    return response;
  delete body.token;
  if (body.session) delete body.session.token;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(body), { status: response.status, headers });
}

/**
 * better-auth under /api/auth: bodies of sign-up and sign-in are checked with the shared
 * schemas first (French 422s), the client address is set from the socket, and errors are
 * rewritten to docs/product/api.md's shape.
 */
export function authRoutes(deps: AppDeps, options: { trustProxy: boolean }): Hono<AppEnv> {
  const resetsByAccount = keyedLock();
  const app = new Hono<AppEnv>();

  const forward = async (c: Context, body?: unknown, errorField?: string) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, clientIp(c, options.trustProxy));
    let init: RequestInit = { method: c.req.method, headers };
    if (body !== undefined) {
      headers.set('content-type', 'application/json');
      headers.delete('content-length');
      init = { ...init, body: JSON.stringify(body) };
    } else if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      init = { ...init, body: await c.req.arrayBuffer() };
    }
    return translate(await deps.auth.handler(new Request(c.req.url, init)), errorField);
  };

  app.post('/sign-up/email', async (c) => {
    const input = await readJson(c, signUpSchema);
    refuseCommonPassword(input.password, 'password');
    const restaurantName = input.restaurantName || DEFAULT_RESTAURANT_NAME;
    // The person's name, shown to their team (« Équipe », « Historique »): never the restaurant's.
    const name = input.name || input.email.split('@')[0] || input.email;
    return forward(c, { email: input.email.toLowerCase(), password: input.password, name, restaurantName });
  });

  // Per-address throttle around better-auth's per-client one (src/server/auth/account-throttle.ts).
  app.post('/sign-in/email', async (c) => {
    const input = await readJson(c, signInSchema);
    const email = input.email.toLowerCase();
    await claimSignInAttempt(deps.db, email, deps.config.accountThrottle);
    const res = await forward(c, { email, password: input.password });
    await settleSignInAttempt(deps.db, email, res.status);
    return res;
  });

  // docs/decisions/0006-accounts-and-data-rights.md. Bodies are checked with the shared schemas
  // (French 422s) and the redirect targets are the app's own pages, whatever a client sends.
  app.post('/request-password-reset', async (c) => {
    const input = await readJson(c, requestPasswordResetSchema);
    const res = await forward(c, { email: input.email.toLowerCase(), redirectTo: RESET_PASSWORD_PATH });
    // better-auth's English sentence becomes ours: the same for a known or an unknown address.
    return res.ok ? c.json({ status: true, message: messages.account.resetRequested }) : res;
  });
  // Two links of one account used at once: one after the other, so the first new password voids
  // the second link (trigger of migration 0008) instead of both meeting in a database deadlock
  // (src/server/auth/reset-links.int.test.ts). Across processes PostgreSQL still decides.
  app.post('/reset-password', async (c) => {
    const input = await readJson(c, resetPasswordSchema);
    refuseCommonPassword(input.newPassword, 'newPassword');
    const account = await resetLinkAccount(deps.db, input.token);
    return resetsByAccount(account ?? input.token, () => forward(c, input));
  });
  app.post('/change-password', async (c) => {
    const input = await readJson(c, changePasswordSchema);
    refuseCommonPassword(input.newPassword, 'newPassword');
    return forward(c, input, 'currentPassword');
  });
  app.post('/change-email', async (c) => {
    const input = await readJson(c, changeEmailSchema);
    const session = await deps.auth.api.getSession({ headers: c.req.raw.headers });
    const newEmail = input.newEmail.toLowerCase();
    if (session && session.user.email.toLowerCase() === newEmail) {
      throw new AppError('validation', 422, messages.account.sameEmail, { newEmail: messages.account.sameEmail });
    }
    // Without mail the change is immediate, and better-auth would answer « done » for a taken
    // address while changing nothing. Sign-up says an address is taken anyway: say it here too.
    // With mail, the link goes to the new address and nothing is told about it.
    if (session && !deps.config.smtpUrl && (await emailTaken(deps.db, newEmail))) {
      throw new AppError('validation', 422, m.userExists, { newEmail: m.userExists });
    }
    return forward(c, { newEmail: input.newEmail.toLowerCase(), callbackURL: ACCOUNT_PATH });
  });
  for (const path of ['/two-factor/disable', '/two-factor/generate-backup-codes']) {
    app.post(path, async (c) => forward(c, await readJson(c, passwordConfirmSchema)));
  }
  app.post('/two-factor/enable', async (c) => {
    const input = await readJson(c, passwordConfirmSchema);
    const res = await forward(c, input);
    // Two « Activer » at once: the second insert meets the one-row-per-user index; tried
    // again, it finds the row and replaces its secret, as one click after the other would.
    return res.status >= 500 ? forward(c, input) : res;
  });
  // A code works once (src/server/auth/totp-replay.ts): a second use within its window is a wrong code.
  app.post('/two-factor/verify-totp', async (c) => {
    const input = await readJson(c, totpCodeSchema);
    const userId = await totpUserOf(c, deps.db, async () => {
      const session = await deps.auth.api.getSession({ headers: c.req.raw.headers });
      return session?.user.id;
    });
    if (!userId) return forward(c, input);
    if (!(await claimTotpCode(deps.db, userId, input.code)))
      throw new AppError('validation', 422, a.twoFactorInvalidCode, { code: a.twoFactorInvalidCode });
    const res = await forward(c, input);
    if (res.status >= 300) await releaseTotpCode(deps.db, userId, input.code);
    return res;
  });
  app.post('/two-factor/verify-backup-code', async (c) => forward(c, await readJson(c, backupCodeSchema)));

  // better-auth's list of sessions hands every session token to the page's JavaScript: the
  // app lists sessions through GET /api/account/sessions instead (docs/decisions/0006).
  app.all('/list-sessions', () => {
    throw new AppError('not_found', 404, messages.generic.notFound);
  });
  app.all('/*', (c) => forward(c));
  return app;
}
