import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../db/schema.ts';

export interface RateRule {
  windowSeconds: number;
  max: number;
}

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the window ends and attempts are allowed again (0 when allowed). */
  retryAfterSeconds: number;
}

/** A key, or an SQL expression that computes it (e.g. `sign_in_lock_key(email)`). */
export type RateKey = string | RawBuilder<string>;

/**
 * Counts one attempt under `key` in better-auth's `rate_limits` table (shared by every server
 * process) and says whether it is still allowed. One atomic upsert; fixed windows: for our
 * keys `last_request` holds the start of the current window (better-auth's own keys keep its
 * meaning), so a steady trickle under the limit is never refused and a refusal ends, at the
 * latest, one window after the first attempt that opened it.
 */
export async function countAttempt(
  db: Kysely<DB>,
  key: RateKey,
  rule: RateRule,
  now = Date.now(),
): Promise<RateDecision> {
  const windowMs = rule.windowSeconds * 1000;
  const expired = now - windowMs;
  const { rows } = await sql<{ count: number; started: string }>`
    INSERT INTO rate_limits (key, count, last_request) VALUES (${key}, 1, ${now})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.last_request <= ${expired} THEN 1 ELSE rate_limits.count + 1 END,
      last_request = CASE WHEN rate_limits.last_request <= ${expired} THEN ${now} ELSE rate_limits.last_request END
    RETURNING count, last_request AS started`.execute(db);
  const row = rows[0];
  if (!row || Number(row.count) <= rule.max) return { allowed: true, retryAfterSeconds: 0 };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((Number(row.started) + windowMs - now) / 1000)) };
}

/** `countAttempt` when only the answer matters. */
export async function allowAttempt(db: Kysely<DB>, key: RateKey, rule: RateRule, now = Date.now()): Promise<boolean> {
  return (await countAttempt(db, key, rule, now)).allowed;
}

/** Takes back an attempt that turned out not to count (it was never tried). */
export async function refundAttempt(db: Kysely<DB>, key: RateKey): Promise<void> {
  await sql`UPDATE rate_limits SET count = count - 1 WHERE key = ${key} AND count > 0`.execute(db);
}

/** Forgets every attempt under `key` (a success ends the series of failures). */
export async function clearAttempts(db: Kysely<DB>, key: RateKey): Promise<void> {
  await sql`DELETE FROM rate_limits WHERE key = ${key}`.execute(db);
}
