import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadPublicMenu } from '../features/public-menu/service.ts';
import { openDatabaseBefore } from '../test/migration-fixture.ts';

describe('migration 0013-menu-languages-and-availability', () => {
  it('keeps every recipe and item of the previous schema, untranslated and not sold out, and the public menu reads them', async () => {
    const old = await openDatabaseBefore('0013-menu-languages-and-availability');
    try {
      const one = async <T>(query: { execute(db: typeof old.db): Promise<{ rows: T[] }> }) =>
        (await query.execute(old.db)).rows[0]!;
      // Rows as the previous schema made them: the sign-up trigger makes the organisation and its establishment.
      await sql`INSERT INTO users (name, email, signup_restaurant_name) VALUES ('Lucie', 'lucie-0013@example.fr', 'Chez Lucie')`.execute(
        old.db,
      );
      const user = await one(
        sql<{
          id: string;
          org: string;
        }>`SELECT id, active_organisation_id AS org FROM users WHERE email = 'lucie-0013@example.fr'`,
      );
      const establishment = await one(
        sql<{ id: string }>`SELECT id FROM establishments WHERE organisation_id = ${user.org}`,
      );
      const recipe = await one(sql<{ id: string }>`
        INSERT INTO recipes (organisation_id, created_by, name, description, servings, allergens) VALUES (${user.org}, ${user.id}, 'Quiche', 'Aux poireaux', 4, '{Gluten}')
        RETURNING id`);
      const menu = await one(sql<{ id: string }>`
        INSERT INTO menus (organisation_id, created_by, establishment_id, name) VALUES (${user.org}, ${user.id}, ${establishment.id}, 'Carte') RETURNING id`);
      const section = await one(
        sql<{
          id: string;
        }>`INSERT INTO menu_sections (menu_id, name, display_order) VALUES (${menu.id}, 'Plats', 0) RETURNING id`,
      );
      await sql`INSERT INTO menu_items (menu_section_id, recipe_id, name, price, display_order, is_available)
        VALUES (${section.id}, ${recipe.id}, 'Quiche', 12.5, 0, true), (${section.id}, NULL, 'Café', 2, 1, false)`.execute(
        old.db,
      );
      const before = await sql<
        Record<string, unknown>
      >`SELECT id, name, price, is_available, display_order, updated_at FROM menu_items ORDER BY display_order`.execute(
        old.db,
      );

      expect(await old.migrateToLatest()).toContain('0013-menu-languages-and-availability');

      const after = await sql<Record<string, unknown>>`
        SELECT id, name, price, is_available, display_order, updated_at, translations, sold_out FROM menu_items ORDER BY display_order`.execute(
        old.db,
      );
      expect(after.rows).toEqual(before.rows.map((row) => ({ ...row, translations: {}, sold_out: false })));
      const recipes = await sql<
        Record<string, unknown>
      >`SELECT name, description, allergens, translations FROM recipes`.execute(old.db);
      expect(recipes.rows).toEqual([
        { name: 'Quiche', description: 'Aux poireaux', allergens: ['Gluten'], translations: {} },
      ]);

      const publicMenu = await loadPublicMenu(old.db, menu.id);
      expect(publicMenu?.sections[0]?.items).toMatchObject([{ name: 'Quiche', soldOut: false, translations: {} }]);
      // Only objects are translations.
      await expect(sql`UPDATE recipes SET translations = '[]'`.execute(old.db)).rejects.toMatchObject({
        code: '23514',
      });

      const { down } = await import('./migrations/0013-menu-languages-and-availability.ts');
      await down(old.db as never);
      const downed = await sql<
        Record<string, unknown>
      >`SELECT id, name, price, is_available, display_order, updated_at FROM menu_items ORDER BY display_order`.execute(
        old.db,
      );
      expect(downed.rows).toEqual(before.rows);
    } finally {
      await old.close();
    }
  });
});
