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
const PUBLIC_CHANNEL = 'nutricarte_cache';
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
  /** The open public pages (live « Épuisé », docs/decisions/0020), told of each change once the caches dropped it. */
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
  const caches = [pages, qrTargets, sessions, accounts, ownIngredients];
  /**
   * Whether a write may wait for its marker: false while the listening connection is down
   * (`reset(false)`) and after a marker that did not come back in time (a connection lost
   * without a word: no 'end', no 'error'). Then writes answer at once and the caches serve
   * nothing (they read the database) until the channel speaks again: the next message, a
   * marker included, proves it delivers in order again (docs/decisions/0042).
   */
  let channelUp = true;
  /** The caches were turned off because a marker was late (not by the connection's own reset). */
  let late = false;
  const markLate = () => {
    if (!channelUp) return;
    channelUp = false;
    late = true;
    for (const cache of caches) cache.reset(false);
    logger.warn('public cache off: a change notification did not come back in time, pages are read from the database');
  };
  const heard = () => {
    if (!late) return;
    late = false;
    channelUp = true;
    for (const cache of caches) cache.reset(true);
    logger.info('public cache on: change notifications arrive again');
    options.menuChanges?.everything();
  };
  let subscription: Subscription | undefined;
  subscription = await database.listen(PUBLIC_CHANNEL, {
    message(payload) {
      heard();
      if (payload.startsWith(SYNC)) return markers.get(payload)?.();
      pages.changed(payload);
      qrTargets.changed(payload);
      sessions.changed(payload);
      accounts.changed(payload);
      ownIngredients.changed(payload);
      options.menuChanges?.changed(payload);
    },
    reset(listening) {
      channelUp = listening;
      late = false;
      for (const cache of caches) cache.reset(listening);
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
    // SYNC_LIMIT_MS. A write never waits on a channel known to be down: the caches are off
    // then, so there is nothing to wait for. A marker late past the limit turns them off too.
    async sync() {
      if (!channelUp) return;
      const marker = `${SYNC}${randomUUID()}`;
      let timer: NodeJS.Timeout | undefined;
      const arrived = new Promise<boolean>((resolve) => {
        markers.set(marker, () => resolve(true));
        timer = setTimeout(() => resolve(false), SYNC_LIMIT_MS);
      });
      try {
        await sql`SELECT pg_notify(${PUBLIC_CHANNEL}, ${marker})`.execute(database.db);
        if (!(await arrived)) markLate();
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
