import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Logger } from '../../lib/logger.ts';
import { CrmError, type CrmClient } from './brevo.ts';
import { DELETE_CONTACT } from '../../domain/outbox.ts';

export interface WorkerOptions {
  batchSize?: number;
  /** How long a claimed row is hidden from other workers while it is being delivered. */
  leaseSeconds?: number;
  /** Retries: base × 2^(attempt-1), capped; after maxAttempts the row is « failed » (visible, retryable). */
  backoffBaseMs?: number;
  backoffCapMs?: number;
  maxAttempts?: number;
  pollIntervalMs?: number;
}

const defaults: Required<WorkerOptions> = {
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
  kind: 'event' | 'contact';
  name: string;
  payload: Record<string, unknown>;
  attempts: number;
}

/**
 * Delivers the outbox (docs/product/decisions.md 13). Rows are claimed with FOR UPDATE SKIP LOCKED and
 * leased (available_at pushed forward), so any number of workers in any number of
 * processes never deliver the same row at once; a crash mid-delivery only delays the row
 * until its lease ends. Failures back off exponentially up to a cap and stay visible.
 */
export function createOutboxWorker(db: Kysely<DB>, crm: CrmClient, logger: Logger, options: WorkerOptions = {}) {
  const o = { ...defaults, ...options };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;

  async function claim(afterId: number): Promise<Claimed[]> {
    const { rows } = await sql<Claimed>`
      UPDATE event_outbox SET attempts = attempts + 1, available_at = now() + make_interval(secs => ${o.leaseSeconds})
      WHERE id IN (
        SELECT id FROM event_outbox
        WHERE status = 'pending' AND available_at <= now() AND id > ${afterId}
        ORDER BY id LIMIT ${o.batchSize}
        FOR UPDATE SKIP LOCKED)
      RETURNING id, kind, name, payload, attempts`.execute(db);
    return rows.sort((a, b) => a.id - b.id);
  }

  async function deliverOne(row: Claimed): Promise<void> {
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
      const message = error instanceof Error ? error.message : String(error);
      const retryable = !(error instanceof CrmError) || error.retryable;
      const failed = !retryable || row.attempts >= o.maxAttempts;
      const delay = backoffMs(row.attempts, o.backoffBaseMs, o.backoffCapMs);
      await db
        .updateTable('event_outbox')
        .set({
          status: failed ? 'failed' : 'pending',
          last_error: message.slice(0, 1000),
          available_at: new Date(Date.now() + delay),
        })
        .where('id', '=', row.id)
        .execute();
      logger.warn('crm delivery failed', {
        outboxId: row.id,
        name: row.name,
        attempt: row.attempts,
        willRetry: !failed,
        err: error,
      });
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
      // In order within a batch: a contact is created before its events.
      for (const row of batch) await deliverOne(row);
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
