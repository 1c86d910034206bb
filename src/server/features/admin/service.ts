import { sql, type Kysely } from 'kysely';
import type { AdminOutbox, AdminEnvironment } from '../../../shared/api/admin.ts';
import type { AppDeps } from '../../deps.ts';
import type { DB } from '../../db/schema.ts';

export async function outboxSummary(db: Kysely<DB>): Promise<AdminOutbox> {
  const counts = await db
    .selectFrom('event_outbox')
    .select(['status', db.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  const count = (status: string) => Number(counts.find((c) => c.status === status)?.n ?? 0);
  const errors = await db
    .selectFrom('event_outbox')
    .select(['id', 'name', 'status', 'attempts', 'last_error', 'available_at', 'created_at'])
    .where('last_error', 'is not', null)
    .where('status', '!=', 'delivered')
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
  return {
    pending: count('pending'),
    delivered: count('delivered'),
    failed: count('failed'),
    lastErrors: errors.map((e) => ({
      id: e.id,
      name: e.name,
      status: e.status,
      attempts: e.attempts,
      error: e.last_error ?? '',
      nextAttemptAt: e.status === 'pending' ? e.available_at.toISOString() : null,
      createdAt: e.created_at.toISOString(),
    })),
  };
}

/** « Réessayer »: failed rows (and pending ones waiting out a backoff) become due now. */
export async function retryOutbox(db: Kysely<DB>): Promise<number> {
  const result = await db
    .updateTable('event_outbox')
    .set({ status: 'pending', available_at: sql<Date>`now()` })
    .where((eb) =>
      eb.or([eb('status', '=', 'failed'), eb.and([eb('status', '=', 'pending'), eb('last_error', 'is not', null)])]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function environment(deps: AppDeps): AdminEnvironment {
  const { config } = deps;
  return {
    appEnv: config.appEnv,
    appName: 'NutriCarte',
    backendUrl: config.publicOrigin,
    database: deps.dbKind === 'pglite' ? 'PostgreSQL embarqué (PGlite)' : 'PostgreSQL',
    debug: config.logLevel === 'debug',
    payments: config.stripe ? 'stripe' : 'demo',
    crm: config.brevo ? 'brevo' : 'log',
    email: config.smtpUrl ? 'smtp' : 'log',
    metaPixel: Boolean(config.metaPixelId),
    adminCount: config.adminEmails.length,
  };
}
