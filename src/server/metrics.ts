import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppEnv } from './context.ts';
import type { DinerState } from './deps.ts';
import type { DB } from './db/schema.ts';
import type { MenuChangeFeed } from './features/public-menu/menu-changes.ts';

/**
 * GET /metrics in Prometheus's text format (prom-client; docs/operations.md « Metrics »):
 * - `http_requests_total` and `http_request_duration_seconds` by route pattern (never the raw
 *   path: ids would make one series per row), method and status; the diner's lane, which
 *   answers warm pages and known codes before the app (src/server/diner-lane.ts), is counted
 *   by `http_lane_requests_total`;
 * - the PostgreSQL pool (connections in use, idle, clients waiting);
 * - the outbox: rows pending and the age of the oldest (a CRM or webhook receiver that is
 *   down shows here first);
 * - scans answered and not yet written (the scan buffer), open live streams of menu pages,
 *   hits and misses of the in-memory caches;
 * - Node's own (event-loop lag, heap, GC) from prom-client's default metrics.
 */
export interface MetricsSources {
  db: Kysely<DB>;
  pool: pg.Pool;
  diner: DinerState;
  menuChanges: MenuChangeFeed;
}

export interface Metrics {
  registry: Registry;
  /** The app's middleware: counts and times every request the router answered. */
  middleware: MiddlewareHandler<AppEnv>;
  /**
   * Counts a request the diner's lane answered (its status is set once `lane()` returns): a
   * plain integer per method and status, read at scrape time. No latency: these answers come
   * from memory in microseconds, and a timer per request would cost the lane a few percent of
   * its throughput (measured: 2–5 µs a request, docs/decisions/0039-public-api-and-operations.md).
   */
  laneServed(req: IncomingMessage, res: ServerResponse): void;
}

const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['route', 'method', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer, until the headers and body were handed to Node',
    labelNames,
    buckets: BUCKETS,
    registers: [registry],
  });
  const laneCounts = new Map<string, number>();
  const observe = (route: string, method: string, status: number, seconds: number) => {
    const labels = { route, method, status: String(status) };
    requests.inc(labels);
    duration.observe(labels, seconds);
  };

  const { pool } = sources;
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections by state (in_use, idle) and clients waiting for one',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'outbox_pending',
    help: 'Outbox rows waiting to be delivered, by kind (event, contact, webhook)',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      const { rows } = await sql<{ kind: string; pending: number; oldest: number | null }>`
        SELECT kind, count(*)::int AS pending FROM event_outbox WHERE status = 'pending' GROUP BY kind`.execute(
        sources.db,
      );
      this.reset();
      for (const kind of ['event', 'contact', 'webhook'])
        this.set({ kind }, rows.find((r) => r.kind === kind)?.pending ?? 0);
    },
  });
  new Gauge({
    name: 'outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest outbox row still pending (0 when none)',
    registers: [registry],
    async collect() {
      const { rows } = await sql<{ age: number | null }>`
        SELECT extract(epoch FROM now() - min(created_at))::float8 AS age FROM event_outbox WHERE status = 'pending'`.execute(
        sources.db,
      );
      this.set(Math.max(0, rows[0]?.age ?? 0));
    },
  });
  new Gauge({
    name: 'outbox_failed',
    help: 'Outbox rows that gave up (webhooks: shown in the Integrations page, can be sent again)',
    registers: [registry],
    async collect() {
      const { rows } = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM event_outbox WHERE status = 'failed'`.execute(sources.db);
      this.set(rows[0]?.n ?? 0);
    },
  });
  new Gauge({
    name: 'scan_buffer_pending',
    help: 'QR scans answered and not yet written to the database',
    registers: [registry],
    collect() {
      this.set(sources.diner.scans.pending);
    },
  });
  new Gauge({
    name: 'sse_streams_open',
    help: 'Live streams of public menu pages open on this process',
    registers: [registry],
    collect() {
      this.set(sources.menuChanges.size);
    },
  });
  const caches = {
    pages: sources.diner.pages,
    qr_targets: sources.diner.qrTargets,
    sessions: sources.diner.sessions,
    accounts: sources.diner.accounts,
    own_ingredients: sources.diner.ownIngredients,
  };
  new Counter({
    name: 'cache_requests_total',
    help: 'Reads of the in-memory caches, by cache and result (hit, miss); ratio = hit / total',
    labelNames: ['cache', 'result'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [cache, kept] of Object.entries(caches)) {
        this.inc({ cache, result: 'hit' }, kept.stats.hits);
        this.inc({ cache, result: 'miss' }, kept.stats.misses);
      }
    },
  });
  new Gauge({
    name: 'cache_entries',
    help: 'Entries kept in each in-memory cache',
    labelNames: ['cache'],
    registers: [registry],
    collect() {
      for (const [cache, kept] of Object.entries(caches)) this.set({ cache }, kept.size);
    },
  });

  return {
    registry,
    middleware: async (c, next) => {
      const started = performance.now();
      await next();
      // The pattern of the handler that answered (`/api/recipes/:id`); `other` for the web app's files and unknown paths.
      const route = c.req.method === 'OPTIONS' ? 'options' : routePattern(c);
      observe(route, c.req.method, c.res.status, (performance.now() - started) / 1000);
    },
    laneServed(req, res) {
      const key = `${req.method} ${res.statusCode}`;
      laneCounts.set(key, (laneCounts.get(key) ?? 0) + 1);
    },
  };
}

/** After `next()`, `routeIndex` is the last handler that ran: the one that answered. */
function routePattern(c: Parameters<MiddlewareHandler<AppEnv>>[0]): string {
  const pattern = routePath(c);
  return !pattern || pattern === '*' || pattern.endsWith('/*') ? 'other' : pattern;
}
