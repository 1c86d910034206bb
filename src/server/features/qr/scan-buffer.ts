import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Logger } from '../../lib/logger.ts';

export interface ScanBufferOptions {
  /** Scans answered are written together at most this long after (default 50 ms). */
  intervalMs?: number;
  /** At most this many scans wait in memory; the next scan waits for a write (default 500). */
  maxPending?: number;
}

/**
 * QR scans written in batches (docs/decisions/0022-performance-at-the-physical-limit.md « Scans »):
 * a scan is answered at once and written with the others of the same 50 ms, in ONE statement
 * per batch (the count, the timestamped rows and the CRM events), instead of one statement per
 * diner. On SIGTERM the server stops taking requests, then `close()` writes what waits: the
 * count is exact. On SIGKILL (or a power cut) what was not written is lost: at most the
 * scans of the last `intervalMs` plus the batch being written, and never more than
 * 2 × `maxPending` (`accepting()` turns false at `maxPending`, and such a scan waits).
 */
export class ScanBuffer {
  readonly #intervalMs: number;
  readonly #maxPending: number;
  #ids: string[] = [];
  #times: string[] = [];
  #timer: NodeJS.Timeout | undefined;
  #writing: Promise<void> | undefined;
  #closed = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly logger: Logger,
    options: ScanBufferOptions = {},
  ) {
    this.#intervalMs = options.intervalMs ?? 50;
    this.#maxPending = options.maxPending ?? 500;
  }

  get pending(): number {
    return this.#ids.length;
  }

  /** Whether `add` can take a scan without waiting. */
  accepting(): boolean {
    return this.#ids.length < this.#maxPending && !this.#closed;
  }

  /** Takes a scan of an active code, seen now; waits only when `accepting()` is false. */
  async add(qrCodeId: string, at: Date = new Date()): Promise<void> {
    while (!this.accepting() && !this.#closed) await this.flush();
    this.push(qrCodeId, at);
  }

  /** The synchronous `add` of the diner's lane (src/server/diner-lane.ts): only when `accepting()`. */
  push(qrCodeId: string, at: Date = new Date()): void {
    this.#ids.push(qrCodeId);
    this.#times.push(at.toISOString());
    this.#timer ??= setTimeout(() => void this.flush().catch(() => {}), this.#intervalMs);
  }

  /** Writes every scan taken so far (waiting for a write under way first). */
  async flush(): Promise<void> {
    while (this.#writing) await this.#writing;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#ids.length === 0) return;
    const ids = this.#ids;
    const times = this.#times;
    this.#ids = [];
    this.#times = [];
    this.#writing = writeScans(this.db, ids, times).then(
      () => {
        this.#writing = undefined;
      },
      (error: unknown) => {
        this.#writing = undefined;
        // Kept for the next write (the database may be back by then), in their order.
        this.#ids = ids.concat(this.#ids);
        this.#times = times.concat(this.#times);
        this.logger.warn('scans not written yet', { scans: ids.length, err: error });
        if (!this.#closed) this.#timer ??= setTimeout(() => void this.flush().catch(() => {}), 1_000);
        throw error;
      },
    );
    await this.#writing;
  }

  /** Stops the timer and writes what waits (graceful stop). */
  async close(): Promise<void> {
    this.#closed = true;
    await this.flush();
  }
}

/**
 * One statement per batch: counts per code, one timestamped row per scan, one
 * `qr_code_scanned` event per scan for the owner's contact (as src/server/features/qr/service.ts
 * wrote them one at a time). A code deleted meanwhile takes its scans with it.
 */
async function writeScans(db: Kysely<DB>, ids: string[], times: string[]): Promise<void> {
  await sql`
    WITH batch AS (
      SELECT * FROM unnest(${ids}::uuid[], ${times}::timestamptz[]) AS b(id, at)
    ), counts AS (
      SELECT id, count(*)::int AS n FROM batch GROUP BY id
    ), hit AS (
      UPDATE qr_codes AS q SET scan_count = q.scan_count + c.n
      FROM counts c WHERE q.id = c.id
      RETURNING q.id, q.name, q.menu_id, q.organisation_id
    ), scan AS (
      INSERT INTO qr_scans (qr_code_id, scanned_at) SELECT b.id, b.at FROM batch b JOIN hit h ON h.id = b.id
    ), owner AS (
      -- The organisation's first owner: its CRM contact stands for the restaurant.
      SELECT DISTINCT ON (h.organisation_id) h.organisation_id, ms.user_id
      FROM hit h JOIN memberships ms ON ms.organisation_id = h.organisation_id AND ms.role = 'owner'
      ORDER BY h.organisation_id, ms.created_at, ms.user_id
    )
    INSERT INTO event_outbox (user_id, kind, name, payload)
    SELECT u.id, 'event', 'qr_code_scanned', jsonb_build_object(
      'contactEmail', u.email, 'eventName', 'qr_code_scanned',
      'eventData', jsonb_build_object('qr_code_id', h.id, 'qr_code_name', h.name, 'menu_id', h.menu_id,
        'menu_name', m.name, 'owner_user_id', u.id, 'scanned_at', b.at))
    FROM batch b JOIN hit h ON h.id = b.id JOIN menus m ON m.id = h.menu_id
    JOIN owner o ON o.organisation_id = h.organisation_id JOIN users u ON u.id = o.user_id`.execute(db);
}
