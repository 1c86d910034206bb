import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabaseBefore } from '../test/migration-fixture.ts';

describe('migration 0029-establishment-accessibility-contact', () => {
  it('keeps every establishment as it was, without a contact; takes one of 1 to 200 characters; down removes the column', async () => {
    const old = await openDatabaseBefore('0029-establishment-accessibility-contact');
    try {
      const db = old.db;
      await sql`INSERT INTO users (name, email, signup_restaurant_name) VALUES ('Lucie', 'lucie-0029@example.fr', 'Cantine Jules Ferry')`.execute(
        db,
      );
      const org = (
        await sql<{
          org: string;
        }>`SELECT active_organisation_id AS org FROM users WHERE email = 'lucie-0029@example.fr'`.execute(db)
      ).rows[0]!.org;
      await sql`INSERT INTO establishments (organisation_id, name, city, phone) VALUES (${org}, 'Annexe', 'Lyon', '04 72 10 30 30')`.execute(
        db,
      );
      const rows = () =>
        sql<
          Record<string, unknown>
        >`SELECT id, name, address, postal_code, city, phone FROM establishments WHERE organisation_id = ${org} ORDER BY name`.execute(
          db,
        );
      const before = (await rows()).rows;
      expect(before).toHaveLength(2);

      expect(await old.migrateToLatest()).toContain('0029-establishment-accessibility-contact');
      expect((await rows()).rows).toEqual(before);
      const contacts = await sql<{
        accessibility_contact: string | null;
      }>`SELECT accessibility_contact FROM establishments WHERE organisation_id = ${org}`.execute(db);
      expect(contacts.rows.map((r) => r.accessibility_contact)).toEqual([null, null]);

      await sql`UPDATE establishments SET accessibility_contact = 'accessibilite@mairie.fr' WHERE name = 'Annexe' AND organisation_id = ${org}`.execute(
        db,
      );
      for (const value of ['', 'x'.repeat(201)])
        await expect(
          sql`UPDATE establishments SET accessibility_contact = ${value} WHERE organisation_id = ${org}`.execute(db),
        ).rejects.toThrow(/establishments_accessibility_contact_check/);

      const { down } = await import('./migrations/0029-establishment-accessibility-contact.ts');
      await down(db as never);
      const columns = await sql<{
        column_name: string;
      }>`SELECT column_name FROM information_schema.columns WHERE table_name = 'establishments'`.execute(db);
      expect(columns.rows.map((c) => c.column_name)).not.toContain('accessibility_contact');
      expect((await rows()).rows).toEqual(before);
    } finally {
      await old.close();
    }
  });
});
