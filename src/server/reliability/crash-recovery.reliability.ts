/**
 * Crash recovery: a built server process is killed with SIGKILL in the middle of a burst of
 * writes (recipes of 1 to 8 ingredient lines, menus with sections and items, moves), then
 * restarted on the same database — PostgreSQL, and PGlite on the same DATA_DIR. The data is
 * consistent: every acknowledged write is there, every recipe has exactly the lines that were
 * sent for it, no orphan rows, display orders and line positions dense, one event per row.
 */
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import '../test/provided.ts';
import { onExitCleanup } from './support/cleanup.ts';
import { client, signUp, type Client } from './support/http.ts';
import { createScratchDatabase, type ScratchDatabase } from './support/postgres-cluster.ts';
import { freePort } from './support/ports.ts';
import { report } from './support/report.ts';
import { newAuthSecret, startServer, type ServerProcess } from './support/server-process.ts';

const WORKERS = 8;
/** Acknowledged writes before the kill: the burst is well under way, and still going. */
const KILL_AFTER_ACKS = 40;

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

const recipeName = (n: number, lines: number) => `R${n}-L${lines}`;
const linesOf = (name: string) => Number(/^R\d+-L(\d+)$/.exec(name)?.[1] ?? NaN);
const CODES = ['16400', '20276', '22000', '13039', '20034', '11000', '17270', '19010'];

interface BurstResult {
  /** Names of the recipes whose creation was answered 201. */
  ackedRecipes: Set<string>;
  ackedMenus: Set<string>;
  sent: number;
  acked: number;
  failedBySocket: number;
}

/** Premium through the demo checkout (the same on both databases, no SQL needed). */
async function becomePremium(api: Client, cookie: string) {
  const checkout = await api('POST', '/api/billing/checkout', {
    cookie,
    body: { tier: 'premium', billingType: 'monthly' },
  });
  expect(checkout.status, checkout.text).toBe(200);
  const id = String(checkout.body.url).split('/').at(-1);
  expect((await api('POST', `/api/billing/demo/checkout/${id}/pay`, { cookie, body: {} })).status).toBe(200);
}

