import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabaseBefore } from '../test/migration-fixture.ts';

describe('migration 0028-public-api', () => {
  it('keeps the outbox and the menus as they were, adds keys, calls, endpoints and the webhook triggers; down removes them and their deliveries', async () => {
    const old = await openDatabaseBefore('0028-public-api');
    try {
      const db = old.db;
      await sql`INSERT INTO users (name, email, signup_restaurant_name) VALUES ('Lucie', 'lucie-0028@example.fr', 'Chez Lucie')`.execute(
        db,
      );
      const owner = (
        await sql<{ id: string; org: string }>`
          SELECT id, active_organisation_id AS org FROM users WHERE email = 'lucie-0028@example.fr'`.execute(db)
      ).rows[0]!;
      const establishment = (
        await sql<{ id: string }>`SELECT id FROM establishments WHERE organisation_id = ${owner.org}`.execute(db)
      ).rows[0]!.id;
      const menu = (
        await sql<{
          id: string;
        }>`INSERT INTO menus (organisation_id, establishment_id, name) VALUES (${owner.org}, ${establishment}, 'Carte') RETURNING id`.execute(
          db,
        )
      ).rows[0]!.id;
      const outbox = async () =>
        (
          await sql<
            Record<string, unknown>
          >`SELECT id, kind, name, payload, status FROM event_outbox ORDER BY id`.execute(db)
        ).rows;
      const before = await outbox();
      expect(before.length).toBeGreaterThan(0); // the sign-up's contact sync

      expect(await old.migrateToLatest()).toContain('0028-public-api');
      expect(await outbox()).toEqual(before);

      await sql`INSERT INTO webhook_endpoints (organisation_id, url, events, secret)
        VALUES (${owner.org}, 'https://example.com/h', ARRAY['menu.updated'], 'whsec_x')`.execute(db);
      await sql`INSERT INTO api_keys (organisation_id, name, prefix, key_hash, scopes)
        VALUES (${owner.org}, 'Caisse', 'nc_live_abcd', 'h', ARRAY['menus:read'])`.execute(db);
      // Two changes of one menu in one transaction: one delivery.
      await db.transaction().execute(async (trx) => {
        await sql`UPDATE menus SET name = 'Carte du midi' WHERE id = ${menu}`.execute(trx);
        await sql`UPDATE menus SET description = 'Du marché' WHERE id = ${menu}`.execute(trx);
      });
      const hooks = (
        await sql<{ name: string; payload: { data: { name: string } } }>`
          SELECT name, payload FROM event_outbox WHERE kind = 'webhook'`.execute(db)
      ).rows;
      expect(hooks.map((h) => [h.name, h.payload.data.name])).toEqual([['menu.updated', 'Carte du midi']]);

      const { down } = await import('./migrations/0028-public-api.ts');
      await down(db as never);
      expect(await outbox()).toEqual(before);
      const tables = (
        await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables
          WHERE table_name IN ('api_keys', 'api_calls', 'webhook_endpoints')`.execute(db)
      ).rows;
      expect(tables).toEqual([]);
      await sql`UPDATE menus SET name = 'Carte' WHERE id = ${menu}`.execute(db);
      await expect(
        sql`INSERT INTO event_outbox (kind, name, payload) VALUES ('webhook', 'x', '{}')`.execute(db),
      ).rejects.toThrow(/event_outbox_kind_check/);
    } finally {
      await old.close();
    }
  }, 120_000);
});
