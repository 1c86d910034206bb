/**
 * Load: `/menu/:id` and `/qr/:id` of a built server on PostgreSQL, each under 200 connections
 * (RELIABILITY_LOAD_CONNECTIONS) for 30 s (RELIABILITY_LOAD_SECONDS), twice, with autocannon
 * (which never follows redirects). No error, no timeout, only 200 for the page and only 302
 * for the code; the QR code's scan_count and its qr_scans rows equal the 302s counted; the
 * server's RSS (/proc/PID/status VmRSS) grows by less than 50 MB from the end of run 1 to the
 * end of run 2, and its JS heap by less than 10 MB. The end of a run is measured once the
 * outbox has delivered the scans' events, right after a full GC requested through the
 * inspector (the server runs with `--inspect` on a loopback port for that).
 *
 * autocannon stops a timed run by destroying its sockets, so a request still in flight then
 * would be counted by the server and not by autocannon. Each run here ends gracefully: after
 * the deadline, a connection stops once its current answer has arrived (so every request sent
 * is answered and counted).
 */
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../db/database.ts';
import '../test/provided.ts';
import { client, signUp } from './support/http.ts';
import { createScratchDatabase, type ScratchDatabase } from './support/postgres-cluster.ts';
import { freePort } from './support/ports.ts';
import { collectGarbage } from './support/inspector.ts';
import { mb, report } from './support/report.ts';
import { newAuthSecret, startServer, type ServerProcess } from './support/server-process.ts';

const SECONDS = Number(process.env.RELIABILITY_LOAD_SECONDS ?? 30);
const CONNECTIONS = Number(process.env.RELIABILITY_LOAD_CONNECTIONS ?? 200);
const MAX_GROWTH_BYTES = 50 * 1024 * 1024;
const MAX_HEAP_GROWTH_BYTES = 10 * 1024 * 1024;

let scratch: ScratchDatabase | undefined;
let database: Database | undefined;
let server: ServerProcess | undefined;
let menuId: string;
let qrId: string;
let inspectPort: number;

