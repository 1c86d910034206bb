/**
 * Ingredient search benchmark (docs/product/api.md « Catalogue »): latency in-process and over HTTP on
 * loopback, and relevance on what cooks type (src/server/features/catalogue/relevance-queries.ts)
 * beside a plain `ILIKE '%query%'` baseline. Opens its own throwaway database.
 *
 *   npx tsx bench/search.ts          → a table on stdout
 *   npx tsx bench/search.ts --json   → only the figures, as JSON (for a runner that spawns it)
 *   import { runSearchBench } from './search.ts'  → the same figures, in-process (under tsx)
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { compressResponses } from '../src/server/lib/compress.ts';
import { sql, type Kysely } from 'kysely';
import { foldText } from '../src/shared/allergens.ts';
import type { AppEnv } from '../src/server/context.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrator.ts';
import type { DB } from '../src/server/db/schema.ts';
import { loadCatalogue } from '../src/server/features/catalogue/load.ts';
import { RELEVANCE_QUERIES, type RelevanceQuery } from '../src/server/features/catalogue/relevance-queries.ts';
import { catalogueRoutes } from '../src/server/features/catalogue/routes.ts';
import { createCatalogueSearch, type CatalogueSearch } from '../src/server/features/catalogue/search.ts';
import { formatTable, runWhenMain, type BenchFigure } from './lib/bench-figure.ts';

export interface SearchBenchOptions {
  /** Timed in-process searches (after a warm-up). */
  inProcessQueries?: number;
  /** Timed sequential HTTP requests (after a warm-up). */
  httpRequests?: number;
  /** Progress and the detailed tables; silent by default. */
  log?: (line: string) => void;
}

const TARGETS = { inProcessMs: 2, httpMs: 10, top3Pct: 95, buildMs: 1000 };

/** Small deterministic PRNG, so every run draws the same queries. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Each relevance query and every prefix of it from 3 characters: what a cook types, key by key. */
export function queryPool(queries: readonly RelevanceQuery[] = RELEVANCE_QUERIES): string[] {
  const pool = new Set<string>();
  for (const { query } of queries) for (let i = 3; i <= query.length; i++) pool.add(query.slice(0, i));
  return [...pool];
}

function draw(pool: readonly string[], count: number, seed: number): string[] {
  const random = mulberry32(seed);
  return Array.from({ length: count }, () => pool[Math.floor(random() * pool.length)] as string);
}

/** Nearest-rank percentile. */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;

function latencyFigures(samples: number[], prefix: string, targetMs: number): Record<string, BenchFigure> {
  const sorted = [...samples].sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  const p99 = percentile(sorted, 99);
  return {
    [`${prefix}_p50_ms`]: { value: round(p50), target: `≤ ${targetMs} ms`, pass: p50 <= targetMs, unit: 'ms' },
    [`${prefix}_p99_ms`]: { value: round(p99), target: `≤ ${targetMs} ms`, pass: p99 <= targetMs, unit: 'ms' },
  };
}

function inProcessLatency(search: CatalogueSearch, queries: readonly string[], warmup: readonly string[]): number[] {
  for (const q of warmup) search.search(q);
  const samples: number[] = [];
  for (const q of queries) {
    const started = performance.now();
    search.search(q);
    samples.push(performance.now() - started);
  }
  return samples;
}

