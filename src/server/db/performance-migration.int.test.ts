import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabaseBefore } from '../test/migration-fixture.ts';

/** 0015-performance on a database filled by the schema before it (src/server/db/migrations/0015-performance.ts). */
describe('migration 0015-performance', () => {
  it('keeps every row and adds the change triggers, which fire without changing anything', async () => {
    const old = await openDatabaseBefore('0015-performance');
    try {
      const db = old.db;
      const { rows } = await sql<{ id: string }>`INSERT INTO users (name, email) VALUES ('Chef', 'chef@example.com') RETURNING id`.execute(db);
      const userId = rows[0]!.id;
      await sql`INSERT INTO sessions (user_id, token, expires_at) VALUES (${userId}, 'jeton-1', now() + interval '1 day'), (${userId}, 'jeton-2', now() + interval '1 day')`.execute(db);
      const counts = async () =>
        (await sql<{ users: number; sessions: number }>`SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM sessions) AS sessions`.execute(db)).rows[0];
      const before = await counts();

      expect(await old.migrateToLatest()).toContain('0015-performance');
      expect(await counts()).toEqual(before);
      const { rows: triggers } = await sql<{ tgname: string }>`SELECT tgname FROM pg_trigger WHERE tgname LIKE '%\\_changed' AND tgname <> 'accounts_password_changed' ORDER BY tgname`.execute(db);
      expect(triggers.map((r) => r.tgname)).toEqual([
        'establishments_public_changed',
        'menu_items_public_changed',
        'menu_sections_public_changed',
        'menus_public_changed',
        'qr_codes_public_changed',
        'recipes_public_changed',
        'sessions_changed',
        'subscriptions_public_changed',
        'users_changed',
      ]);
      // The triggers only announce: the writes they follow go through unchanged.
      await sql`UPDATE users SET name = 'Cheffe' WHERE id = ${userId}`.execute(db);
      await sql`DELETE FROM sessions WHERE token = 'jeton-1'`.execute(db);
      expect(await counts()).toEqual({ users: 1, sessions: 1 });
    } finally {
      await old.close();
    }
  });
});
