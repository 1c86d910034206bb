import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabaseBefore } from '../test/migration-fixture.ts';

describe('migration 0007-establishment-profile', () => {
  it('keeps every profile of the previous schema, adds empty address lines, and checks them', async () => {
    const old = await openDatabaseBefore('0007-establishment-profile');
    try {
      // Rows as the previous schema made them: the sign-up trigger writes the profile.
      const { rows: users } = await sql<{ id: string }>`
        INSERT INTO users (name, email, signup_restaurant_name) VALUES
          ('Lucie', 'lucie@example.fr', 'Chez Lucie'),
          ('Paul', 'paul@example.fr', NULL)
        RETURNING id`.execute(old.db);
      await sql`UPDATE profiles SET updated_at = '2026-01-02T03:04:05Z'`.execute(old.db);
      const before = await sql<{ id: string; restaurant_name: string; created_at: Date; updated_at: Date }>`
        SELECT id, restaurant_name, created_at, updated_at FROM profiles ORDER BY restaurant_name`.execute(old.db);
      expect(before.rows.map((r) => r.restaurant_name)).toEqual(['Chez Lucie', 'Mon Restaurant']);

      // Migration 0009 moved profiles to establishments (its own test): stop at 0007.
      expect(await old.migrateTo('0007-establishment-profile')).toContain('0007-establishment-profile');

      const after = await sql<Record<string, unknown>>`
        SELECT id, restaurant_name, created_at, updated_at, address, postal_code, city, phone FROM profiles ORDER BY restaurant_name`.execute(
        old.db,
      );
      expect(after.rows).toEqual(
        before.rows.map((row) => ({ ...row, address: null, postal_code: null, city: null, phone: null })),
      );

      const lucie = users[0]!.id;
      await sql`UPDATE profiles SET address = '12 rue des Halles', postal_code = '75001', city = 'Paris', phone = '01 23 45 67 89' WHERE id = ${lucie}`.execute(
        old.db,
      );
      await expect(sql`UPDATE profiles SET phone = '12' WHERE id = ${lucie}`.execute(old.db)).rejects.toMatchObject({
        code: '23514',
      });
    } finally {
      await old.close();
    }
  });
});
