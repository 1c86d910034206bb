import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

export interface RateRule {
  windowSeconds: number;
  max: number;
}

/**
 * Counts one attempt under `key` in better-auth's `rate_limits` table (shared by every server
 * process) and says whether it is still allowed. One atomic upsert: a window that has ended
 * starts again at 1.
 */
export async function allowAttempt(db: Kysely<DB>, key: string, rule: RateRule, now = Date.now()): Promise<boolean> {
  const windowStart = now - rule.windowSeconds * 1000;
  const { rows } = await sql<{ count: number }>`
    INSERT INTO rate_limits (key, count, last_request) VALUES (${key}, 1, ${now})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.last_request < ${windowStart} THEN 1 ELSE rate_limits.count + 1 END,
      last_request = ${now}
    RETURNING count`.execute(db);
  return Number(rows[0]?.count ?? 0) <= rule.max;
}
