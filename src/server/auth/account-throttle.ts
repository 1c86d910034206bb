import { sql, type Kysely } from 'kysely';
import { messages } from '../../shared/messages.ts';
import type { DB } from '../db/schema.ts';
import { RateLimitedError } from '../lib/errors.ts';
import { clearAttempts, countAttempt, refundAttempt, type RateRule } from '../lib/rate-limit.ts';

/**
 * Per-address sign-in throttle (docs/decisions/0011-account-throttle-and-413.md): whatever
 * the client address, at most `max` wrong passwords on one e-mail address per window; then
 * every attempt on it answers 429 until the window ends, without the password being checked
 * (a right one reveals nothing). Unknown addresses are counted the same way, so the answer
 * says nothing about which accounts exist. A new password lifts the lock (the trigger of
 * src/server/db/migrations/0008-security.ts), so the owner is never locked out longer than
 * it takes to follow a reset link.
 *
 * The attempt is counted BEFORE the password is checked: parallel attempts cannot slip
 * between a check and the record of their failure.
 */
const lockKey = (email: string) => sql<string>`sign_in_lock_key(${email})`;

export async function claimSignInAttempt(db: Kysely<DB>, email: string, rule: RateRule): Promise<void> {
  const decision = await countAttempt(db, lockKey(email), rule);
  if (decision.allowed) return;
  throw new RateLimitedError(
    messages.auth.accountLocked(Math.ceil(decision.retryAfterSeconds / 60)),
    decision.retryAfterSeconds,
  );
}

/**
 * After better-auth answered: a wrong password (401) keeps its count; a right one (200, or
 * 403 « confirm your address », which better-auth says only after checking the password)
 * ends the series; anything else was not a password check and is taken back.
 */
export async function settleSignInAttempt(db: Kysely<DB>, email: string, status: number): Promise<void> {
  if (status === 401) return;
  if (status < 300 || status === 403) return clearAttempts(db, lockKey(email));
  return refundAttempt(db, lockKey(email));
}
