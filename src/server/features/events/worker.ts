import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Logger } from '../../lib/logger.ts';
import { CrmError, type CrmClient } from './brevo.ts';
import { DELETE_CONTACT } from '../../domain/outbox.ts';
import { WebhookDeliveryError, type WebhookSender } from '../../domain/webhooks/deliver.ts';

export interface WorkerOptions {
  batchSize?: number;
  /** How long a claimed row is hidden from other workers while it is being delivered. */
  leaseSeconds?: number;
  /** Retries: base × 2^(attempt-1), capped; after maxAttempts the row is « failed » (visible, retryable). */
  backoffBaseMs?: number;
  backoffCapMs?: number;
  maxAttempts?: number;
  pollIntervalMs?: number;
  /** Sends the webhook rows (kind `webhook`, migration 0028); without it they wait. */
  webhooks?: WebhookSender;
}

const defaults: Required<Omit<WorkerOptions, 'webhooks'>> = {
  batchSize: 20,
  leaseSeconds: 60,
  backoffBaseMs: 5_000,
  backoffCapMs: 10 * 60_000,
  maxAttempts: 40,
  pollIntervalMs: 1_000,
};

export const backoffMs = (attempt: number, base: number, cap: number) =>
  Math.min(cap, base * 2 ** Math.max(0, attempt - 1));

interface Claimed {
  id: number;
  kind: 'event' | 'contact' | 'webhook';
  name: string;
  payload: Record<string, unknown>;
  attempts: number;
  webhook_endpoint_id: string | null;
}

/**
 * Delivers the outbox (docs/product/decisions.md 13). Rows are claimed with FOR UPDATE SKIP LOCKED and
 * leased (available_at pushed forward), so any number of workers in any number of
 * processes never deliver the same row at once; a crash mid-delivery only delays the row
 * until its lease ends. Failures back off exponentially up to a cap and stay visible.
 */
export function createOutboxWorker(db: Kysely<DB>, crm: CrmClient, logger: Logger, options: WorkerOptions = {}) {
  const o = { ...defaults, ...options };
  const webhooks = options.webhooks;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;

  async function claim(afterId: number): Promise<Claimed[]> {
    const { rows } = await sql<Claimed>`
      UPDATE event_outbox SET attempts = attempts + 1, available_at = now() + make_interval(secs => ${o.leaseSeconds})
      WHERE id IN (
        SELECT id FROM event_outbox
        WHERE status = 'pending' AND available_at <= now() AND id > ${afterId}
          ${webhooks ? sql`` : sql`AND kind <> 'webhook'`}
        ORDER BY id LIMIT ${o.batchSize}
        FOR UPDATE SKIP LOCKED)
      RETURNING id, kind, name, payload, attempts, webhook_endpoint_id`.execute(db);
    return rows.sort((a, b) => a.id - b.id);
  }

  /** A failed attempt: retried later with backoff, or « failed » (visible, can be sent again). */
  async function attemptFailed(row: Claimed, error: unknown, retryable: boolean, status: number | null = null) {
    const message = error instanceof Error ? error.message : String(error);
    const failed = !retryable || row.attempts >= o.maxAttempts;
    const delay = backoffMs(row.attempts, o.backoffBaseMs, o.backoffCapMs);
    await db
      .updateTable('event_outbox')
      .set({
        status: failed ? 'failed' : 'pending',
        last_error: message.slice(0, 1000),
        available_at: new Date(Date.now() + delay),
        ...(row.kind === 'webhook' ? { response_status: status } : {}),
      })
      .where('id', '=', row.id)
      .execute();
    logger.warn(row.kind === 'webhook' ? 'webhook delivery failed' : 'crm delivery failed', {
      outboxId: row.id,
      name: row.name,
      attempt: row.attempts,
      willRetry: !failed,
      err: error,
    });
  }

  /** A webhook row: signed and sent to its endpoint (src/server/domain/webhooks/deliver.ts). */
  async function deliverWebhook(row: Claimed, send: WebhookSender): Promise<void> {
    const endpoint = await db
      .selectFrom('webhook_endpoints')
      .select(['url', 'secret', 'is_active'])
      .where('id', '=', row.webhook_endpoint_id)
      .executeTakeFirst();
    if (!endpoint?.is_active) return attemptFailed(row, new Error('endpoint disabled'), false);
    try {
      const { status } = await send({ url: endpoint.url, secret: endpoint.secret, payload: row.payload });
      await db
        .updateTable('event_outbox')
        .set({
          status: 'delivered',
          delivered_at: new Date(),
          delivered_to: endpoint.url,
          last_error: null,
          response_status: status,
        })
        .where('id', '=', row.id)
        .execute();
    } catch (error) {
      const delivery = error instanceof WebhookDeliveryError ? error : null;
      await attemptFailed(row, error, !delivery?.permanent, delivery?.status ?? null);
    }
  }

  async function deliverOne(row: Claimed): Promise<void> {
    if (row.kind === 'webhook') return webhooks ? deliverWebhook(row, webhooks) : undefined;
    try {
      await crm.deliver({ kind: row.kind, name: row.name, payload: row.payload });
      if (crm.target === 'log')
        logger.info('crm event (BREVO_API_KEY not set)', {
          outboxId: row.id,
          kind: row.kind,
          name: row.name,
          payload: row.payload,
        });
      if (row.name === DELETE_CONTACT) {
        // The erased address must not outlive its erasure here either (RGPD).
        await db.deleteFrom('event_outbox').where('id', '=', row.id).execute();
        return;
      }
      await db
        .updateTable('event_outbox')
        .set({ status: 'delivered', delivered_at: new Date(), delivered_to: crm.target, last_error: null })
        .where('id', '=', row.id)
        .execute();
    } catch (error) {
      await attemptFailed(row, error, !(error instanceof CrmError) || error.retryable);
    }
  }

  /** One pass over what is due, each row at most once. Returns how many rows were attempted. */
  async function runOnce(): Promise<number> {
    let attempted = 0;
    let cursor = 0;
    for (;;) {
      const batch = await claim(cursor);
      if (batch.length === 0) return attempted;
      cursor = batch.at(-1)!.id;
      // In order within a batch: a contact is created before its events. Webhooks go out
      // meanwhile, side by side: a slow receiver delays neither the CRM nor another receiver.
      const hooks = Promise.all(batch.filter((row) => row.kind === 'webhook').map(deliverOne));
      for (const row of batch) if (row.kind !== 'webhook') await deliverOne(row);
      await hooks;
      attempted += batch.length;
      if (stopped) return attempted;
    }
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runOnce().catch((error: unknown) => {
        logger.warn('outbox worker pass failed', { err: error });
        return 0;
      });
      void running.finally(schedule);
    }, o.pollIntervalMs);
    timer.unref();
  }

  return {
    runOnce,
    start() {
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
