import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/harness.ts';
import { ScanBuffer } from './scan-buffer.ts';

/** Scans written in batches (src/server/features/qr/scan-buffer.ts). */
let t: TestApp;
let owner: SignedUpUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  await t.db
    .updateTable('subscriptions')
    .set({ tier: 'premium' })
    .where('organisation_id', '=', owner.organisationId)
    .execute();
});
afterAll(() => t.close());

async function code(name: string): Promise<{ id: string; menuId: string }> {
  const menu = await t.request('POST', '/api/menus', { cookie: owner.cookie, body: { name: `Carte ${name}` } });
  const qr = await t.request('POST', '/api/qr-codes', { cookie: owner.cookie, body: { name, menuId: menu.body.id } });
  expect(qr.status).toBe(201);
  return { id: qr.body.id, menuId: menu.body.id };
}

const figures = async (id: string) => ({
  count: (await t.db.selectFrom('qr_codes').select('scan_count').where('id', '=', id).executeTakeFirstOrThrow())
    .scan_count,
  rows: (
    await t.db.selectFrom('qr_scans').select('scanned_at').where('qr_code_id', '=', id).orderBy('scanned_at').execute()
  ).map((r) => r.scanned_at.toISOString()),
  events: (await t.db.selectFrom('event_outbox').select('payload').where('name', '=', 'qr_code_scanned').execute())
    .map((r) => (r.payload as { eventData: { qr_code_id: string; scanned_at: string } }).eventData)
    .filter((e) => e.qr_code_id === id)
    .map((e) => new Date(e.scanned_at).toISOString())
    .sort(),
});

describe('ScanBuffer', () => {
  it('writes nothing until a flush, then every scan at once: count, timestamped rows and one event each', async () => {
    const a = await code('Table A');
    const b = await code('Table B');
    // A timer that never fires in the test: the flush is the test's.
    const buffer = new ScanBuffer(t.db, t.deps.logger, { intervalMs: 3_600_000 });
    const times = [0, 1, 2].map((s) => new Date(Date.UTC(2026, 0, 5, 12, 0, s)));
    for (const at of times) await buffer.add(a.id, at);
    await buffer.add(b.id, times[0]);
    expect(buffer.pending).toBe(4);
    expect(await figures(a.id)).toEqual({ count: 0, rows: [], events: [] });
    await buffer.flush();
    expect(buffer.pending).toBe(0);
    const iso = times.map((d) => d.toISOString());
    expect(await figures(a.id)).toEqual({ count: 3, rows: iso, events: iso });
    expect((await figures(b.id)).count).toBe(1);
    await buffer.close();
  });

  it('makes a scan wait for a write once maxPending scans wait, so at most that many can be lost', async () => {
    const a = await code('Table C');
    const buffer = new ScanBuffer(t.db, t.deps.logger, { intervalMs: 3_600_000, maxPending: 3 });
    for (let i = 0; i < 3; i++) buffer.push(a.id);
    expect(buffer.accepting()).toBe(false);
    await buffer.add(a.id); // writes the three waiting, then takes this one
    expect(buffer.pending).toBe(1);
    expect((await figures(a.id)).count).toBe(3);
    await buffer.close();
    expect((await figures(a.id)).count).toBe(4);
    expect(buffer.accepting()).toBe(false);
  });

  it('drops the scans of a code deleted before the write, and counts the others', async () => {
    const gone = await code('Table D');
    const kept = await code('Table E');
    const buffer = new ScanBuffer(t.db, t.deps.logger, { intervalMs: 3_600_000 });
    buffer.push(gone.id);
    buffer.push(kept.id);
    expect((await t.request('DELETE', `/api/qr-codes/${gone.id}`, { cookie: owner.cookie })).status).toBe(204);
    await buffer.close();
    expect((await figures(kept.id)).count).toBe(1);
    expect(await t.db.selectFrom('qr_scans').select('id').where('qr_code_id', '=', gone.id).execute()).toEqual([]);
  });

  it('counts a scan of /qr/:id in the app’s batch, written at the latest on flush', async () => {
    const a = await code('Table F');
    const res = await t.request('GET', `/qr/${a.id}`, { settle: false });
    expect(res.status).toBe(302);
    await t.deps.diner.scans.flush();
    expect((await figures(a.id)).count).toBe(1);
  });
});
