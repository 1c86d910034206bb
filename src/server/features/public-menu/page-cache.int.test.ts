import { getRequestListener } from '@hono/node-server';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dinerSecurityHeaders } from '../../app.ts';
import type { Database } from '../../db/database.ts';
import { createDinerLane } from '../../diner-lane.ts';
import { createTestApp, type LooseJson, type SignedUpUser, type TestApp } from '../../test/harness.ts';
import { queriesDuring as countQueries, secondConnection } from '../../test/connections.ts';

/**
 * The diner's cache (docs/decisions/0022-performance-at-the-physical-limit.md): a warm page
 * costs no query, a change made anywhere drops it, the query is part of the key, and the
 * lane answered before the app sends what the app would.
 */
let t: TestApp;
let owner: SignedUpUser;
/** A second connection to the same database: « another process » on PostgreSQL. */
let other: Database | undefined;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp(undefined, undefined, 'Chez Test');
  await t.db
    .updateTable('subscriptions')
    .set({ tier: 'premium', status: 'active' })
    .where('organisation_id', '=', owner.organisationId)
    .execute();
  other = await secondConnection(t.database);
});
afterAll(async () => {
  await other?.close();
  await t.close();
});

async function post(path: string, body: unknown): Promise<LooseJson> {
  const res = await t.request('POST', path, { cookie: owner.cookie, body });
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${res.text}`);
  return res.body;
}

async function menuWithItem(name: string) {
  const menu = await post('/api/menus', { name });
  const section = await post(`/api/menus/${menu.id}/sections`, { name: 'Plats' });
  const recipe = await post('/api/recipes', {
    name: 'Omelette',
    servings: 1,
    ingredients: [{ code: '22000', quantity: 100, unit: 'g' }],
    allergens: ['Œufs'],
    dietaryInfo: [],
  });
  const item = await post(`/api/sections/${section.id}/items`, { recipeId: recipe.id });
  return { menu, section, recipe, item };
}

const queriesDuring = (work: () => Promise<unknown>) => countQueries(t.database, work);

const raw = (path: string, headers: Record<string, string> = {}) => t.request('GET', path, { headers, settle: false });

describe('public page cache', () => {
  it('serves a warm page without any query, keyed by the view the diner asked for (language, allergens)', async () => {
    const { menu } = await menuWithItem('Carte chaude');
    expect((await t.request('GET', `/menu/${menu.id}`)).status).toBe(200);
    expect(await queriesDuring(() => raw(`/menu/${menu.id}`))).toBe(0);
    expect(await queriesDuring(() => raw(`/menu/${menu.id}`, { 'accept-encoding': 'gzip' }))).toBe(0);
    // A query the page ignores shows the same page: the same entry.
    expect(await queriesDuring(() => raw(`/menu/${menu.id}?utm_source=qr`))).toBe(0);
    // Another view is another page (a language, allergens to hide…): rendered once, then kept.
    expect(await queriesDuring(() => raw(`/menu/${menu.id}?sans=gluten&lang=en`))).toBeGreaterThan(0);
    expect(await queriesDuring(() => raw(`/menu/${menu.id}?lang=en&sans=gluten`))).toBe(0);
    // The language of Accept-Language, when the URL names none, is the English page just kept… with the filter.
    expect(
      await queriesDuring(() => raw(`/menu/${menu.id}?sans=gluten`, { 'accept-language': 'en-US,en;q=0.9' })),
    ).toBe(0);
    const german = await raw(`/menu/${menu.id}`, { 'accept-language': 'de' });
    expect(german.text).toContain('<html lang="de">');
    expect(german.headers.get('vary')).toBe('Accept-Encoding, Accept-Language');
    expect((await raw(`/menu/${menu.id}`)).text).not.toContain('<html lang="de"');
  });

  it('reads a cold page once for a room of diners opening it at the same moment', async () => {
    const { menu } = await menuWithItem('Carte du jour');
    const one = await queriesDuring(() => raw(`/menu/${menu.id}?lang=it`));
    let answers: Awaited<ReturnType<typeof raw>>[] = [];
    const together = await queriesDuring(async () => {
      answers = await Promise.all(Array.from({ length: 30 }, () => raw(`/menu/${menu.id}`)));
    });
    expect(one).toBeGreaterThan(0);
    // The 30 share the first one's read (src/server/lib/single-flight.ts): as many queries as one diner.
    expect(together).toBe(one);
    expect(new Set(answers.map((res) => `${res.status} ${res.headers.get('etag')}`))).toEqual(
      new Set([`200 ${answers[0]!.headers.get('etag')}`]),
    );
  });

  it('drops a page when what it shows changes: item, recipe, section, menu, establishment, subscription', async () => {
    const { menu, section, recipe, item } = await menuWithItem('Carte à changer');
    const show = async () => (await t.request('GET', `/menu/${menu.id}`)).text;
    expect(await show()).toContain('Omelette');
    const edits: [string, () => Promise<unknown>, string][] = [
      [
        'item',
        () =>
          t.request('PUT', `/api/items/${item.id}`, {
            cookie: owner.cookie,
            body: { name: 'Omelette baveuse', description: '', isAvailable: true },
          }),
        'Omelette baveuse',
      ],
      [
        'recipe',
        () =>
          t.db
            .updateTable('recipes')
            .set({ dietary_info: ['Végétarien'] })
            .where('id', '=', recipe.id)
            .execute(),
        'Végétarien',
      ],
      [
        'section',
        () => t.db.updateTable('menu_sections').set({ name: 'Grands plats' }).where('id', '=', section.id).execute(),
        'Grands plats',
      ],
      [
        'menu',
        () => t.db.updateTable('menus').set({ name: 'Carte renommée' }).where('id', '=', menu.id).execute(),
        'Carte renommée',
      ],
      [
        'establishment',
        () =>
          t.db
            .updateTable('establishments')
            .set({ name: 'Le Nouveau Nom' })
            .where('organisation_id', '=', owner.organisationId)
            .execute(),
        'Le Nouveau Nom',
      ],
    ];
    for (const [what, edit, shown] of edits) {
      await edit();
      expect(await show(), what).toContain(shown);
    }
    await t.db
      .updateTable('subscriptions')
      .set({ tier: 'free' })
      .where('organisation_id', '=', owner.organisationId)
      .execute();
    expect(await show()).not.toContain('Premium');
    await t.db
      .updateTable('subscriptions')
      .set({ tier: 'premium' })
      .where('organisation_id', '=', owner.organisationId)
      .execute();
  });

  it('a write answered by the API is visible on the next request at once (read-your-writes)', async () => {
    const { menu, item } = await menuWithItem('Carte du jour');
    expect((await raw(`/menu/${menu.id}`)).text).toContain('Omelette');
    const put = await t.request('PUT', `/api/items/${item.id}`, {
      cookie: owner.cookie,
      body: { name: 'Tortilla', description: '', isAvailable: true },
      settle: false,
    });
    expect(put.status).toBe(200);
    expect((await raw(`/menu/${menu.id}`)).text).toContain('Tortilla');
  });

  it('drops a page within a second of a change committed by another process', async () => {
    const { menu } = await menuWithItem('Carte partagée');
    expect((await raw(`/menu/${menu.id}`)).text).toContain('Carte partagée');
    const writer = other?.db ?? t.db; // PGlite: one process owns the database.
    await writer.updateTable('menus').set({ name: 'Carte modifiée ailleurs' }).where('id', '=', menu.id).execute();
    const committed = performance.now();
    let text = '';
    while (performance.now() - committed < 5_000 && !text.includes('Carte modifiée ailleurs')) {
      // A kept page is answered without I/O: let the event loop read the listening socket,
      // as it does between the requests of a real server.
      await new Promise((resolve) => setImmediate(resolve));
      text = (await raw(`/menu/${menu.id}`)).text;
    }
    expect(text).toContain('Carte modifiée ailleurs');
    expect(performance.now() - committed).toBeLessThan(1_000);
  });

  it('answers 304 to a matching If-None-Match, in every encoding, and sends brotli once ready', async () => {
    const { menu } = await menuWithItem('Carte validée');
    const first = await raw(`/menu/${menu.id}`);
    const tag = first.headers.get('etag')!;
    expect(tag).toMatch(/^"[\w-]+"$/);
    expect((await raw(`/menu/${menu.id}`, { 'if-none-match': tag })).status).toBe(304);
    const gz = await t.app.request(`/menu/${menu.id}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(first.text);
    expect(
      (await raw(`/menu/${menu.id}`, { 'accept-encoding': 'gzip', 'if-none-match': gz.headers.get('etag')! })).status,
    ).toBe(304);
    // Brotli is compressed on libuv's thread pool (cached-page.ts): on a busy machine that takes
    // a while, so the test waits for the state, up to a bound, rather than for a number of turns.
    let br = await t.app.request(`/menu/${menu.id}`, { headers: { 'accept-encoding': 'br, gzip' } });
    for (
      const deadline = performance.now() + 10_000;
      br.headers.get('content-encoding') !== 'br' && performance.now() < deadline;
    ) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      br = await t.app.request(`/menu/${menu.id}`, { headers: { 'accept-encoding': 'br, gzip' } });
    }
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(first.text);
    expect((await raw(`/menu/${menu.id}`, { 'accept-encoding': 'br', 'if-none-match': tag })).status).toBe(304);
  });

  it('reads the database on every request while change notifications are lost', async () => {
    const { menu } = await menuWithItem('Carte sans écoute');
    await raw(`/menu/${menu.id}`);
    t.deps.diner.pages.reset(false);
    try {
      expect(await queriesDuring(() => raw(`/menu/${menu.id}`))).toBeGreaterThan(0);
      expect(await queriesDuring(() => raw(`/menu/${menu.id}`))).toBeGreaterThan(0);
    } finally {
      t.deps.diner.pages.reset(true);
    }
    await raw(`/menu/${menu.id}`);
    expect(await queriesDuring(() => raw(`/menu/${menu.id}`))).toBe(0);
  });
});

