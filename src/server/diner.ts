import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { MeResponse } from '../shared/api/account.ts';
import type { CachedSession, QrTarget } from './context.ts';
import type { DinerState } from './deps.ts';
import type { Database } from './db/database.ts';
import type { Subscription } from './db/notifications.ts';
import { OWN_INGREDIENTS_BYTES, type KeptOwnIngredients } from './features/catalogue/own-ingredients.ts';
import type { CachedPage } from './features/public-menu/cached-page.ts';
import type { MenuChangeFeed } from './features/public-menu/menu-changes.ts';
import { ScanBuffer, type ScanBufferOptions } from './features/qr/scan-buffer.ts';
import { InvalidatedCache } from './lib/invalidated-cache.ts';
import type { Logger } from './lib/logger.ts';

/** The channel of src/server/db/migrations/0015-performance.ts. */
export const PUBLIC_CHANNEL = 'nutricarte_cache';
/** Rendered pages kept, raw + compressed bytes (a 30-item page weighs about 60 kB here). */
const PAGE_CACHE_BYTES = 32 * 1024 * 1024;
const QR_TARGETS = 100_000;
const SESSIONS = 100_000;
const ACCOUNTS = 100_000;
/** Payload prefix of `sync()` markers, which drop nothing. */
const SYNC = 'sync:';
const SYNC_LIMIT_MS = 1_000;

export interface Diner extends DinerState {
  /** Stops listening and writes the scans that wait (graceful stop). */
  close(): Promise<void>;
}

export interface DinerOptions {
  scans?: ScanBufferOptions;
  /** The open public pages (issue 18, live « Épuisé »), told of each change once the caches dropped it. */
  menuChanges?: MenuChangeFeed;
}

/**
 * The diner's state of one server process, kept true by the `nutricarte_cache` channel
 * (docs/decisions/0022-performance-at-the-physical-limit.md): every change to a page's or a
 * code's rows drops what was kept from them, in this process and in every other one. It is the
 * process's only LISTEN: the open public pages hear the same message right after the caches
 * (docs/decisions/0022 « One channel »), so a page that fetches itself on it gets the new bytes.
 */
export async function startDiner(database: Database, logger: Logger, options: DinerOptions = {}): Promise<Diner> {
  const pages = new InvalidatedCache<CachedPage>(PAGE_CACHE_BYTES);
  const qrTargets = new InvalidatedCache<QrTarget>(QR_TARGETS);
  const sessions = new InvalidatedCache<CachedSession>(SESSIONS);
  const accounts = new InvalidatedCache<MeResponse>(ACCOUNTS);
  const ownIngredients = new InvalidatedCache<KeptOwnIngredients>(OWN_INGREDIENTS_BYTES);
  const scans = new ScanBuffer(database.db, logger, options.scans);
  const markers = new Map<string, () => void>();
  let subscription: Subscription | undefined;
  subscription = await database.listen(PUBLIC_CHANNEL, {
    message(payload) {
      if (payload.startsWith(SYNC)) return markers.get(payload)?.();
      pages.changed(payload);
      qrTargets.changed(payload);
      sessions.changed(payload);
      accounts.changed(payload);
      ownIngredients.changed(payload);
      options.menuChanges?.changed(payload);
    },
    reset(listening) {
      pages.reset(listening);
      qrTargets.reset(listening);
      sessions.reset(listening);
      accounts.reset(listening);
      ownIngredients.reset(listening);
      if (!listening)
        logger.warn(
          'public cache off: change notifications lost, pages are read from the database until they are back',
        );
      else {
        logger.info('public cache on: listening to changes again');
        // Changes made while nobody listened: every open page fetches itself again.
        options.menuChanges?.everything();
      }
    },
  });
  return {
    pages,
    qrTargets,
    sessions,
    accounts,
    ownIngredients,
    scans,
    // A marker sent on the channel and awaited (messages arrive in commit order), at most
    // SYNC_LIMIT_MS: past that the listening connection is lost, and its reset turns the caches off.
    async sync() {
      const marker = `${SYNC}${randomUUID()}`;
      let timer: NodeJS.Timeout | undefined;
      const arrived = new Promise<void>((resolve) => {
        markers.set(marker, resolve);
        timer = setTimeout(resolve, SYNC_LIMIT_MS);
      });
      try {
        await sql`SELECT pg_notify(${PUBLIC_CHANNEL}, ${marker})`.execute(database.db);
        await arrived;
      } finally {
        clearTimeout(timer);
        markers.delete(marker);
      }
    },
    async close() {
      await subscription?.close();
      subscription = undefined;
      await scans.close();
    },
  };
}
