import type { CachedSession } from '../context.ts';

/** A kept session is asked of better-auth again after this long, changes announced or not. */
export const SESSION_CACHE_MS = 5_000;

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?nutricarte\.session_token=([^;]+)/;

/**
 * The session cookie's value (`token.signature`, as better-auth signs it), the key of the session
 * cache (docs/decisions/0022-performance-at-the-physical-limit.md « Sessions »): only a value
 * better-auth has just accepted is ever kept, so a forged or altered cookie never matches one.
 */
export function sessionCookieValue(cookieHeader: string | undefined): string | undefined {
  return cookieHeader ? SESSION_COOKIE.exec(cookieHeader)?.[1] : undefined;
}

/** What drops the entry: its session (by token, the part before the signature) and its user. */
export function sessionTags(cookieValue: string, session: CachedSession): string[] {
  const token = decodeURIComponent(cookieValue).split('.')[0] ?? '';
  return [`s:${token}`, `u:${session.userId}`];
}