describe('the diner lane, answered before the app', () => {
  let server: Server;
  let base: string;
  let stopLane: (() => void) | undefined;
  beforeAll(async () => {
    const { lane, stop } = createDinerLane(t.deps, await dinerSecurityHeaders(t.deps.config), t.deps.logger);
    stopLane = stop;
    // The process's Request and Response stay as they are: the files after this one share the
    // worker (docs/decisions/0029-tests-share-a-worker.md).
    const toApp = getRequestListener(t.app.fetch, { overrideGlobalObjects: false });
    server = createServer((req, res) => {
      if (!lane(req, res)) void toApp(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    stopLane?.();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const headersOf = (res: Response) => {
    const kept: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      // Framing may differ (an empty body sent chunked by the app, with a length by the lane).
      if (!['date', 'x-request-id', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name))
        kept[name] = value;
    });
    return kept;
  };

  it('sends the same page with the same headers as the app, without a query, in each language, filter and encoding', async () => {
    const { menu } = await menuWithItem('Carte rapide');
    const asked: [string, Record<string, string>][] = [
      ['', { 'accept-encoding': 'identity' }],
      ['', { 'accept-encoding': 'gzip', 'accept-language': 'es-ES,es;q=0.9' }],
      ['?lang=it&sans=oeufs', { 'accept-encoding': 'identity', 'accept-language': 'de' }],
    ];
    for (const [query, headers] of asked) {
      const fromApp = await fetch(`${base}/menu/${menu.id}${query}`, { headers });
      const appBytes = Buffer.from(await fromApp.arrayBuffer());
      let fromLane: Response | undefined;
      expect(
        await queriesDuring(async () => (fromLane = await fetch(`${base}/menu/${menu.id}${query}`, { headers }))),
      ).toBe(0);
      expect(Buffer.from(await fromLane!.arrayBuffer()).equals(appBytes), query).toBe(true);
      expect(headersOf(fromLane!)).toEqual(headersOf(fromApp));
      expect(fromLane!.headers.get('x-request-id')).toMatch(/^[\w-]{36}$/);
      // The diner's CSP: no third party, the page's one script (/menu/live.js) allowed as 'self'.
      const csp = fromLane!.headers.get('content-security-policy')!;
      // Framed by the editor's « Aperçu » and restaurants' websites (docs/decisions/0039-public-api-and-operations.md).
      expect(csp).toContain('frame-ancestors *');
      expect(csp).toContain("script-src 'self';");
      expect(csp).not.toMatch(/facebook|unsafe-eval/);
    }
  });

  it('redirects a known code like the app and counts its scans in the next batch', async () => {
    const { menu } = await menuWithItem('Carte scannée');
    const code = await post('/api/qr-codes', { name: 'Table 4', menuId: menu.id });
    const first = await fetch(`${base}/qr/${code.id}`, { redirect: 'manual' });
    const second = await fetch(`${base}/qr/${code.id}`, { redirect: 'manual' });
    for (const res of [first, second]) {
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(`/menu/${menu.id}`);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    expect(headersOf(second)).toEqual(headersOf(first));
    await t.deps.diner.scans.flush();
    const row = await t.db
      .selectFrom('qr_codes')
      .select('scan_count')
      .where('id', '=', code.id)
      .executeTakeFirstOrThrow();
    expect(row.scan_count).toBe(2);
    // Switched off: the lane lets the app answer the calm page, and nothing is counted.
    await t.request('PATCH', `/api/qr-codes/${code.id}`, { cookie: owner.cookie, body: { status: 'inactive' } });
    expect((await fetch(`${base}/qr/${code.id}`, { redirect: 'manual' })).status).toBe(404);
    await t.deps.diner.scans.flush();
    expect(
      (await t.db.selectFrom('qr_codes').select('scan_count').where('id', '=', code.id).executeTakeFirstOrThrow())
        .scan_count,
    ).toBe(2);
  });
});
