import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadPublicMenu } from '../features/public-menu/service.ts';
import { openDatabaseBefore } from '../test/migration-fixture.ts';

/** 0015-performance on a database filled by the schema before it (src/server/db/migrations/0015-performance.ts). */
describe('migration 0015-performance', () => {
  it('keeps every row and adds the change triggers, which fire without changing anything', async () => {
    const old = await openDatabaseBefore('0015-performance');
    try {
      const db = old.db;
      const { rows } = await sql<{
        id: string;
      }>`INSERT INTO users (name, email) VALUES ('Chef', 'chef@example.com') RETURNING id`.execute(db);
      const userId = rows[0]!.id;
      await sql`INSERT INTO sessions (user_id, token, expires_at) VALUES (${userId}, 'jeton-1', now() + interval '1 day'), (${userId}, 'jeton-2', now() + interval '1 day')`.execute(
        db,
      );
      // A menu of the previous schema (0014): organisation and establishment from the sign-up
      // trigger, a translated recipe with a photo, a priced dish sold out tonight.
      await sql`INSERT INTO users (name, email, signup_restaurant_name) VALUES ('Lucie', 'lucie-0015@example.fr', 'Chez Lucie')`.execute(
        db,
      );
      const one = async <T>(query: { execute(d: typeof db): Promise<{ rows: T[] }> }) =>
        (await query.execute(db)).rows[0]!;
      const owner = await one(
        sql<{
          id: string;
          org: string;
        }>`SELECT id, active_organisation_id AS org FROM users WHERE email = 'lucie-0015@example.fr'`,
      );
      const establishment = await one(
        sql<{ id: string }>`SELECT id FROM establishments WHERE organisation_id = ${owner.org}`,
      );
      await sql`INSERT INTO photos (id) VALUES ('0123456789abcdef0123456789abcdef')`.execute(db);
      await sql`INSERT INTO photo_variants (photo_id, width, height, byte_size, bytes) VALUES ('0123456789abcdef0123456789abcdef', 320, 240, 2, decode('0102', 'hex'))`.execute(
        db,
      );
      const recipe = await one(sql<{ id: string }>`
        INSERT INTO recipes (organisation_id, created_by, name, servings, allergens, translations, photo_id)
        VALUES (${owner.org}, ${owner.id}, 'Quiche', 4, '{Gluten}', '{"en": {"name": "Quiche"}}', '0123456789abcdef0123456789abcdef') RETURNING id`);
      const menu = await one(sql<{ id: string }>`
        INSERT INTO menus (organisation_id, created_by, establishment_id, name) VALUES (${owner.org}, ${owner.id}, ${establishment.id}, 'Carte') RETURNING id`);
      const section = await one(
        sql<{
          id: string;
        }>`INSERT INTO menu_sections (menu_id, name, display_order) VALUES (${menu.id}, 'Plats', 0) RETURNING id`,
      );
      await sql`INSERT INTO menu_items (menu_section_id, recipe_id, name, price, display_order, is_available, sold_out)
        VALUES (${section.id}, ${recipe.id}, 'Quiche', 12.5, 0, true, true)`.execute(db);
      const counts = async () =>
        (
          await sql<
            Record<string, number>
          >`SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM sessions) AS sessions,
            (SELECT count(*)::int FROM menu_items) AS items, (SELECT count(*)::int FROM recipes) AS recipes, (SELECT count(*)::int FROM photo_variants) AS photos`.execute(
            db,
          )
        ).rows[0];
      const before = await counts();

      expect(await old.migrateTo('0015-performance')).toContain('0015-performance');
      expect(await counts()).toEqual(before);
      // Today's public menu query reads columns of later migrations: the page is read on the latest schema.
      await old.migrateToLatest();
      expect(await counts()).toEqual(before);
      expect((await loadPublicMenu(db, menu.id))?.sections[0]?.items[0]).toMatchObject({
        name: 'Quiche',
        price: 12.5,
        soldOut: true,
        translations: { en: { name: 'Quiche' } },
      });
      // This migration's triggers (0019's, `*_account_changed`, are account-changes-migration.int.test.ts's;
      // 0020's, `*_own_ingredients_changed`, own-ingredient-changes-migration.int.test.ts's).
      const { rows: triggers } = await sql<{
        tgname: string;
      }>`SELECT tgname FROM pg_trigger WHERE tgname LIKE '%\\_changed' AND tgname <> 'accounts_password_changed'
        AND tgname NOT LIKE '%\\_account\\_changed' AND tgname NOT LIKE '%\\_own\\_ingredients\\_changed' ORDER BY tgname`.execute(
        db,
      );
      expect(triggers.map((r) => r.tgname)).toEqual([
        'establishments_public_changed',
        'formules_public_changed',
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
      await sql`UPDATE recipes SET translations = '{}' WHERE id = ${recipe.id}`.execute(db);
      await sql`UPDATE menu_items SET sold_out = false WHERE menu_section_id = ${section.id}`.execute(db);
      expect(await counts()).toEqual({ ...before, users: 2, sessions: 1 });
      expect((await loadPublicMenu(db, menu.id))?.sections[0]?.items[0]).toMatchObject({
        soldOut: false,
        translations: {},
      });
    } finally {
      await old.close();
    }
  });
});