async function httpLatency(db: Kysely<DB>, queries: readonly string[], warmup: readonly string[]): Promise<number[]> {
  // The catalogue routes as app.ts mounts them, with its response compression.
  const app = new Hono<AppEnv>();
  app.use('*', compressResponses());
  app.route('/api/catalogue', catalogueRoutes({ db }));
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  try {
    const { port } = server.address() as AddressInfo;
    const base = `http://127.0.0.1:${port}/api/catalogue/ingredients?limit=10&q=`;
    const get = async (q: string) => {
      const res = await fetch(base + encodeURIComponent(q)); // undici keeps the connection alive
      if (res.status !== 200) throw new Error(`HTTP ${res.status} for « ${q} »`);
      await res.arrayBuffer();
    };
    for (const q of warmup) await get(q);
    const samples: number[] = [];
    for (const q of queries) {
      const started = performance.now();
      await get(q);
      samples.push(performance.now() - started);
    }
    return samples;
  } finally {
    server.close();
  }
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

async function ilikeTop3(db: Kysely<DB>, query: string, folded: boolean): Promise<number[]> {
  const pattern = `%${escapeLike(folded ? foldText(query) : query.trim())}%`;
  const column = folded ? sql.ref('name_folded') : sql.ref('name');
  const { rows } = await sql<{ code: number }>`
    SELECT code FROM catalogue_foods WHERE ${column} ILIKE ${pattern} ORDER BY length(name), code LIMIT 3`.execute(db);
  return rows.map((r) => Number(r.code));
}

interface RelevanceRow {
  query: string;
  kind: string;
  expected: string;
  ours: string;
  oursTop3: boolean;
  oursTop1: boolean;
  ilike: boolean;
  ilikeFolded: boolean;
}

async function relevance(db: Kysely<DB>, search: CatalogueSearch): Promise<RelevanceRow[]> {
  const rows: RelevanceRow[] = [];
  for (const q of RELEVANCE_QUERIES) {
    const hits = search.search(q.query, { limit: 3 });
    const found = (codes: number[]) => codes.some((c) => q.expected.includes(c));
    rows.push({
      query: q.query,
      kind: q.kind,
      expected: `${q.expected[0]} ${q.food}`,
      ours: hits[0] ? `${hits[0].code} ${hits[0].name}` : '—',
      oursTop3: found(hits.map((h) => Number(h.code))),
      oursTop1: hits[0] !== undefined && q.expected.includes(Number(hits[0].code)),
      ilike: found(await ilikeTop3(db, q.query, false)),
      ilikeFolded: found(await ilikeTop3(db, q.query, true)),
    });
  }
  return rows;
}

const pct = (rows: RelevanceRow[], key: 'oursTop3' | 'oursTop1' | 'ilike' | 'ilikeFolded') =>
  round((100 * rows.filter((r) => r[key]).length) / rows.length, 1);

export async function runSearchBench(options: SearchBenchOptions = {}): Promise<Record<string, BenchFigure>> {
  const log = options.log ?? (() => {});
  const inProcessQueries = options.inProcessQueries ?? 5000;
  const httpRequests = options.httpRequests ?? 2000;

  const database = await openDatabase({ pgliteDir: 'memory://' });
  try {
    const db = database.db;
    let started = performance.now();
    await migrateToLatest(db as never);
    const loaded = await loadCatalogue(db);
    log(
      `database: PGlite in memory, ${loaded.foods} Ciqual foods loaded in ${Math.round(performance.now() - started)} ms`,
    );

    started = performance.now();
    const search = await createCatalogueSearch(db);
    const buildMs = performance.now() - started;
    log(`index: ${search.size} foods read and indexed in ${Math.round(buildMs)} ms`);

    const pool = queryPool();
    log(
      `queries: ${pool.length} distinct (the ${RELEVANCE_QUERIES.length} relevance queries and their prefixes from 3 characters)`,
    );
    const inProcess = inProcessLatency(search, draw(pool, inProcessQueries, 1), draw(pool, 1000, 2));
    log(`in-process: ${inProcess.length} searches timed`);
    const http = await httpLatency(db, draw(pool, httpRequests, 3), draw(pool, 200, 4));
    log(`HTTP: ${http.length} sequential requests timed (loopback, keep-alive)`);

    const rows = await relevance(db, search);
    log('');
    log('relevance (expected food in the top 3):');
    log(
      formatTable(
        ['query', 'kind', 'search', 'ILIKE', 'ILIKE folded', 'our first hit'],
        rows.map((r) => [
          r.query,
          r.kind,
          r.oursTop3 ? (r.oursTop1 ? 'top 1' : 'top 3') : 'MISS',
          r.ilike ? 'yes' : '–',
          r.ilikeFolded ? 'yes' : '–',
          r.ours,
        ]),
      ),
    );

    const top3 = pct(rows, 'oursTop3');
    const ilike = pct(rows, 'ilike');
    return {
      search_index_build_ms: {
        value: round(buildMs, 1),
        target: `≤ ${TARGETS.buildMs} ms`,
        pass: buildMs <= TARGETS.buildMs,
        unit: 'ms',
      },
      ...latencyFigures(inProcess, 'search_inprocess', TARGETS.inProcessMs),
      ...latencyFigures(http, 'search_http', TARGETS.httpMs),
      search_relevance_top3_pct: {
        value: top3,
        target: `≥ ${TARGETS.top3Pct} %`,
        pass: top3 >= TARGETS.top3Pct,
        unit: '%',
      },
      search_relevance_top1_pct: { value: pct(rows, 'oursTop1'), target: 'info', pass: true, unit: '%' },
      search_baseline_ilike_top3_pct: { value: ilike, target: `< search (${top3} %)`, pass: ilike < top3, unit: '%' },
      search_baseline_ilike_folded_top3_pct: { value: pct(rows, 'ilikeFolded'), target: 'info', pass: true, unit: '%' },
      search_relevance_queries: { value: rows.length, target: '≥ 30', pass: rows.length >= 30, unit: 'queries' },
    };
  } finally {
    await database.close();
  }
}

await runWhenMain(import.meta.url, (log) => runSearchBench({ log }));
