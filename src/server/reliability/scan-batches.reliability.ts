/**
 * QR scans are written in batches (src/server/features/qr/scan-buffer.ts,
 * docs/decisions/0022-performance-at-the-physical-limit.md « Scans »). A built server on
 * PostgreSQL under a burst of scans:
 * - SIGTERM: every scan answered 302 is counted, exactly (count, rows, events);
 * - SIGKILL in the middle of the burst: what is lost is within the documented bound, at most
 *   2 × 500 scans (the batch being written and the scans waiting), and nothing is counted twice
 *   or counted without having been received.
 */
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../db/database.ts';
import '../test/provided.ts';
import { client, signUp } from './support/http.ts';
import { createScratchDatabase, type ScratchDatabase } from './support/postgres-cluster.ts';
import { freePort } from './support/ports.ts';
import { report } from './support/report.ts';
import { newAuthSecret, startServer, type ServerProcess } from './support/server-process.ts';

/** src/server/features/qr/scan-buffer.ts: `maxPending` (500) waiting + one batch being written. */
const LOSS_BOUND = 2 * 500;
const CONNECTIONS = 20;

let scratch: ScratchDatabase | undefined;
let database: Database | undefined;
let server: ServerProcess | undefined;
let origin: string;
let port: number;
const secret = newAuthSecret();

const start = () =>
  startServer({
    label: 'scans',
    port,
    env: () => ({ DATABASE_URL: scratch!.url, BETTER_AUTH_SECRET: secret, PUBLIC_ORIGIN: origin }),
  });

beforeAll(async () => {
  scratch = await createScratchDatabase(inject('postgresAdminUrl'), {
    template: inject('postgresTemplate'),
    prefix: inject('postgresDbPrefix'),
  });
  port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  server = await start();
  database = await openDatabase({ databaseUrl: scratch.url, maxConnections: 2 });
});

afterAll(async () => {
  await server?.stop();
  await database?.close();
  await scratch?.drop();
});

async function newCode(name: string): Promise<string> {
  const api = client(server!.url, origin);
  const { cookie } = await signUp(api);
  const menu = await api('POST', '/api/menus', { cookie, body: { name: 'Carte' } });
  const code = await api('POST', '/api/qr-codes', { cookie, body: { name, menuId: menu.body.id } });
  if (code.status !== 201) throw new Error(`QR code: ${code.status} ${code.text}`);
  return code.body.id;
}

async function counted(id: string) {
  const { rows } = await sql<{ scan_count: number; scans: number; events: number }>`
    SELECT q.scan_count, (SELECT count(*)::int FROM qr_scans s WHERE s.qr_code_id = q.id) AS scans,
      (SELECT count(*)::int FROM event_outbox e WHERE e.name = 'qr_code_scanned' AND e.payload->'eventData'->>'qr_code_id' = q.id::text) AS events
    FROM qr_codes q WHERE q.id = ${id}`.execute(database!.db);
  const row = rows[0]!;
  return { scanCount: Number(row.scan_count), scans: Number(row.scans), events: Number(row.events) };
}

describe('scans written in batches', () => {
  it('SIGTERM: every scan answered is counted exactly once', async (context) => {
    const id = await newCode('Table arrêt');
    const result = await autocannon({ url: `${server!.url}/qr/${id}`, connections: CONNECTIONS, amount: 3_000 });
    expect({ errors: result.errors, timeouts: result.timeouts, redirects: result['3xx'] }).toEqual({
      errors: 0,
      timeouts: 0,
      redirects: 3_000,
    });
    await server!.stop();
    expect((await server!.exited).code).toBe(0);
    expect(await counted(id)).toEqual({ scanCount: 3_000, scans: 3_000, events: 3_000 });
    report(context, '3000 scans answered 302, SIGTERM: 3000 counted (count, rows, events)');
    server = await start();
  });

  it(`SIGKILL under a burst: at most ${LOSS_BOUND} scans answered are lost, none counted twice`, async (context) => {
    const id = await newCode('Table panne');
    let answered = 0;
    let killed = false;
    let finished: () => void = () => {};
    const done = new Promise<void>((resolve) => (finished = resolve));
    const instance = autocannon({ url: `${server!.url}/qr/${id}`, connections: CONNECTIONS, duration: 60 }, () =>
      finished(),
    );
    instance.on('response', (_client: unknown, statusCode: number) => {
      if (statusCode === 302) answered += 1;
      // Well into the burst, and still going.
      if (!killed && answered >= 2_000) {
        killed = true;
        server!.kill('SIGKILL');
        instance.stop();
      }
    });
    await done;
    expect(killed).toBe(true);
    await server!.exited;
    const after = await counted(id);
    const lost = answered - after.scanCount;
    // Rows and events are written with the count, in one statement.
    expect(after.scans).toBe(after.scanCount);
    expect(after.events).toBe(after.scanCount);
    // Received by the server but not answered before the kill: at most one per connection.
    expect(after.scanCount).toBeLessThanOrEqual(answered + CONNECTIONS);
    expect(lost).toBeLessThanOrEqual(LOSS_BOUND);
    report(
      context,
      `SIGKILL after ${answered} scans answered: ${after.scanCount} counted, ${Math.max(0, lost)} lost (bound ${LOSS_BOUND})`,
    );
    server = await start();
  });
});
