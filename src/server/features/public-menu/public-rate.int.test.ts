import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, PUBLIC_RATE } from '../../app.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/** The diner's routes that reach the database are limited per client (src/server/app.ts PUBLIC_RATE). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('per-client limit on the diner’s routes', () => {
  it('answers 429 with Retry-After and a French message past the burst, and other routes are not affected', async () => {
    // The limit's clock is held: the burst is spent however slowly the machine answers.
    let now = 1_000_000;
    const app = createApp(t.deps, { publicRateNow: () => now });
    // Unknown pages cost a query each (never kept): the case a flood would use.
    const unknown = '/menu/00000000-0000-4000-8000-000000000000';
    for (let i = 0; i < PUBLIC_RATE.burst; i++) expect((await app.request(unknown)).status).toBe(404);
    const refused = await app.request(unknown);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await refused.json()).error).toEqual({
      code: 'rate_limited',
      message: 'Trop de demandes. Veuillez réessayer dans un instant.',
    });
    expect((await app.request('/qr/00000000-0000-4000-8000-000000000000')).status).toBe(429);
    // The owners' API is not a diner's route.
    expect((await app.request('/api/config')).status).toBe(200);
    // A second later, one more page.
    now += 1_000;
    expect((await app.request(unknown)).status).toBe(404);
  });

  it('charges a family’s week (/semaine) and the ingredient search to the same per-client budget', async () => {
    let now = 9_000_000;
    const app = createApp(t.deps, { publicRateNow: () => now });
    const week = '/semaine/00000000-0000-4000-8000-000000000000?date=2026-03-02';
    for (let i = 0; i < PUBLIC_RATE.burst / 2; i++) expect((await app.request(week)).status).toBe(404);
    for (let i = 0; i < PUBLIC_RATE.burst / 2; i++)
      expect((await app.request('/api/catalogue/ingredients?q=pom')).status).toBe(200);
    expect((await app.request('/api/catalogue/ingredients?q=pom')).status).toBe(429);
    expect((await app.request(week)).status).toBe(429);
    now += 1_000;
    expect((await app.request('/api/catalogue/ingredients?q=pom')).status).toBe(200);
  });

  it('does not charge a signed-in owner’s ingredient search: typing a recipe is an account’s work', async () => {
    const app = createApp(t.deps, { publicRateNow: () => 7_000_000 });
    const owner = await t.signUp();
    const headers = { cookie: owner.cookie };
    for (let i = 0; i < PUBLIC_RATE.burst + 50; i++)
      expect((await app.request('/api/catalogue/ingredients?q=pom', { headers })).status).toBe(200);
    // A session cookie that opens no session is a visitor's search, charged as such.
    const forged = { cookie: owner.cookie.replace(/(session_token=)[^;]+/, '$1forged') };
    expect(forged.cookie).not.toBe(owner.cookie);
    for (let i = 0; i < PUBLIC_RATE.burst; i++)
      await app.request('/api/catalogue/ingredients?q=pom', { headers: forged });
    expect((await app.request('/api/catalogue/ingredients?q=pom', { headers: forged })).status).toBe(429);
    expect((await app.request('/api/catalogue/ingredients?q=pom', { headers })).status).toBe(200);
  });

  it('charges a read of the database, not a kept page or a known code, and one request for a room opening a cold page', async () => {
    let now = 5_000_000;
    const app = createApp(t.deps, { publicRateNow: () => now });
    const owner = await t.signUp();
    const post = async (path: string, body: unknown) =>
      (await t.request('POST', path, { cookie: owner.cookie, body })).body;
    const menu = await post('/api/menus', { name: 'Carte' });
    const qr = await post('/api/qr-codes', { name: 'Table 1', menuId: menu.id });
    const unknown = '/menu/00000000-0000-4000-8000-000000000000';
    for (let i = 0; i < PUBLIC_RATE.burst - 1; i++) expect((await app.request(unknown)).status).toBe(404);
    // One request left: 30 diners open the cold page at once and share its one read.
    const room = await Promise.all(Array.from({ length: 30 }, () => app.request(`/menu/${menu.id}`)));
    expect(room.map((res) => res.status)).toEqual(Array(30).fill(200));
    expect((await app.request(unknown)).status).toBe(429);
    // Kept now: served, as a code already known, however many times.
    t.deps.diner.qrTargets.set(
      qr.id,
      [`m:${menu.id}`],
      { menuId: menu.id, organisationId: owner.organisationId },
      { generation: t.deps.diner.qrTargets.generation(), validUntil: Date.now() + 60_000 },
    );
    for (let i = 0; i < 5; i++) {
      expect((await app.request(`/menu/${menu.id}`)).status).toBe(200);
      expect((await app.request(`/qr/${qr.id}`)).status).toBe(302);
    }
    now += 1_000;
    expect((await app.request(unknown)).status).toBe(404);
  });
});
