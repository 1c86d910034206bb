/**
 * The diner's path against the physical limit (docs/decisions/0022-performance-at-the-physical-limit.md).
 * The built server runs in its own process on a throwaway PostgreSQL 15; the reference is a
 * bare Node `http` server in another process answering every request with the page's own gzip
 * bytes (bench/lib/static-reference.mjs). Same load tool (autocannon, 50 connections,
 * `accept-encoding: gzip`), same run, alternating rounds: the ratios are what counts on a
 * machine whose other work varies. Every dish has a photo (docs/decisions/0017-photos.md), so
 * the page's weight is that of a real menu. Then a fixed number of scans of a second code, a SIGTERM,
 * and the count in the database must be exactly that number.
 *
 *   npx tsx bench/public-menu.ts          → a table on stdout (needs `npm run build`)
 *   npx tsx bench/public-menu.ts --json   → only the figures, as JSON
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../src/server/db/database.ts';
import { startAppServer, rawGet } from './lib/app-server.ts';
import { seedBenchMenu } from './lib/bench-menu.ts';
import { runWhenMain, type BenchFigure } from './lib/bench-figure.ts';
import { measureFairness } from './lib/fairness.ts';
import { compare, load, startReference } from './lib/load.ts';
import { startThrowawayPostgres } from './lib/throwaway-postgres.ts';

export interface PublicMenuBenchOptions {
  /** Seconds measured on each target (after a 1 s warm-up), split in alternating rounds. */
  durationSeconds?: number;
  rounds?: number;
  connections?: number;
  /** Scans sent to the second code before the SIGTERM (exact count check). */
  exactScans?: number;
  log?: (line: string) => void;
}

const TARGETS = { gzipBytes: 15 * 1024, menuPct: 80, qrPct: 50 };
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

