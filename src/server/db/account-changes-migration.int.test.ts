import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabaseBefore } from '../test/migration-fixture.ts';

describe('migration 0019-account-changes', () => {
  it('keeps every row of the previous schema and announces what GET /api/me shows; down removes the triggers', async () => {
    const old = await openDatabaseBefore('0019-account-changes');
    try {
      const db = old.db;
      await sql`INSERT INTO users (name, email, signup_restaurant_name) VALUES ('Lucie', 'lucie-0019@example.fr', 'Chez Lucie')`.execute(
        db,
      );
      const owner = (
        await sql<{
          id: string;
          org: string;
        }>`SELECT id, active_organisation_id AS org FROM users WHERE email = 'lucie-0019@example.fr'`.execute(db)
      ).rows[0]!;
      await sql`INSERT INTO recipes (organisation_id, created_by, name, servings) VALUES (${owner.org}, ${owner.id}, 'Quiche', 4)`.execute(
        db,
      );
      const snapshot = async () =>
        Object.fromEntries(
          await Promise.all(
            ['users', 'organisations', 'memberships', 'recipes', 'invitations'].map(
              async (table) =>
                [
                  table,
                  (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)} ORDER BY 1`.execute(db)).rows,
                ] as const,
            ),
          ),
        );
      const before = await snapshot();

      expect(await old.migrateTo('0019-account-changes')).toContain('0019-account-changes');
      expect(await snapshot()).toEqual(before);

      const triggers = async () =>
        (
          await sql<{
            tgname: string;
          }>`SELECT tgname FROM pg_trigger WHERE tgname LIKE '%account_changed' ORDER BY tgname`.execute(db)
        ).rows.map((r) => r.tgname);
      expect(await triggers()).toEqual([
        'invitations_account_changed',
        'memberships_account_changed',
        'organisations_account_changed',
        'recipes_account_changed',
      ]);
      // The triggers run with the writes they follow (a NOTIFY is sent at commit).
      await sql`INSERT INTO recipes (organisation_id, created_by, name, servings) VALUES (${owner.org}, ${owner.id}, 'Tarte', 6)`.execute(
        db,
      );
      await sql`UPDATE organisations SET name = 'Chez Lucie et Paul' WHERE id = ${owner.org}`.execute(db);
      await sql`UPDATE memberships SET role = 'owner' WHERE user_id = ${owner.id}`.execute(db);

      const { down } = await import('./migrations/0019-account-changes.ts');
      await down(db as never);
      expect(await triggers()).toEqual([]);
    } finally {
      await old.close();
    }
  });
});
