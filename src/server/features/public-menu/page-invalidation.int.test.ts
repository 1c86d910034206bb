import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { createTestApp, type LooseJson, type SignedUpUser, type TestApp } from '../../test/harness.ts';
import { secondConnection } from '../../test/connections.ts';
import { readEvents } from './sse-test-reader.ts';

/**
 * Every change to what a kept public page shows drops it within a second, whoever commits it
 * (docs/decisions/0022-performance-at-the-physical-limit.md « One channel »): the writes here go
 * through a second connection (« another process ») on PostgreSQL, and the page is read
 * without waiting for anything. The open page of live « Épuisé » hears the same message, after
 * the cache dropped the page: what it fetches on `change` is the new page.
 */
let t: TestApp;
let owner: SignedUpUser;
let other: Database | undefined;
/** The writer: another connection on PostgreSQL; PGlite has one session, this process's. */
let writer: Kysely<DB>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp(undefined, undefined, 'Chez Test');
  await t.db
    .updateTable('subscriptions')
    .set({ tier: 'premium', status: 'active' })
    .where('organisation_id', '=', owner.organisationId)
    .execute();
  other = await secondConnection(t.database);
  writer = other?.db ?? t.db;
});
afterAll(async () => {
  await other?.close();
  await t.close();
});

async function call(method: string, path: string, body?: unknown): Promise<LooseJson> {
  const res = await t.request(method, path, { cookie: owner.cookie, ...(body !== undefined ? { body } : {}) });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
  return res.body;
}

async function menuWithDish(name: string, ingredients: unknown[] = [{ code: '22000', quantity: 100, unit: 'g' }]) {
  const recipe = await call('POST', '/api/recipes', {
    name: 'Omelette',
    servings: 1,
    ingredients,
    allergens: [],
    dietaryInfo: [],
  });
  const menu = await call('POST', '/api/menus', { name });
  const section = await call('POST', `/api/menus/${menu.id}/sections`, { name: 'Plats' });
  const item = await call('POST', `/api/sections/${section.id}/items`, { recipeId: recipe.id });
  return { menu, recipe, item };
}

const read = async (path: string) => (await t.request('GET', path, { settle: false })).text;

/** Reads the kept page until it shows `expected`; the milliseconds it took after the commit. */
async function msUntilShown(path: string, expected: string): Promise<number> {
  const committed = performance.now();
  let text = await read(path);
  while (!text.includes(expected) && performance.now() - committed < 5_000) {
    // A kept page is answered without I/O: let the event loop read the listening socket.
    await new Promise((resolve) => setImmediate(resolve));
    text = await read(path);
  }
  expect(text).toContain(expected);
  return performance.now() - committed;
}

/** The page at `path` is kept (warm: read twice), then `change` commits, then it shows `expected` within 1 s. */
async function dropsWithinASecond(path: string, before: string, change: () => Promise<unknown>, expected: string) {
  expect(await read(path)).toContain(before);
  expect(await read(path)).not.toContain(expected);
  await change();
  expect(await msUntilShown(path, expected)).toBeLessThan(1_000);
}

function newPhotoId(): string {
  return randomBytes(16).toString('hex');
}

async function storePhoto(id: string) {
  await sql`INSERT INTO photos (id) VALUES (${id})`.execute(writer);
  await sql`INSERT INTO photo_variants (photo_id, width, height, byte_size, bytes) VALUES (${id}, 320, 240, 3, ${Buffer.from([1, 2, 3])})`.execute(
    writer,
  );
}

