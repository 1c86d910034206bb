/**
 * The CRM is down (docs/product/decisions.md 13): with BREVO_API_URL pointing at a fake Brevo that
 * answers 500, an owner's actions still succeed and their events wait in event_outbox as
 * pending; once the fake answers again they all arrive — counted by event name — and none
 * twice, although two server processes (two outbox workers) deliver the same outbox.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../db/database.ts';
import { startFakeBrevo } from '../test/fake-brevo.ts';
import '../test/provided.ts';
import { client, signUp, type Client } from './support/http.ts';
import { createScratchDatabase, type ScratchDatabase } from './support/postgres-cluster.ts';
import { freePort } from './support/ports.ts';
import { report } from './support/report.ts';
import { newAuthSecret, startServer, type ServerProcess } from './support/server-process.ts';

let brevo: Awaited<ReturnType<typeof startFakeBrevo>> | undefined;
let scratch: ScratchDatabase | undefined;
let database: Database | undefined;
const servers: ServerProcess[] = [];
let a: Client;
let b: Client;

beforeAll(async () => {
  brevo = await startFakeBrevo();
  brevo.setFailing(true);
  scratch = await createScratchDatabase(inject('postgresAdminUrl'), {
    template: inject('postgresTemplate'),
    prefix: inject('postgresDbPrefix'),
  });
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const secret = newAuthSecret();
  const env = () => ({
    DATABASE_URL: scratch!.url,
    BETTER_AUTH_SECRET: secret,
    PUBLIC_ORIGIN: origin,
    BREVO_API_KEY: 'xkeysib-fiabilite',
    BREVO_API_URL: brevo!.url,
  });
  const started = await Promise.allSettled([startServer({ label: 'A', port, env }), startServer({ label: 'B', env })]);
  for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
  const failed = started.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  a = client(servers[0]!.url, origin);
  b = client(servers[1]!.url, origin);
  database = await openDatabase({ databaseUrl: scratch.url, maxConnections: 2 });
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await database?.close();
  await scratch?.drop();
  await brevo?.close();
});

interface OutboxRow {
  name: string;
  kind: string;
  status: string;
  attempts: number;
  last_error: string | null;
}

const outbox = async (userId: string) =>
  (
    await sql<OutboxRow>`SELECT name, kind, status, attempts, last_error FROM event_outbox WHERE user_id = ${userId} ORDER BY id`.execute(
      database!.db,
    )
  ).rows;

async function waitFor<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const tally = (names: string[]) =>
  Object.fromEntries([...new Set(names)].sort().map((name) => [name, names.filter((n) => n === name).length]));

describe('CRM down, then back', () => {
  it('owner actions succeed while Brevo answers 500; every event arrives once Brevo is back, none twice', async (context) => {
    const owner = await signUp(a);
    const ok = async (api: Client, method: string, path: string, body?: unknown) => {
      const res = await api(method, path, { cookie: owner.cookie, ...(body !== undefined ? { body } : {}) });
      expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(400);
      return res.body;
    };
    const recipe = {
      servings: 2,
      ingredients: [{ code: '20276', quantity: 100, unit: 'g' }],
      allergens: [],
      dietaryInfo: [],
    };
    await ok(a, 'POST', '/api/recipes', { ...recipe, name: 'Soupe' });
    await ok(b, 'POST', '/api/recipes', { ...recipe, name: 'Gratin' });
    const menu = await ok(b, 'POST', '/api/menus', { name: 'Carte' });
    await ok(a, 'PUT', `/api/menus/${menu.id}`, { name: 'Carte du jour', description: '', isActive: true });
    const qr = await ok(a, 'POST', '/api/qr-codes', { name: 'Table 1', menuId: menu.id });
    for (let i = 0; i < 3; i++) expect((await (i % 2 ? a : b)('GET', `/qr/${qr.id}`)).status).toBe(302);
    await ok(b, 'PATCH', `/api/qr-codes/${qr.id}`, { status: 'inactive' });
    const expected = {
      menu_created: 1,
      menu_updated: 1,
      qr_code_created: 1,
      qr_code_scanned: 3,
      qr_code_status_changed: 1,
      recipe_created: 2,
      sync_contact: 1,
    };

    // Both workers have tried every row and failed: all pending, none delivered, nothing lost.
    const failing = await waitFor('every row to fail once', 15_000, async () => {
      const rows = await outbox(owner.userId);
      return rows.length > 0 && rows.every((r) => r.attempts >= 1 && r.last_error !== null) ? rows : undefined;
    });
    expect(tally(failing.map((r) => r.name))).toEqual(expected);
    for (const row of failing) {
      expect(row.status, row.name).toBe('pending');
      expect(row.last_error, row.name).toContain('500');
    }
    expect(brevo!.calls).toEqual([]);

    brevo!.setFailing(false);
    const recovered = performance.now();
    await waitFor('every row to be delivered', 30_000, async () => {
      const rows = await outbox(owner.userId);
      return rows.every((r) => r.status === 'delivered') ? rows : undefined;
    });
    const deliveredAfter = performance.now() - recovered;
    // Two more polls of both workers: nothing is sent again.
    await new Promise((resolve) => setTimeout(resolve, 2_500));

    const events = brevo!.calls.filter((c) => c.path === '/events');
    const contacts = brevo!.calls.filter((c) => c.path === '/contacts');
    expect(brevo!.calls).toHaveLength(events.length + contacts.length);
    expect(tally([...events.map((c) => String(c.body.event_name)), ...contacts.map(() => 'sync_contact')])).toEqual(
      expected,
    );
    expect(new Set(brevo!.calls.map((c) => JSON.stringify(c.body))).size, 'a delivery was repeated').toBe(
      brevo!.calls.length,
    );
    expect(events.every((c) => c.body.identifiers.email_id === owner.email)).toBe(true);
    expect(contacts.map((c) => c.body.email)).toEqual([owner.email]);
    expect(brevo!.calls.every((c) => c.apiKey === 'xkeysib-fiabilite')).toBe(true);
    const attempts = failing.reduce((n, r) => n + r.attempts, 0);
    report(
      context,
      `${failing.length} events kept through ${attempts} failed attempts; all delivered ${(deliveredAfter / 1000).toFixed(1)} s after Brevo came back, once each`,
    );
  });
});
