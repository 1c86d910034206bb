import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * A TOTP code works once (RFC 6238 § 5.2: the verifier must not accept a code a second time
 * after it validated it). better-auth accepts a code during its whole window (the step before,
 * the current one and the next: up to 90 s), so a code seen over a shoulder, or replayed from a
 * second sign-in, would open a second session. Each code a user sends is claimed first, as a
 * `verifications` row `totp-used:<user>:<code>` kept past the window; a second claim of it is
 * refused, and a code that better-auth then refuses (wrong, spent challenge) is released.
 * Claims of one user are serialized by a transaction-scoped advisory lock, across processes.
 */
const KEPT_MS = 3 * 60_000;

/** better-auth's two-factor cookie (cookie prefix `nutricarte`, src/server/auth/auth.ts). */
const TWO_FACTOR_COOKIE = 'nutricarte.two_factor';

const identifierOf = (userId: string, code: string) => `totp-used:${userId}:${code}`;

/**
 * Whose code this is: the session's user (enrolment), or the user of the sign-in's two-factor
 * challenge (its signed cookie holds a `verifications` identifier whose value is the user id).
 * Undefined when neither is there: better-auth answers that case itself.
 */
export async function totpUserOf(
  c: Context,
  db: Kysely<DB>,
  sessionUser: () => Promise<string | undefined>,
): Promise<string | undefined> {
  const raw = getCookie(c, TWO_FACTOR_COOKIE) ?? getCookie(c, `__Secure-${TWO_FACTOR_COOKIE}`);
  if (raw) {
    const identifier = raw.slice(0, raw.lastIndexOf('.'));
    const challenge = await db
      .selectFrom('verifications')
      .select('value')
      .where('identifier', '=', identifier)
      .where('expires_at', '>', new Date())
      .executeTakeFirst();
    if (challenge) return challenge.value;
  }
  return sessionUser();
}

/** Claims the code for the user: false when it was already used (or is being used) within its window. */
export async function claimTotpCode(db: Kysely<DB>, userId: string, code: string): Promise<boolean> {
  const identifier = identifierOf(userId, code);
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`totp-used:${userId}`}))`.execute(trx);
    await trx
      .deleteFrom('verifications')
      .where('identifier', 'like', `totp-used:${userId}:%`)
      .where('expires_at', '<=', new Date())
      .execute();
    const used = await trx
      .selectFrom('verifications')
      .select('id')
      .where('identifier', '=', identifier)
      .executeTakeFirst();
    if (used) return false;
    await trx
      .insertInto('verifications')
      .values({
        identifier,
        value: userId,
        expires_at: new Date(Date.now() + KEPT_MS),
        created_at: new Date(),
        updated_at: new Date(),
      })
      .execute();
    return true;
  });
}

/** Gives a claimed code back: better-auth refused it, so it was not used. */
export async function releaseTotpCode(db: Kysely<DB>, userId: string, code: string): Promise<void> {
  await db.deleteFrom('verifications').where('identifier', '=', identifierOf(userId, code)).execute();
}