describe('a kept public page is dropped within 1 s of a change committed elsewhere', () => {
  it('« Épuisé » on a dish', async () => {
    const { menu, item } = await menuWithDish('Carte épuisée');
    const path = `/menu/${menu.id}`;
    await dropsWithinASecond(
      path,
      'Omelette',
      () => writer.updateTable('menu_items').set({ sold_out: true }).where('id', '=', item.id).execute(),
      '<p class="out">Épuisé</p>',
    );
  });

  it('a translation of the recipe, on the page of that language, asked by Accept-Language or ?lang', async () => {
    const { menu, recipe } = await menuWithDish('Carte traduite');
    const english = `/menu/${menu.id}?lang=en`;
    const change = () =>
      writer
        .updateTable('recipes')
        .set({ translations: JSON.stringify({ en: { name: 'Fluffy omelette' } }) })
        .where('id', '=', recipe.id)
        .execute();
    await dropsWithinASecond(english, 'Omelette', change, 'Fluffy omelette');
    // The page chosen by the header is another entry, also gone.
    const res = await t.request('GET', `/menu/${menu.id}`, {
      settle: false,
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect(res.text).toContain('Fluffy omelette');
    expect(res.headers.get('vary')).toBe('Accept-Encoding, Accept-Language');
  });

  it('a photo given to the item, then to the recipe only', async () => {
    const { menu, item, recipe } = await menuWithDish('Carte en photos');
    const path = `/menu/${menu.id}`;
    const first = newPhotoId();
    await dropsWithinASecond(
      path,
      'Omelette',
      async () => {
        await storePhoto(first);
        await writer.updateTable('menu_items').set({ photo_id: first }).where('id', '=', item.id).execute();
      },
      first,
    );
    const second = newPhotoId();
    await storePhoto(second);
    await writer.updateTable('menu_items').set({ photo_id: null }).where('id', '=', item.id).execute();
    await writer.updateTable('recipes').set({ photo_id: second }).where('id', '=', recipe.id).execute();
    expect(await msUntilShown(path, second)).toBeLessThan(1_000);
  });

  it('a price, and a recipe’s allergens on the page filtered by ?sans=', async () => {
    const { menu, item, recipe } = await menuWithDish('Carte des prix');
    await dropsWithinASecond(
      `/menu/${menu.id}`,
      'Omelette',
      () => writer.updateTable('menu_items').set({ price: 14.5 }).where('id', '=', item.id).execute(),
      '14,50',
    );
    const filtered = `/menu/${menu.id}?sans=gluten`;
    await dropsWithinASecond(
      filtered,
      'Omelette',
      () =>
        writer
          .updateTable('recipes')
          .set({ allergens: ['Gluten'] })
          .where('id', '=', recipe.id)
          .execute(),
      '<li class="item off">',
    );
  });

  it('a product used through a sub-recipe: its recomputed dish reaches the page and the open stream, page first', async () => {
    const product = await call('POST', '/api/products', {
      name: 'Fond blanc',
      per100g: { energyKcal: 40 },
      allergens: [],
      traces: [],
      labels: [],
      price: null,
    });
    const sauce = await call('POST', '/api/recipes', {
      name: 'Sauce',
      servings: 2,
      ingredients: [{ productId: product.id, quantity: 200, unit: 'g' }],
      allergens: [],
      dietaryInfo: [],
    });
    const { menu } = await menuWithDish('Carte du fond', [{ recipeId: sauce.id, quantity: 1, unit: 'portion' }]);
    // The diner who avoids celery: the dish is greyed out once the product contains it.
    const path = `/menu/${menu.id}?sans=celeri`;
    expect(await read(path)).not.toContain('<li class="item off">');
    expect(await read(path)).not.toContain('<li class="item off">');
    const events = await readEvents(t.app, `/menu/${menu.id}/events`);
    try {
      const res = await t.request('PUT', `/api/products/${product.id}`, {
        cookie: owner.cookie,
        settle: false,
        body: {
          name: 'Fond blanc',
          per100g: { energyKcal: 40 },
          allergens: ['Céleri'],
          traces: [],
          labels: [],
          price: null,
        },
      });
      expect(res.status).toBe(200);
      expect(await events.next()).toBe(`event: change\ndata: ${menu.id}`);
      // The stream hears the change after the cache dropped the page: the page it fetches is new.
      expect(await read(path)).toContain('<li class="item off">');
    } finally {
      await events.close();
    }
  });

  it('tells no open page of another menu, and every page of the organisation on an establishment change', async () => {
    const { menu: shown } = await menuWithDish('Carte écoutée');
    const { recipe: elsewhere } = await menuWithDish('Autre carte');
    const events = await readEvents(t.app, `/menu/${shown.id}/events`);
    try {
      await writer
        .updateTable('recipes')
        .set({ description: 'Une autre carte' })
        .where('id', '=', elsewhere.id)
        .execute();
      await writer
        .updateTable('establishments')
        .set({ phone: '01 23 45 67 89' })
        .where('organisation_id', '=', owner.organisationId)
        .execute();
      expect(await events.next()).toBe(`event: change\ndata: ${shown.id}`);
      await t.deps.diner.sync();
      expect(events.received()).toHaveLength(1);
    } finally {
      await events.close();
    }
  });
});
