import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabaseBefore } from '../test/migration-fixture.ts';

/** 0011-photos on a database filled by the schema before it (src/server/db/migrations/0011-photos.ts). */
describe('migration 0011-photos', () => {
  it('keeps every recipe, menu and item without a photo, then releases a photo with the last row that shows it', async () => {
    const old = await openDatabaseBefore('0011-photos');
    try {
      const db = old.db;
      const { rows: users } = await sql<{
        id: string;
      }>`INSERT INTO users (name, email) VALUES ('Chef', 'chef@example.com') RETURNING id`.execute(db);
      const userId = users[0]!.id;
      // The previous schema is 0009's: rows belong to an organisation.
      const { rows: orgs } = await sql<{
        id: string;
      }>`INSERT INTO organisations (name) VALUES ('Bistrot') RETURNING id`.execute(db);
      const orgId = orgs[0]!.id;
      const { rows: recipes } = await sql<{ id: string }>`
        INSERT INTO recipes (organisation_id, created_by, name, servings, allergens)
        VALUES (${orgId}, ${userId}, 'Gratin', 4, '{Lait}'), (${orgId}, ${userId}, 'Soupe', 2, '{}') RETURNING id`.execute(
        db,
      );
      const { rows: sites } = await sql<{
        id: string;
      }>`INSERT INTO establishments (organisation_id, name) VALUES (${orgId}, 'Bistrot') RETURNING id`.execute(db);
      const { rows: menus } = await sql<{ id: string }>`
        INSERT INTO menus (organisation_id, establishment_id, created_by, name) VALUES (${orgId}, ${sites[0]!.id}, ${userId}, 'Carte') RETURNING id`.execute(
        db,
      );
      const { rows: sections } = await sql<{
        id: string;
      }>`INSERT INTO menu_sections (menu_id, name, display_order) VALUES (${menus[0]!.id}, 'Plats', 0) RETURNING id`.execute(
        db,
      );
      await sql`INSERT INTO menu_items (menu_section_id, recipe_id, name, price, display_order)
        VALUES (${sections[0]!.id}, ${recipes[0]!.id}, 'Gratin', 12.5, 0), (${sections[0]!.id}, NULL, 'Vin rouge', 5, 1)`.execute(
        db,
      );
      const snapshot = async () => ({
        recipes: (await sql`SELECT id, name, servings, allergens FROM recipes ORDER BY name`.execute(db)).rows,
        items: (
          await sql`SELECT id, recipe_id, name, price, display_order FROM menu_items ORDER BY display_order`.execute(db)
        ).rows,
      });
      const before = await snapshot();

      expect(await old.migrateToLatest()).toContain('0011-photos');
      expect(await snapshot()).toEqual(before);
      const photoIds = await sql<{
        photo_id: string | null;
      }>`SELECT photo_id FROM recipes UNION ALL SELECT photo_id FROM menu_items`.execute(db);
      expect(photoIds.rows).toEqual([{ photo_id: null }, { photo_id: null }, { photo_id: null }, { photo_id: null }]);

      // One file shown by a recipe and an item: it stays while one of them shows it.
      const id = 'a'.repeat(32);
      await sql`INSERT INTO photos (id) VALUES (${id})`.execute(db);
      await sql`INSERT INTO photo_variants (photo_id, width, height, byte_size, bytes) VALUES (${id}, 320, 240, 3, '\\x010203'), (${id}, 640, 480, 4, NULL)`.execute(
        db,
      );
      await sql`UPDATE recipes SET photo_id = ${id} WHERE name = 'Gratin'`.execute(db);
      await sql`UPDATE menu_items SET photo_id = ${id} WHERE name = 'Vin rouge'`.execute(db);
      await sql`DELETE FROM recipes WHERE name = 'Gratin'`.execute(db);
      expect((await sql`SELECT id FROM photos`.execute(db)).rows).toHaveLength(1);
      await sql`UPDATE menu_items SET photo_id = NULL WHERE name = 'Vin rouge'`.execute(db);
      expect((await sql`SELECT id FROM photos`.execute(db)).rows).toHaveLength(0);
      expect((await sql`SELECT photo_id FROM photo_variants`.execute(db)).rows).toHaveLength(0);
      // The copy kept in the bucket (NULL bytes) is queued for deletion from it.
      expect((await sql`SELECT object_key FROM photo_orphans`.execute(db)).rows).toEqual([
        { object_key: `photos/${id}-640.webp` },
      ]);
      // A photo id must be 32 hex digits (it is a file name), and bytes must match their size.
      await expect(sql`INSERT INTO photos (id) VALUES ('../../etc/passwd')`.execute(db)).rejects.toThrow(
        /photos_id_check/,
      );
      await sql`INSERT INTO photos (id) VALUES (${'b'.repeat(32)})`.execute(db);
      await expect(
        sql`INSERT INTO photo_variants (photo_id, width, height, byte_size, bytes) VALUES (${'b'.repeat(32)}, 320, 240, 9, '\\x01')`.execute(
          db,
        ),
      ).rejects.toThrow(/photo_variants_size_matches/);
    } finally {
      await old.close();
    }
  });
});
