import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabaseBefore } from '../test/migration-fixture.ts';

describe('migration 0016-costs-progression', () => {
  it('keeps every recipe of the previous schema, sold on site with no steps, and refuses an unknown sale mode', async () => {
    const old = await openDatabaseBefore('0016-costs-progression');
    try {
      const one = async <T>(query: { execute(db: typeof old.db): Promise<{ rows: T[] }> }) =>
        (await query.execute(old.db)).rows[0]!;
      await sql`INSERT INTO users (name, email, signup_restaurant_name) VALUES ('Lucie', 'lucie-0016@example.fr', 'Chez Lucie')`.execute(
        old.db,
      );
      const user = await one(
        sql<{
          id: string;
          org: string;
        }>`SELECT id, active_organisation_id AS org FROM users WHERE email = 'lucie-0016@example.fr'`,
      );
      await sql`INSERT INTO recipes (organisation_id, created_by, name, description, servings, allergens, price)
        VALUES (${user.org}, ${user.id}, 'Quiche', 'Aux poireaux', 6, '{Gluten}', 9.5)`.execute(old.db);
      const before = await sql<
        Record<string, unknown>
      >`SELECT id, name, description, servings, allergens, price, updated_at FROM recipes`.execute(old.db);

      expect(await old.migrateToLatest()).toContain('0016-costs-progression');

      const after = await sql<
        Record<string, unknown>
      >`SELECT id, name, description, servings, allergens, price, updated_at, sale_mode, progression FROM recipes`.execute(
        old.db,
      );
      expect(after.rows).toEqual(before.rows.map((row) => ({ ...row, sale_mode: 'sur_place', progression: [] })));
      await expect(sql`UPDATE recipes SET sale_mode = 'livraison'`.execute(old.db)).rejects.toMatchObject({
        code: '23514',
      });

      const { down } = await import('./migrations/0016-costs-progression.ts');
      await down(old.db as never);
      const downed = await sql<
        Record<string, unknown>
      >`SELECT id, name, description, servings, allergens, price, updated_at FROM recipes`.execute(old.db);
      expect(downed.rows).toEqual(before.rows);
    } finally {
      await old.close();
    }
  });
});