/** Writes from WORKERS loops until the server dies; resolves once every loop has stopped. */
async function burstUntilKilled(
  server: ServerProcess,
  api: Client,
  cookie: string,
  baseRecipes: string[],
): Promise<BurstResult> {
  const result: BurstResult = { ackedRecipes: new Set(), ackedMenus: new Set(), sent: 0, acked: 0, failedBySocket: 0 };
  let counter = 0;
  let dead = false;
  const post = async (method: string, urlPath: string, body: unknown) => {
    result.sent += 1;
    try {
      const res = await api(method, urlPath, { cookie, body, timeoutMs: 10_000 });
      if (res.status >= 300) throw new Error(`${method} ${urlPath}: ${res.status} ${res.text}`);
      result.acked += 1;
      if (result.acked === KILL_AFTER_ACKS) {
        server.kill('SIGKILL');
        dead = true;
      }
      return res.body;
    } catch (error) {
      if (!dead) throw error;
      result.failedBySocket += 1;
      return undefined;
    }
  };
  const worker = async (w: number) => {
    while (!dead) {
      const n = counter++;
      if (n % 4 === 3) {
        const name = `M${n}`;
        const menu = await post('POST', '/api/menus', { name, description: 'Carte du soir' });
        if (!menu) return;
        result.ackedMenus.add(name);
        const sections = [];
        for (const s of ['Entrées', 'Plats', 'Desserts'])
          sections.push(await post('POST', `/api/menus/${menu.id}/sections`, { name: s }));
        for (const section of sections.filter(Boolean)) {
          for (const recipeId of baseRecipes) await post('POST', `/api/sections/${section.id}/items`, { recipeId });
        }
        if (sections[2]) await post('POST', `/api/sections/${sections[2].id}/move`, { position: 0 });
      } else {
        const lines = 1 + ((n + w) % 8);
        const name = recipeName(n, lines);
        const created = await post('POST', '/api/recipes', {
          name,
          servings: 2,
          ingredients: CODES.slice(0, lines).map((code, i) => ({ code, quantity: 10 + i, unit: 'g' })),
          allergens: [],
          dietaryInfo: [],
        });
        if (created) result.ackedRecipes.add(name);
      }
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
  const exit = await server.exited;
  expect(exit.signal).toBe('SIGKILL');
  return result;
}

async function rows<T>(db: Kysely<DB>, query: RawBuilder<T>): Promise<T[]> {
  return (await query.execute(db)).rows;
}

/** What must hold after any crash; returns a few figures for the summary. */
async function expectConsistent(db: Kysely<DB>, userId: string, burst: BurstResult, baseRecipeCount: number) {
  const recipes = await rows(
    db,
    sql<{ name: string; lines: number; positions: number[] }>`
    SELECT r.name, count(ri.id)::int AS lines, coalesce(array_agg(ri.position ORDER BY ri.position) FILTER (WHERE ri.id IS NOT NULL), '{}') AS positions
    FROM recipes r LEFT JOIN recipe_ingredients ri ON ri.recipe_id = r.id
    WHERE r.created_by = ${userId} GROUP BY r.id, r.name`,
  );
  const burstRecipes = recipes.filter((r) => /^R\d+-L\d+$/.test(r.name));
  // Every recipe has exactly the lines sent for it, in dense positions; none without lines.
  for (const recipe of recipes) expect(recipe.lines, recipe.name).toBeGreaterThan(0);
  for (const recipe of burstRecipes) {
    expect(recipe.lines, recipe.name).toBe(linesOf(recipe.name));
    expect(recipe.positions.map(Number), recipe.name).toEqual(Array.from({ length: recipe.lines }, (_, i) => i));
  }
  // Every acknowledged creation survived the crash (and nothing was created twice).
  const names = new Set(recipes.map((r) => r.name));
  expect([...burst.ackedRecipes].filter((name) => !names.has(name))).toEqual([]);
  expect(names.size).toBe(recipes.length);
  const menus = await rows(db, sql<{ name: string }>`SELECT name FROM menus WHERE created_by = ${userId}`);
  expect([...burst.ackedMenus].filter((name) => !menus.some((m) => m.name === name))).toEqual([]);

  const orphans = await rows(
    db,
    sql<{ kind: string; n: number }>`
    SELECT 'recipe line without recipe' AS kind, count(*)::int AS n FROM recipe_ingredients ri LEFT JOIN recipes r ON r.id = ri.recipe_id WHERE r.id IS NULL
    UNION ALL SELECT 'section without menu', count(*)::int FROM menu_sections s LEFT JOIN menus m ON m.id = s.menu_id WHERE m.id IS NULL
    UNION ALL SELECT 'item without section', count(*)::int FROM menu_items i LEFT JOIN menu_sections s ON s.id = i.menu_section_id WHERE s.id IS NULL
    UNION ALL SELECT 'item with a missing recipe', count(*)::int FROM menu_items i LEFT JOIN recipes r ON r.id = i.recipe_id WHERE i.recipe_id IS NOT NULL AND r.id IS NULL
    UNION ALL SELECT 'QR code without menu', count(*)::int FROM qr_codes q LEFT JOIN menus m ON m.id = q.menu_id WHERE m.id IS NULL
    UNION ALL SELECT 'recipe without organisation', count(*)::int FROM recipes r LEFT JOIN organisations o ON o.id = r.organisation_id WHERE o.id IS NULL
    UNION ALL SELECT 'menu without organisation', count(*)::int FROM menus m LEFT JOIN organisations o ON o.id = m.organisation_id WHERE o.id IS NULL
    UNION ALL SELECT 'scan without QR code', count(*)::int FROM qr_scans s LEFT JOIN qr_codes q ON q.id = s.qr_code_id WHERE q.id IS NULL`,
  );
  expect(orphans.filter((o) => Number(o.n) > 0)).toEqual([]);

  const sectionOrders = await rows(
    db,
    sql<{ menu_id: string; orders: number[] }>`
    SELECT menu_id, array_agg(display_order ORDER BY display_order) AS orders FROM menu_sections GROUP BY menu_id`,
  );
  for (const { menu_id, orders } of sectionOrders)
    expect(orders.map(Number), `sections of ${menu_id}`).toEqual(orders.map((_, i) => i));
  const itemOrders = await rows(
    db,
    sql<{ menu_section_id: string; orders: number[] }>`
    SELECT menu_section_id, array_agg(display_order ORDER BY display_order) AS orders FROM menu_items GROUP BY menu_section_id`,
  );
  for (const { menu_section_id, orders } of itemOrders)
    expect(orders.map(Number), `items of ${menu_section_id}`).toEqual(orders.map((_, i) => i));

  // The outbox is written in the same transaction as the rows (docs/product/decisions.md 13).
  const events = await rows(
    db,
    sql<{ name: string; n: number }>`
    SELECT name, count(*)::int AS n FROM event_outbox WHERE user_id = ${userId} AND name IN ('recipe_created', 'menu_created') GROUP BY name`,
  );
  const eventCount = (name: string) => Number(events.find((e) => e.name === name)?.n ?? 0);
  expect(eventCount('recipe_created')).toBe(recipes.length);
  expect(eventCount('menu_created')).toBe(menus.length);
  // So is the history line of each creation (docs/product/organisations.md « History »).
  const audited = await rows(
    db,
    sql<{ n: number }>`
    SELECT count(*)::int AS n FROM audit_events WHERE actor_id = ${userId} AND action = 'created' AND entity_type IN ('recipe', 'menu')`,
  );
  expect(Number(audited[0]!.n)).toBe(recipes.length + menus.length);
  return {
    recipes: recipes.length - baseRecipeCount,
    sections: sectionOrders.length,
    items: itemOrders.reduce((n, s) => n + s.orders.length, 0),
  };
}

async function prepareOwner(api: Client) {
  const owner = await signUp(api);
  await becomePremium(api, owner.cookie);
  const base: string[] = [];
  for (const name of ['Soupe', 'Gratin']) {
    const res = await api('POST', '/api/recipes', {
      cookie: owner.cookie,
      body: {
        name,
        servings: 2,
        ingredients: [{ code: '20276', quantity: 100, unit: 'g' }],
        allergens: [],
        dietaryInfo: [],
      },
    });
    expect(res.status).toBe(201);
    base.push(res.body.id);
  }
  return { owner, base };
}

/** After the restart the same owner can read everything and write again. */
async function expectServing(api: Client, cookie: string, burst: BurstResult) {
  const list = await api('GET', '/api/recipes', { cookie });
  expect(list.status).toBe(200);
  for (const recipe of list.body.recipes as { name: string; ingredients: unknown[] }[]) {
    if (/^R\d+-L\d+$/.test(recipe.name)) expect(recipe.ingredients, recipe.name).toHaveLength(linesOf(recipe.name));
  }
  expect(list.body.recipes.length).toBeGreaterThanOrEqual(burst.ackedRecipes.size + 2);
  const again = await api('POST', '/api/recipes', {
    cookie,
    body: {
      name: 'Après le crash',
      servings: 1,
      ingredients: [{ code: '20276', quantity: 1, unit: 'g' }],
      allergens: [],
      dietaryInfo: [],
    },
  });
  expect(again.status, again.text).toBe(201);
}

describe('SIGKILL during a burst of writes, then restart on the same database', () => {
  it('PostgreSQL: every acknowledged write is there, complete and consistent', async (context) => {
    const scratch: ScratchDatabase = await createScratchDatabase(inject('postgresAdminUrl'), {
      template: inject('postgresTemplate'),
      prefix: inject('postgresDbPrefix'),
    });
    cleanups.push(() => scratch.drop());
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const secret = newAuthSecret();
    const env = () => ({
      DATABASE_URL: scratch.url,
      BETTER_AUTH_SECRET: secret,
      PUBLIC_ORIGIN: origin,
      AUTH_RATE_LIMIT_MAX: '100000',
    });
    const first = await startServer({ label: 'postgres before crash', port, env });
    cleanups.push(() => first.stop());
    const api = client(first.url, origin);
    const { owner, base } = await prepareOwner(api);

    const burst = await burstUntilKilled(first, api, owner.cookie, base);
    const second = await startServer({ label: 'postgres after crash', port, env });
    cleanups.push(() => second.stop());
    await expectServing(client(second.url, origin), owner.cookie, burst);

    const database = await openDatabase({ databaseUrl: scratch.url, maxConnections: 2 });
    cleanups.push(() => database.close());
    const figures = await expectConsistent(database.db, owner.userId, burst, base.length);
    report(
      context,
      `killed after ${burst.acked} acked of ${burst.sent} sent (${burst.failedBySocket} cut); ${figures.recipes} burst recipes, ${figures.sections} menus, ${figures.items} items consistent`,
    );
  });

  it('PGlite on the same DATA_DIR: it opens again, and every acknowledged write is there, complete and consistent', async (context) => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'nutricarte-rel-pglite-'));
    const unregister = onExitCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
    cleanups.push(async () => {
      await rm(dataDir, { recursive: true, force: true });
      unregister();
    });
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const secret = newAuthSecret();
    const env = () => ({ BETTER_AUTH_SECRET: secret, PUBLIC_ORIGIN: origin, AUTH_RATE_LIMIT_MAX: '100000' });
    const first = await startServer({ label: 'pglite before crash', port, env, dataDir });
    cleanups.push(() => first.stop());
    const api = client(first.url, origin);
    const { owner, base } = await prepareOwner(api);

    const burst = await burstUntilKilled(first, api, owner.cookie, base);
    const second = await startServer({ label: 'pglite after crash', port, env, dataDir });
    cleanups.push(() => second.stop());
    await expectServing(client(second.url, origin), owner.cookie, burst);
    await second.stop();

    // PGlite is one process's database: inspect it once the server has stopped.
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pgdata') });
    cleanups.push(() => database.close());
    const figures = await expectConsistent(database.db, owner.userId, burst, base.length);
    report(
      context,
      `killed after ${burst.acked} acked of ${burst.sent} sent (${burst.failedBySocket} cut); ${figures.recipes} burst recipes, ${figures.sections} menus, ${figures.items} items consistent`,
    );
  });
});