export async function runPublicMenuBench(options: PublicMenuBenchOptions = {}): Promise<Record<string, BenchFigure>> {
  const log = options.log ?? (() => {});
  const seconds = options.durationSeconds ?? 12;
  const rounds = options.rounds ?? 3;
  const connections = options.connections ?? 50;
  const exactScans = options.exactScans ?? 5_000;
  const started = performance.now();

  const postgres = await startThrowawayPostgres();
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'nutricarte-bench-'));
  let database: Database | undefined;
  let server: Awaited<ReturnType<typeof startAppServer>> | undefined;
  let reference: Awaited<ReturnType<typeof startReference>> | undefined;
  try {
    server = await startAppServer(postgres.url);
    database = await openDatabase({ databaseUrl: postgres.url, maxConnections: 2 });
    log(
      `app: built server, pid ${server.pid}, on PostgreSQL 15 (throwaway, fsync off); up in ${Math.round(performance.now() - started)} ms`,
    );

    let t = performance.now();
    const seeded = await seedBenchMenu({ app: server.url, origin: server.origin, db: database.db, photos: true });
    const qr = async (name: string) => {
      const res = await fetch(`${server!.url}/api/qr-codes`, {
        method: 'POST',
        headers: { origin: server!.origin, cookie: seeded.ownerCookie, 'content-type': 'application/json' },
        body: JSON.stringify({ name, menuId: seeded.menuId }),
      });
      if (res.status !== 201) throw new Error(`QR code: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { id: string }).id;
    };
    const [qrLoad, qrExact] = [await qr('Table 1'), await qr('Table 2')];
    log(
      `seed: 1 premium owner, ${seeded.itemIds.length} recipes (each with a photo) and items, 2 QR codes through the HTTP API in ${Math.round(performance.now() - t)} ms`,
    );

    const menuUrl = `${server.url}/menu/${seeded.menuId}`;
    const gzipped = await rawGet(menuUrl, { 'accept-encoding': 'gzip' });
    if (gzipped.status !== 200 || gzipped.headers['content-encoding'] !== 'gzip')
      throw new Error(`unexpected page: ${gzipped.status} ${gzipped.headers['content-encoding']}`);
    const plain = await rawGet(menuUrl);
    if (!plain.body.toString('utf8').includes('Soupe à l’oignon gratinée'))
      throw new Error('the page does not show the menu');
    // Brotli is compressed in the background after the first render: the second asks get it.
    let brotli = await rawGet(menuUrl, { 'accept-encoding': 'br' });
    for (let i = 0; i < 50 && brotli.headers['content-encoding'] !== 'br'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      brotli = await rawGet(menuUrl, { 'accept-encoding': 'br' });
    }
    log(
      `page: ${plain.body.byteLength} B raw, ${gzipped.body.byteLength} B gzip, ${brotli.body.byteLength} B ${brotli.headers['content-encoding']}`,
    );

    const file = path.join(tmp, 'page.html.gz');
    await writeFile(file, gzipped.body);
    reference = await startReference(file);

    // Each scan queues a CRM event, which the server's outbox worker delivers after the run.
    let drainMs = 0;
    const drainOutbox = async () => {
      const from = performance.now();
      const pending = async () =>
        Number(
          (
            await sql<{ n: number }>`SELECT count(*)::int AS n FROM event_outbox WHERE status = 'pending'`.execute(
              database!.db,
            )
          ).rows[0]!.n,
        );
      while ((await pending()) > 0 && performance.now() - from < 180_000)
        await new Promise((resolve) => setTimeout(resolve, 250));
      drainMs += performance.now() - from;
    };

    t = performance.now();
    const headers = { 'accept-encoding': 'gzip' };
    const targets = {
      reference: { url: reference.url },
      menu: { url: menuUrl },
      qr: { url: `${server.url}/qr/${qrLoad}`, redirect: true, after: drainOutbox },
    };
    for (const target of Object.values(targets))
      await load(target.url, { seconds: 1, connections, headers, redirect: 'redirect' in target });
    await drainOutbox();
    drainMs = 0;
    const runs = await compare(targets, { seconds, rounds, connections, headers });
    for (const [name, run] of Object.entries(runs)) {
      log(
        `${name}: ${round(run.rps)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, ${run.total} requests, ${run.bad} unexpected`,
      );
    }

    // Fairness: 32 clients flood the page; another diner opens another menu, an owner works.
    const other = await fetch(`${server.url}/api/menus`, {
      method: 'POST',
      headers: { origin: server.origin, cookie: seeded.ownerCookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Carte du soir' }),
    });
    const otherUrl = `${server.url}/menu/${((await other.json()) as { id: string }).id}`;
    await rawGet(otherUrl);
    const fair = await measureFairness({
      floodUrl: menuUrl,
      dinerUrl: otherUrl,
      apiBase: server.url,
      cookie: seeded.ownerCookie,
      seconds: 10,
      connections: 32,
    });
    log(
      `fairness: flood ${round(fair.floodRps)} req/s (${fair.floodBad} unexpected); other diner p95 ${round(fair.dinerP95)} ms over ${fair.dinerCount}; owner API p95 ${round(fair.ownerP95)} ms over ${fair.ownerCount}`,
    );

    // Exactly `exactScans` scans of the second code, then a graceful stop: all must be counted.
    const sent = await autocannon({ url: `${server.url}/qr/${qrExact}`, connections, amount: exactScans, workers: 1 });
    const redirected = sent['3xx'];
    await server.stop();
    const { rows } = await sql<{ scan_count: number; scans: number; events: number }>`
      SELECT q.scan_count, (SELECT count(*)::int FROM qr_scans s WHERE s.qr_code_id = q.id) AS scans,
        (SELECT count(*)::int FROM event_outbox e WHERE e.name = 'qr_code_scanned' AND e.payload->'eventData'->>'qr_code_id' = q.id::text) AS events
      FROM qr_codes q WHERE q.id = ${qrExact}`.execute(database.db);
    const counted = rows[0]!;
    log(
      `exact: ${redirected} of ${exactScans} scans answered 302; after SIGTERM scan_count ${counted.scan_count}, ${counted.scans} qr_scans rows, ${counted.events} events`,
    );

    const menuPct = (100 * runs.menu.rps) / runs.reference.rps;
    const qrPct = (100 * runs.qr.rps) / runs.reference.rps;
    const setting = `${connections} connections, gzip, ${seconds} s in ${rounds} alternating rounds`;
    const note = `PostgreSQL 15; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores at the end; app, reference, load generator and database share them (and whatever else runs on the machine)`;
    const exact =
      counted.scan_count === exactScans &&
      counted.scans === exactScans &&
      counted.events === exactScans &&
      redirected === exactScans;
    log(`outbox: ${runs.qr.ok} scan events delivered in ${Math.round(drainMs / 1000)} s after the QR runs`);
    log(
      `load: ${Math.round((performance.now() - t) / 1000)} s; whole bench: ${Math.round((performance.now() - started) / 1000)} s`,
    );
    return {
      public_menu_page_gzip_bytes: {
        value: gzipped.body.byteLength,
        target: `≤ ${TARGETS.gzipBytes} B (15 KB)`,
        pass: gzipped.body.byteLength <= TARGETS.gzipBytes,
        unit: 'B',
      },
      public_menu_page_br_bytes: {
        value: brotli.body.byteLength,
        target: 'info (brotli, for clients that take it)',
        pass: brotli.headers['content-encoding'] === 'br',
        unit: 'B',
      },
      public_menu_page_raw_bytes: { value: plain.body.byteLength, target: 'info', pass: true, unit: 'B' },
      bench_reference_rps: {
        value: round(runs.reference.rps),
        target: `info: bare Node http, same gzip bytes, separate process (${setting})`,
        pass: runs.reference.bad === 0,
        unit: 'req/s',
      },
      public_menu_rps: {
        value: round(runs.menu.rps),
        target: `info (${setting})`,
        pass: runs.menu.bad === 0,
        unit: 'req/s',
      },
      public_menu_p99_ms: {
        value: runs.menu.p99,
        target: `info (reference p99 ${runs.reference.p99} ms)`,
        pass: true,
        unit: 'ms',
      },
      public_menu_rps_ratio_pct: {
        value: round(menuPct),
        target: `≥ ${TARGETS.menuPct} % of the reference`,
        pass: menuPct >= TARGETS.menuPct && runs.menu.bad === 0,
        unit: '%',
        note,
      },
      qr_redirect_rps: {
        value: round(runs.qr.rps),
        target: `info (${setting}, every answer a 302)`,
        pass: runs.qr.bad === 0,
        unit: 'req/s',
      },
      qr_redirect_p99_ms: { value: runs.qr.p99, target: 'info', pass: true, unit: 'ms' },
      qr_redirect_rps_ratio_pct: {
        value: round(qrPct),
        target: `≥ ${TARGETS.qrPct} % of the reference`,
        pass: qrPct >= TARGETS.qrPct && runs.qr.bad === 0,
        unit: '%',
        note,
      },
      fairness_other_diner_p95_ms: {
        value: round(fair.dinerP95),
        target: `≤ 50 ms while 32 clients flood a page (${round(fair.floodRps)} req/s)`,
        pass: fair.dinerP95 <= 50,
        unit: 'ms',
      },
      fairness_owner_api_p95_ms: {
        value: round(fair.ownerP95),
        target: '≤ 100 ms (GET /api/me and /api/recipes) under the same flood',
        pass: fair.ownerP95 <= 100,
        unit: 'ms',
      },
      qr_scan_events_drain_per_s: {
        value: round(runs.qr.ok / (drainMs / 1000 || 1)),
        target: 'info (CRM events delivered by the outbox worker after the QR runs, without a CRM: logged)',
        pass: true,
        unit: 'events/s',
      },
      qr_scans_counted_after_sigterm: {
        value: counted.scan_count,
        target: `= ${exactScans} sent (scan_count, qr_scans rows and events)`,
        pass: exact,
        unit: 'scans',
      },
    };
  } finally {
    await reference?.stop();
    await server?.stop();
    await database?.close().catch(() => {});
    await postgres.stop();
    await rm(tmp, { recursive: true, force: true });
  }
}

// Progress to stderr in `--json` mode (bench/README.md): the figures alone go to stdout.
await runWhenMain(import.meta.url, (log) =>
  runPublicMenuBench({ log: log ?? ((line) => process.stderr.write(`${line}\n`)) }),
);
