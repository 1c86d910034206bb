import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabaseBefore } from '../test/migration-fixture.ts';

describe('migration 0021-open-vocabularies', () => {
  it('keeps every member, invitation and history line, then takes the new roles and any history word of the right form; down turns the new roles into viewers', async () => {
    const old = await openDatabaseBefore('0021-open-vocabularies');
    try {
      const db = old.db;
      await sql`INSERT INTO users (name, email, signup_restaurant_name) VALUES ('Lucie', 'lucie-0021@example.fr', 'Chez Lucie')`.execute(
        db,
      );
      const owner = (
        await sql<{
          id: string;
          org: string;
        }>`SELECT id, active_organisation_id AS org FROM users WHERE email = 'lucie-0021@example.fr'`.execute(db)
      ).rows[0]!;
      await sql`INSERT INTO invitations (organisation_id, email, role, invited_by, token_hash, expires_at)
        VALUES (${owner.org}, 'paul@example.fr', 'editor', ${owner.id}, 'h1', now() + interval '7 days')`.execute(db);
      await sql`INSERT INTO audit_events (organisation_id, actor_id, actor_name, action, entity_type, entity_name)
        VALUES (${owner.org}, ${owner.id}, 'Lucie', 'created', 'recipe', 'Quiche')`.execute(db);
      const snapshot = async () =>
        Object.fromEntries(
          await Promise.all(
            ['memberships', 'invitations', 'audit_events'].map(
              async (table) =>
                [
                  table,
                  (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)} ORDER BY 1`.execute(db)).rows,
                ] as const,
            ),
          ),
        );
      const before = await snapshot();
      // The old lists refuse what the third round needs.
      await expect(
        sql`UPDATE invitations SET role = 'service' WHERE email = 'paul@example.fr'`.execute(db),
      ).rejects.toThrow(/invitations_role_check/);

      expect(await old.migrateToLatest()).toContain('0021-open-vocabularies');
      expect(await snapshot()).toEqual(before);

      await sql`UPDATE invitations SET role = 'service' WHERE email = 'paul@example.fr'`.execute(db);
      await sql`UPDATE memberships SET role = 'dietitian' WHERE user_id = ${owner.id}`.execute(db);
      await sql`INSERT INTO audit_events (organisation_id, actor_name, action, entity_type, entity_name)
        VALUES (${owner.org}, 'Lucie', 'price_changed', 'ingredient_price', 'Beurre')`.execute(db);
      await expect(sql`UPDATE memberships SET role = 'chef' WHERE user_id = ${owner.id}`.execute(db)).rejects.toThrow(
        /memberships_role_check/,
      );
      for (const action of ['Created', 'created ', 'drop table', '', '_x'])
        await expect(
          sql`INSERT INTO audit_events (organisation_id, actor_name, action, entity_type, entity_name)
            VALUES (${owner.org}, 'Lucie', ${action}, 'recipe', 'x')`.execute(db),
        ).rejects.toThrow(/audit_events_action_check/);

      const { down } = await import('./migrations/0021-open-vocabularies.ts');
      await down(db as never);
      const roles = await sql<{
        role: string;
      }>`SELECT role FROM memberships WHERE user_id = ${owner.id} UNION ALL SELECT role FROM invitations WHERE email = 'paul@example.fr'`.execute(
        db,
      );
      expect(roles.rows.map((r) => r.role)).toEqual(['viewer', 'viewer']);
    } finally {
      await old.close();
    }
  });
});
