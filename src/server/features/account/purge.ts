import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Logger } from '../../lib/logger.ts';

/** Rate-limit counters older than this count for nothing (the longest window is minutes). */
const RATE_LIMIT_RETENTION_MS = 24 * 60 * 60 * 1000;
/** The public API's call log (docs/product/integrations.md « Clés d’API »): 90 days. */
const API_CALL_RETENTION_DAYS = 90;

/**
 * Erases what has no use left: expired sessions (their IP and browser, as the privacy policy
 * promises: « au plus tard 7 jours sans utilisation, puis effacées »), expired one-time tokens
 * (reset links, e-mail changes, two-factor steps), stale rate-limit counters and API calls
 * older than 90 days. Idempotent:
 * every server process may run it.
 */
export async function purgeExpired(
  db: Kysely<DB>,
  now: Date = new Date(),
): Promise<{ sessions: number; verifications: number; rateLimits: number; apiCalls: number }> {
  const sessions = await db.deleteFrom('sessions').where('expires_at', '<', now).executeTakeFirst();
  const verifications = await db.deleteFrom('verifications').where('expires_at', '<', now).executeTakeFirst();
  const rateLimits =
    await sql`DELETE FROM rate_limits WHERE last_request < ${now.getTime() - RATE_LIMIT_RETENTION_MS}`.execute(db);
  const apiCalls = await db
    .deleteFrom('api_calls')
    .where('created_at', '<', new Date(now.getTime() - API_CALL_RETENTION_DAYS * 86_400_000))
    .executeTakeFirst();
  return {
    apiCalls: Number(apiCalls.numDeletedRows),
    sessions: Number(sessions.numDeletedRows),
    verifications: Number(verifications.numDeletedRows),
    rateLimits: Number(rateLimits.numAffectedRows ?? 0),
  };
}

/** Runs the purge at start and then every hour, until `stop()`. */
export function startPurge(db: Kysely<DB>, logger: Logger, intervalMs = 60 * 60 * 1000): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = purgeExpired(db)
      .then((counts) => logger.info('expired rows purged', counts))
      .catch((error: unknown) => logger.warn('purge of expired rows failed', { err: error }));
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
