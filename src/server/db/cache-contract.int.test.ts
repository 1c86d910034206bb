import { Kysely, PostgresDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchOwnIngredients } from '../features/catalogue/own-ingredients.ts';
import { readMe } from '../features/account/service.ts';
import { loadPublicMenuSource } from '../features/public-menu/service.ts';
import { findScanTarget } from '../features/qr/service.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { CACHE_CONTRACT, cacheTriggerFunction, UNANNOUNCED_READS } from './cache-contract.ts';
import type { DB } from './schema.ts';

/**
 * The caches' triggers are a contract (src/server/db/cache-contract.ts): each kept read
 * (public menu, QR target, GET /api/me, the ingredient search) is run through a database that
 * writes down its SQL, and every table it names must have a trigger that notifies the cache
 * channel in the database itself, or say why not; and the database's cache triggers are exactly
 * the declared ones (a declaration changed without its migration fails).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** The tables an SQL text reads (FROM, JOIN, and the subqueries' FROM). */
function tablesOf(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(/\b(?:from|join)\s+(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/gi)) {
    const name = match[1]!.toLowerCase();
    if (!['lateral', 'jsonb_array_elements', 'jsonb_array_elements_text', 'unnest', 'jsonb_each'].includes(name))
      names.add(name);
  }
  return [...names].sort();
}

function recordingDb(): { db: Kysely<DB>; read: () => string[] } {
  const texts: string[] = [];
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: t.database.pool }),
    log: (event) => void texts.push(event.query.sql),
  });
  return { db, read: () => [...new Set(texts.flatMap(tablesOf))].sort() };
}

/** The database's triggers that notify the caches' channel, with their function and events. */
async function cacheTriggers(): Promise<{ table: string; trigger: string; fn: string; on: string }[]> {
  const { rows } = await sql<{ table: string; trigger: string; fn: string; definition: string }>`
    SELECT c.relname AS table, t.tgname AS trigger, p.proname AS fn, pg_get_triggerdef(t.oid) AS definition
    FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
    WHERE NOT t.tgisinternal AND p.prosrc LIKE '%pg_notify(''nutricarte_cache''%'
    ORDER BY 1, 2`.execute(t.db);
  return rows.map(({ table, trigger, fn, definition }) => ({
    table,
    trigger,
    fn,
    on: /AFTER (.*) ON /.exec(definition)![1]!,
  }));
}

describe('the caches’ triggers', () => {
  it('the database notifies the cache channel through exactly the declared triggers, as declared', async () => {
    const declared = Object.entries(CACHE_CONTRACT)
      .flatMap(([table, triggers]) =>
        triggers.map((trigger) => ({
          table,
          trigger: trigger.name,
          fn: cacheTriggerFunction(trigger),
          on: trigger.on,
        })),
      )
      .sort((a, b) => a.table.localeCompare(b.table) || a.trigger.localeCompare(b.trigger));
    expect(await cacheTriggers()).toEqual(declared);
  });

  it('finds the tables of an SQL text, so the checks below cannot pass by reading nothing', () => {
    expect(
      tablesOf(
        'select "m"."id" from "menus" as "m" inner join "establishments" as "e" on 1=1 where (SELECT count(*) FROM qr_codes AS older) > 0',
      ),
    ).toEqual(['establishments', 'menus', 'qr_codes']);
  });

  it('every table a kept answer reads is announced, or says why it needs not be', async () => {
    const owner = await t.signUp();
    const call = (method: string, path: string, body?: unknown) =>
      t.request(method, path, { cookie: owner.cookie, body });
    const recipe = (
      await call('POST', '/api/recipes', {
        name: 'Tarte aux pommes',
        servings: 4,
        ingredients: [{ code: '4003', quantity: 1, unit: 'kg' }],
      })
    ).body;
    const menu = (await call('POST', '/api/menus', { name: 'Carte' })).body;
    const section = (await call('POST', `/api/menus/${menu.id}/sections`, { name: 'Desserts' })).body;
    expect((await call('POST', `/api/sections/${section.id}/items`, { recipeId: recipe.id })).status).toBe(201);
    const code = (await call('POST', '/api/qr-codes', { name: 'Table 1', menuId: menu.id })).body;
    const user = await t.db.selectFrom('users').selectAll().where('id', '=', owner.user.id).executeTakeFirstOrThrow();

    const reads: Record<string, () => Promise<unknown>> = {
      'public menu': async () => (await loadPublicMenuSource(recorder.db, menu.id))?.toPublicMenu(),
      'QR target': () => findScanTarget(recorder.db, code.id),
      'GET /api/me': () =>
        readMe(recorder.db, {
          id: user.id,
          email: user.email,
          name: user.name,
          role: 'user',
          emailVerified: true,
        } as Parameters<typeof readMe>[1]),
      'ingredient search': () => searchOwnIngredients(recorder.db, undefined, owner.organisationId, 'tarte', 10),
    };
    // What the database itself has, not what the declaration says: a read of a table without a trigger fails.
    const announced = new Set((await cacheTriggers()).map((row) => row.table));
    const allowed = new Set([...announced, ...Object.keys(UNANNOUNCED_READS)]);
    let recorder = recordingDb();
    const expected: Record<string, string> = {
      'public menu': 'menus',
      'QR target': 'qr_codes',
      'GET /api/me': 'users',
      'ingredient search': 'products',
    };
    for (const [name, read] of Object.entries(reads)) {
      recorder = recordingDb();
      const answer = await read();
      expect(answer, name).toBeTruthy();
      const tables = recorder.read();
      expect(tables, `${name} read its own table`).toContain(expected[name]);
      expect(
        tables.filter((table) => !allowed.has(table)),
        `${name} reads tables no trigger announces (src/server/db/cache-contract.ts)`,
      ).toEqual([]);
    }
  });
});
