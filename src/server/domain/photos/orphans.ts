import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Logger } from '../../lib/logger.ts';
import type { PhotoObjectStore } from './object-store.ts';

const BATCH = 100;

/**
 * Deletes from the bucket the copies of released photos (src/server/db/migrations/0011-photos.ts
 * queues their keys in `photo_orphans`, in the transaction that released them). A key is
 * deleted from the bucket while its row is locked, and the row goes only if that worked: an
 * upload of the same file claims the row first or waits for this (src/server/domain/photos/attach.ts),
 * so a copy it writes is never deleted here. A failure leaves the row for the next sweep, with
 * a log line; nothing the owner did is undone by it.
 */
async function sweepOrphans(
  db: Kysely<DB>,
  objects: PhotoObjectStore,
  logger: Logger,
): Promise<{ deleted: number; failed: number }> {
  const keys = (
    await db.selectFrom('photo_orphans').select('object_key').orderBy('created_at').limit(BATCH).execute()
  ).map((r) => r.object_key);
  let deleted = 0;
  let failed = 0;
  for (const key of keys) {
    try {
      await db.transaction().execute(async (trx) => {
        const claimed = await trx
          .deleteFrom('photo_orphans')
          .where('object_key', '=', key)
          .returning('object_key')
          .executeTakeFirst();
        if (claimed) await objects.remove(key);
      });
      deleted += 1;
    } catch (error) {
      failed += 1;
      logger.warn('photo copy not deleted from the bucket; retried at the next sweep', { key, err: error });
    }
  }
  return { deleted, failed };
}

export interface OrphanSweeper {
  /** Sweeps soon (after the current sweep, if one runs); many requests make one sweep. */
  request(): void;
  /** Resolves once no sweep runs or is waiting (tests wait on it rather than on time). */
  idle(): Promise<void>;
  /** Sweeps now and then every `intervalMs`, for keys a failed sweep left (main.ts). */
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

/** Without a bucket there is nothing to sweep: every request is a no-op. */
export function createOrphanSweeper(db: Kysely<DB>, objects: PhotoObjectStore | null, logger: Logger): OrphanSweeper {
  let running: Promise<void> = Promise.resolve();
  let queued = false;
  let timer: NodeJS.Timeout | undefined;
  const request = () => {
    if (!objects || queued) return;
    queued = true;
    running = running.then(async () => {
      queued = false;
      await sweepOrphans(db, objects, logger).catch((error: unknown) =>
        logger.warn('photo sweep failed', { err: error }),
      );
    });
  };
  return {
    request,
    async idle() {
      let current: Promise<void>;
      do {
        current = running;
        await current;
      } while (current !== running);
    },
    start(intervalMs = 10 * 60 * 1000) {
      request();
      timer = setInterval(request, intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
