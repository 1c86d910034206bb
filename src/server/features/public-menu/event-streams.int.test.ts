import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.ts';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/harness.ts';
import { makePremium } from '../../test/teams.ts';
import { readEvents, type EventReader } from './sse-test-reader.ts';

/**
 * Live menu streams are capped (src/server/features/public-menu/menu-live.ts OpenStreams): an
 * attack kept 375 streams of one menu open from one address. Small limits here, set as an
 * operator would (EVENT_STREAMS_PER_CLIENT, EVENT_STREAMS_PER_ORGANISATION, EVENT_STREAM_MAX_SECONDS).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { EVENT_STREAMS_PER_CLIENT: '3', EVENT_STREAMS_PER_ORGANISATION: '4', EVENT_STREAM_MAX_SECONDS: '2' },
    // Clients told apart by X-Forwarded-For, as behind the production proxy.
    app: { trustProxy: true },
  });
});
afterAll(() => t?.close());

async function activeMenu(owner: SignedUpUser): Promise<string> {
  const menu = await t.request('POST', '/api/menus', { cookie: owner.cookie, body: { name: 'Carte du midi' } });
  expect(menu.status).toBe(201);
  const res = await t.request('PATCH', `/api/menus/${menu.body.id}`, {
    cookie: owner.cookie,
    body: { isActive: true },
  });
  expect(res.status).toBe(200);
  return menu.body.id as string;
}

const closeAll = (readers: EventReader[]) => Promise.all(readers.map((reader) => reader.close()));

describe('open event streams', () => {
  it('one client holds at most its limit; a closed stream gives its place back', async () => {
    const menuId = await activeMenu(await t.signUp());
    const open = [];
    for (let i = 0; i < 3; i += 1) open.push(await readEvents(t.app, `/menu/${menuId}/events`));
    const refused = await t.app.request(`/menu/${menuId}/events`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(await refused.text()).toBe(messages.generic.tooManyRequests);
    await open.shift()!.close();
    // The abort reaches the stream's end on the next turns of the event loop.
    await new Promise((resolve) => setTimeout(resolve, 50));
    open.push(await readEvents(t.app, `/menu/${menuId}/events`));
    await closeAll(open);
  });

  it('one organisation holds at most its limit, whoever the clients; another organisation is not held by it', async () => {
    const owner = await t.signUp();
    await makePremium(t, owner.organisationId);
    const menuId = await activeMenu(owner);
    const secondMenu = await activeMenu(owner);
    const otherOrganisation = await activeMenu(await t.signUp());
    const stream = (id: string, ip: string) =>
      t.app.request(`/menu/${id}/events`, { headers: { 'x-forwarded-for': ip } });
    const open = [
      await stream(menuId, '203.0.113.1'),
      await stream(menuId, '203.0.113.2'),
      await stream(secondMenu, '203.0.113.3'),
      await stream(secondMenu, '203.0.113.4'),
    ];
    expect(open.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    expect((await stream(menuId, '203.0.113.5')).status).toBe(429);
    const elsewhere = await stream(otherOrganisation, '203.0.113.5');
    expect(elsewhere.status).toBe(200);
    await Promise.all([...open, elsewhere].map((res) => res.body?.cancel()));
  });

  it('a stream ends after its lifetime and gives its place back (the page’s EventSource reconnects on its own)', async () => {
    const menuId = await activeMenu(await t.signUp());
    const res = await t.app.request(`/menu/${menuId}/events`);
    expect(res.status).toBe(200);
    const started = Date.now();
    const text = await res.text(); // resolves when the server ends the stream
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(text).toContain('retry: 2000');
    // Its place is given back: a full set of streams opens again.
    const again = [];
    for (let i = 0; i < 3; i += 1) again.push(await readEvents(t.app, `/menu/${menuId}/events`));
    await closeAll(again);
  });
});