beforeAll(async () => {
  scratch = await createScratchDatabase(inject('postgresAdminUrl'), {
    template: inject('postgresTemplate'),
    prefix: inject('postgresDbPrefix'),
  });
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  inspectPort = await freePort();
  server = await startServer({
    label: 'load',
    port,
    // The inspector (loopback, idle) only serves the full GC before each memory sample.
    nodeArgs: [`--inspect=127.0.0.1:${inspectPort}`],
    env: () => ({ DATABASE_URL: scratch!.url, BETTER_AUTH_SECRET: newAuthSecret(), PUBLIC_ORIGIN: origin }),
  });
  database = await openDatabase({ databaseUrl: scratch.url, maxConnections: 2 });

  // A menu with a few items and an active QR code, made through the API like an owner would.
  const api = client(server.url, origin);
  const { cookie } = await signUp(api);
  const post = async (path: string, body: unknown) => {
    const res = await api('POST', path, { cookie, body });
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${res.text}`);
    return res.body.id as string;
  };
  const dishes: [string, [string, number][]][] = [
    [
      'Velouté de carottes',
      [
        ['20009', 200],
        ['20034', 40],
        ['19402', 20],
      ],
    ],
    [
      'Poulet rôti au thym',
      [
        ['36018', 180],
        ['4008', 200],
        ['17270', 10],
        ['11070', 2],
      ],
    ],
    [
      'Ratatouille',
      [
        ['20053', 100],
        ['20020', 100],
        ['20087', 80],
        ['20276', 100],
      ],
    ],
    [
      'Tarte aux pommes',
      [
        ['13039', 150],
        ['9410', 50],
        ['16400', 25],
        ['31016', 20],
      ],
    ],
  ];
  const recipes = [];
  for (const [name, lines] of dishes) {
    recipes.push(
      await post('/api/recipes', {
        name,
        servings: 1,
        ingredients: lines.map(([code, quantity]) => ({ code, quantity, unit: 'g' })),
        allergens: ['Lait'],
        dietaryInfo: [],
      }),
    );
  }
  menuId = await post('/api/menus', { name: 'Carte de printemps', description: 'Cuisine maison' });
  for (const [i, name] of ['Entrées', 'Plats', 'Desserts'].entries()) {
    const section = await post(`/api/menus/${menuId}/sections`, { name });
    for (const recipeId of recipes.slice(i, i + 2)) await post(`/api/sections/${section}/items`, { recipeId });
  }
  qrId = await post('/api/qr-codes', { name: 'Table 1', menuId });
});

afterAll(async () => {
  await server?.stop();
  await database?.close();
  await scratch?.drop();
});

interface RunFigures {
  result: autocannon.Result;
  statuses: Record<string, number>;
}

/** One timed autocannon run that ends gracefully (see the file comment). */
function run(url: string): Promise<RunFigures> {
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + SECONDS * 1000;
    const instance = autocannon(
      // autocannon's own duration is only a backstop: a run that needs it has a hung request.
      { url, connections: CONNECTIONS, pipelining: 1, duration: SECONDS + 30, timeout: 10 },
      (error, result) => {
        if (error) return reject(error);
        const statuses = Object.fromEntries(
          Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count ?? 0]),
        );
        resolve({ result, statuses });
      },
    );
    instance.on('response', (connection) => {
      // autocannon's client (lib/httpClient.js) ends a connection when reqsMade reaches responseMax.
      const client = connection as unknown as { reqsMade: number; responseMax?: number };
      if (Date.now() >= deadline) client.responseMax = client.reqsMade;
    });
  });
}

async function scanFigures() {
  const { rows } = await sql<{ scan_count: number; scans: number }>`
    SELECT q.scan_count, (SELECT count(*)::int FROM qr_scans s WHERE s.qr_code_id = q.id) AS scans FROM qr_codes q WHERE q.id = ${qrId}`.execute(
    database!.db,
  );
  return { scanCount: Number(rows[0]!.scan_count), scans: Number(rows[0]!.scans) };
}

describe(`load: ${CONNECTIONS} connections on /menu/:id and on /qr/:id, ${SECONDS} s, twice`, () => {
  it(
    'no error, no timeout, 200s and 302s only, every 302 counted once, memory stable',
    async (context) => {
      const rss: { label: string; bytes: number }[] = [{ label: 'before', bytes: server!.rssBytes() }];
      let expectedScans = (await scanFigures()).scanCount;
      expect(expectedScans).toBe(0);
      const ends: number[] = [];
      const pendingAfter: number[] = [];
      const heaps: number[] = [];
      for (const round of [1, 2]) {
        let peak = 0;
        const sampler = setInterval(() => {
          peak = Math.max(peak, server!.rssBytes());
        }, 1_000);
        const [menu, qr] = await Promise.all([
          run(`${server!.url}/menu/${menuId}`),
          run(`${server!.url}/qr/${qrId}`),
        ]).finally(() => clearInterval(sampler));
        // The end of a run, alike for both: the outbox worker has delivered the scans' events
        // (at most 60 s), then a full GC (through the inspector), then RSS. Without the GC the
        // sample depends on when V8 last collected: ±50 MB from one run to the next.
        const pending = async () =>
          Number(
            (
              await sql<{ n: number }>`SELECT count(*)::int AS n FROM event_outbox WHERE status = 'pending'`.execute(
                database!.db,
              )
            ).rows[0]!.n,
          );
        pendingAfter.push(await pending());
        const drainDeadline = Date.now() + 60_000;
        while ((await pending()) > 0 && Date.now() < drainDeadline)
          await new Promise((resolve) => setTimeout(resolve, 500));
        const heap = await collectGarbage(inspectPort);
        const end = server!.rssBytes();
        heaps.push(heap.usedSize);
        rss.push({ label: `peak ${round}`, bytes: peak }, { label: `end ${round}`, bytes: end });
        ends.push(end);

        for (const [name, figures, only] of [
          ['menu', menu, '200'],
          ['qr', qr, '302'],
        ] as const) {
          const { result, statuses } = figures;
          expect({ name, errors: result.errors, timeouts: result.timeouts, mismatches: result.mismatches }).toEqual({
            name,
            errors: 0,
            timeouts: 0,
            mismatches: 0,
          });
          expect(Object.keys(statuses), `${name}: ${JSON.stringify(statuses)}`).toEqual([only]);
          expect(statuses[only]).toBeGreaterThan(0);
          // Every request sent was answered (the run ended gracefully).
          expect(result.requests.sent, name).toBe(statuses[only]);
        }
        expectedScans += qr.statuses['302']!;
        expect(await scanFigures()).toEqual({ scanCount: expectedScans, scans: expectedScans });
        const rate = (f: RunFigures) => Math.round(f.statuses[Object.keys(f.statuses)[0]!]! / f.result.duration);
        report(
          context,
          `run ${round}: /menu ${menu.statuses['200']} × 200 (${rate(menu)}/s, p99 ${menu.result.latency.p99} ms), /qr ${qr.statuses['302']} × 302 (${rate(qr)}/s, p99 ${qr.result.latency.p99} ms)`,
        );
      }
      report(
        context,
        `RSS ${rss.map((s) => `${s.label} ${mb(s.bytes)}`).join(', ')} (ends after a full GC); growth run 1 → run 2 ${mb(ends[1]! - ends[0]!)}; JS heap used after GC ${heaps.map(mb).join(' → ')}; outbox backlog at the end of each run ${pendingAfter.join(', ')} (delivered before the end sample)`,
      );
      expect(ends[1]! - ends[0]!, rss.map((s) => `${s.label} ${mb(s.bytes)}`).join(', ')).toBeLessThan(
        MAX_GROWTH_BYTES,
      );
      // The JS heap after a full GC is the sharper leak detector: 10 MB over ~50,000 requests is ~200 bytes each.
      expect(heaps[1]! - heaps[0]!, `JS heap after GC: ${heaps.map(mb).join(' → ')}`).toBeLessThan(
        MAX_HEAP_GROWTH_BYTES,
      );
      expect(server!.isRunning()).toBe(true);
    },
    2 * (SECONDS + 90) * 1000 + 60_000,
  );
});
