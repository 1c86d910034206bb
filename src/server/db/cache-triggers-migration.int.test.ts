import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabaseBefore, type OldDatabase } from '../test/migration-fixture.ts';
import type { DB } from './schema.ts';

/**
 * Migration 0031-cache-triggers-from-contract replaces the hand-written triggers of 0015, 0019
 * and 0020 by those written from src/server/db/cache-contract.ts: the same writes must announce
 * the same payloads on `nutricarte_cache` before it, after it, and after its `down`. One series
 * of writes touches every announced table; each step's payloads are heard (up to a marker sent
 * after it) and written with names instead of ids, so three runs on new rows compare.
 */
const MIGRATION = '0031-cache-triggers-from-contract';

type Heard = Record<string, string[]>;

async function writesAndPayloads(old: OldDatabase, run: string): Promise<Heard> {
  const db = old.db as unknown as Kysely<DB>;
  const names = new Map<string, string>();
  const heard: string[] = [];
  const subscription = await old.listen('nutricarte_cache', {
    message: (payload) => heard.push(payload),
    reset: () => {},
  });
  const steps: Heard = {};
  let marker = 0;
  const step = async (name: string, write: () => Promise<unknown>) => {
    heard.length = 0;
    await write();
    const sync = `sync:${run}:${++marker}`;
    await sql`SELECT pg_notify('nutricarte_cache', ${sync})`.execute(db);
    await expect.poll(() => heard.includes(sync), { timeout: 5_000 }).toBe(true);
    steps[name] = heard.filter((payload) => !payload.startsWith('sync:'));
  };
  const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db)).rows[0]!;
  /** A step that makes a row: its id, named in the payloads when `label` is given. */
  const created = async (name: string, query: ReturnType<typeof sql<{ id: string }>>, label?: string) => {
    let id = '';
    await step(name, async () => {
      id = (await one(query)).id;
    });
    if (label) names.set(id, label);
    return id;
  };
  try {
    const email = `lucie-0031-${run}@example.fr`;
    await step('sign-up', () =>
      sql`INSERT INTO users (name, email, signup_restaurant_name) VALUES ('Lucie', ${email}, 'Chez Lucie')`.execute(db),
    );
    const user = await one(sql<{ id: string; org: string }>`
      SELECT id, active_organisation_id AS org FROM users WHERE email = ${email}`);
    names.set(user.id, 'user').set(user.org, 'organisation');
    await step('user renamed', () => sql`UPDATE users SET name = 'Lucie M.' WHERE id = ${user.id}`.execute(db));
    const token = `token-${run}`;
    names.set(token, 'session');
    await step('session opened', () =>
      sql`INSERT INTO sessions (user_id, token, expires_at) VALUES (${user.id}, ${token}, now() + interval '1 day')`.execute(
        db,
      ),
    );
    await step('session renewed', () =>
      sql`UPDATE sessions SET expires_at = now() + interval '2 days' WHERE token = ${token}`.execute(db),
    );
    await step('organisation renamed', () =>
      sql`UPDATE organisations SET name = 'Chez Lucie et Paul' WHERE id = ${user.org}`.execute(db),
    );
    await step('invitation', () =>
      sql`INSERT INTO invitations (organisation_id, email, role, invited_by, token_hash, expires_at)
        VALUES (${user.org}, 'paul@example.fr', 'editor', ${user.id}, ${`h-${run}`}, now() + interval '7 days')`.execute(
        db,
      ),
    );
    await step('subscription', () =>
      sql`INSERT INTO subscriptions (organisation_id) VALUES (${user.org})
        ON CONFLICT ON CONSTRAINT subscriptions_pkey DO UPDATE SET updated_at = now()`.execute(db),
    );
    const establishment = await one(sql<{ id: string }>`
      SELECT id FROM establishments WHERE organisation_id = ${user.org} LIMIT 1`).catch(() => null);
    const establishmentId =
      establishment?.id ??
      (
        await one(sql<{ id: string }>`
        INSERT INTO establishments (organisation_id, name) VALUES (${user.org}, 'Chez Lucie') RETURNING id`)
      ).id;
    names.set(establishmentId, 'establishment');
    await step('establishment renamed', () =>
      sql`UPDATE establishments SET name = 'Chez Lucie, Lyon' WHERE id = ${establishmentId}`.execute(db),
    );
    const recipe = await created(
      'recipe created',
      sql<{ id: string }>`
      INSERT INTO recipes (organisation_id, created_by, name, servings) VALUES (${user.org}, ${user.id}, 'Quiche', 4) RETURNING id`,
      'recipe',
    );
    await step('product created', () =>
      sql`INSERT INTO products (organisation_id, name, name_folded) VALUES (${user.org}, 'Fond blanc', 'fond blanc')`.execute(
        db,
      ),
    );
    const menu = await created(
      'menu created',
      sql<{ id: string }>`
      INSERT INTO menus (organisation_id, establishment_id, name) VALUES (${user.org}, ${establishmentId}, 'Carte') RETURNING id`,
      'menu',
    );
    const section = await created(
      'section created',
      sql<{ id: string }>`
      INSERT INTO menu_sections (menu_id, name, display_order) VALUES (${menu}, 'Plats', 0) RETURNING id`,
    );
    await step('item created', () =>
      sql`INSERT INTO menu_items (menu_section_id, name, display_order, recipe_id) VALUES (${section}, 'Quiche', 0, ${recipe}), (${section}, 'Pain', 1, NULL)`.execute(
        db,
      ),
    );
    await step('formule created', () =>
      sql`INSERT INTO formules (menu_id, name, price, choices, display_order) VALUES (${menu}, 'Midi', 14, '[]', 0)`.execute(
        db,
      ),
    );
    await step('recipe renamed (shown on the menu)', () =>
      sql`UPDATE recipes SET name = 'Quiche lorraine' WHERE id = ${recipe}`.execute(db),
    );
    const code = await created(
      'QR code created',
      sql<{ id: string }>`
      INSERT INTO qr_codes (organisation_id, menu_id, name) VALUES (${user.org}, ${menu}, 'Table 1') RETURNING id`,
    );
    await step('QR code scanned (not announced)', () =>
      sql`UPDATE qr_codes SET scan_count = scan_count + 1 WHERE id = ${code}`.execute(db),
    );
    await step('QR code paused', () => sql`UPDATE qr_codes SET status = 'inactive' WHERE id = ${code}`.execute(db));
    await step('item deleted', () =>
      sql`DELETE FROM menu_items WHERE menu_section_id = ${section} AND name = 'Quiche'`.execute(db),
    );
    // Its items go with their sections: the last one's section is already gone, so it says `*`.
    await step('menu deleted with its sections', () => sql`DELETE FROM menus WHERE id = ${menu}`.execute(db));
    await step('recipe deleted', () => sql`DELETE FROM recipes WHERE id = ${recipe}`.execute(db));
    await step('session ended', () => sql`DELETE FROM sessions WHERE token = ${token}`.execute(db));
    await step('member left', () =>
      sql`DELETE FROM memberships WHERE user_id = ${user.id} AND organisation_id = ${user.org}`.execute(db),
    );
  } finally {
    await subscription.close();
  }
  // Names instead of ids, once every id is known (the sign-up's are read after it).
  const named = (payload: string) => payload.replace(/(?<=^\w:).*/, (key) => names.get(key) ?? `unknown ${key}`);
  return Object.fromEntries(
    Object.entries(steps).map(([name, payloads]) => [name, [...new Set(payloads.map(named))].sort()]),
  );
}

describe(`migration ${MIGRATION}`, () => {
  it('announces every write exactly as the hand-written triggers did; down brings those back, announcing the same', async () => {
    const old = await openDatabaseBefore(MIGRATION);
    try {
      const triggers = async () =>
        (
          await sql<{ fn: string }>`
          SELECT DISTINCT p.proname AS fn FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid
          WHERE NOT t.tgisinternal AND p.prosrc LIKE '%nutricarte_cache%' ORDER BY 1`.execute(old.db)
        ).rows.map((row) => row.fn);
      const handWritten = await triggers();
      expect(handWritten).toContain('public_changed_organisation');
      const before = await writesAndPayloads(old, 'before');
      // The series reaches every kind of payload, and a write the caches ignore announces nothing.
      expect(new Set(Object.values(before).flatMap((p) => p.map((payload) => payload[0])))).toEqual(
        new Set(['o', 'm', 's', 'u', 'c', 'i', '*']),
      );
      expect(before['QR code scanned (not announced)']).toEqual([]);
      expect(before['recipe renamed (shown on the menu)']).toEqual(['i:organisation', 'm:menu']);

      expect(await old.migrateTo(MIGRATION)).toContain(MIGRATION);
      expect((await triggers()).every((fn) => fn.startsWith('notify_'))).toBe(true);
      expect(await writesAndPayloads(old, 'after')).toEqual(before);

      const { down } = await import('./migrations/0031-cache-triggers-from-contract.ts');
      await down(old.db as never);
      expect(await triggers()).toEqual(handWritten);
      expect(await writesAndPayloads(old, 'down')).toEqual(before);
    } finally {
      await old.close();
    }
  });
});
