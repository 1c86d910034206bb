import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabaseBefore } from '../test/migration-fixture.ts';

/** 0012-menu-items-prices-formules on a database filled by the schema before it (0011-photos). */
describe('migration 0012-menu-items-prices-formules', () => {
  it('keeps every item and recipe; the 0 every item was given becomes « not set », a real price stays', async () => {
    const old = await openDatabaseBefore('0012-menu-items-prices-formules');
    try {
      const db = old.db;
      const { rows: users } = await sql<{
        id: string;
      }>`INSERT INTO users (name, email) VALUES ('Chef', 'chef@example.com') RETURNING id`.execute(db);
      const userId = users[0]!.id;
      const { rows: orgs } = await sql<{
        id: string;
      }>`INSERT INTO organisations (name) VALUES ('Bistrot') RETURNING id`.execute(db);
      const orgId = orgs[0]!.id;
      const { rows: sites } = await sql<{
        id: string;
      }>`INSERT INTO establishments (organisation_id, name) VALUES (${orgId}, 'Bistrot') RETURNING id`.execute(db);
      const { rows: recipes } = await sql<{ id: string }>`
        INSERT INTO recipes (organisation_id, created_by, name, servings, allergens, allergens_declared)
        VALUES (${orgId}, ${userId}, 'Gratin', 4, '{Lait}', true) RETURNING id`.execute(db);
      const { rows: menus } = await sql<{ id: string }>`
        INSERT INTO menus (organisation_id, establishment_id, created_by, name) VALUES (${orgId}, ${sites[0]!.id}, ${userId}, 'Carte') RETURNING id`.execute(
        db,
      );
      const { rows: sections } = await sql<{
        id: string;
      }>`INSERT INTO menu_sections (menu_id, name, display_order) VALUES (${menus[0]!.id}, 'Plats', 0) RETURNING id`.execute(
        db,
      );
      await sql`INSERT INTO menu_items (menu_section_id, recipe_id, name, description, price, is_available, display_order)
        VALUES (${sections[0]!.id}, ${recipes[0]!.id}, 'Gratin', 'Crème', 12.5, true, 0),
               (${sections[0]!.id}, ${recipes[0]!.id}, 'Gratin du jour', '', 0, false, 1)`.execute(db);
      const snapshot = async () => ({
        recipes: (await sql`SELECT id, name, servings, allergens, allergens_declared FROM recipes`.execute(db)).rows,
        items: (
          await sql`SELECT id, recipe_id, name, description, is_available, display_order FROM menu_items ORDER BY display_order`.execute(
            db,
          )
        ).rows,
      });
      const before = await snapshot();

      expect(await old.migrateToLatest()).toContain('0012-menu-items-prices-formules');
      expect(await snapshot()).toEqual(before);
      const items = await sql<{ price: number | null; allergens: string[]; allergens_declared: boolean }>`
        SELECT price, allergens, allergens_declared FROM menu_items ORDER BY display_order`.execute(db);
      expect(items.rows).toEqual([
        { price: 12.5, allergens: [], allergens_declared: false },
        { price: null, allergens: [], allergens_declared: false },
      ]);
      const recipe = await sql<{
        homemade: boolean;
        meat_origins: unknown;
      }>`SELECT homemade, meat_origins FROM recipes`.execute(db);
      expect(recipe.rows).toEqual([{ homemade: false, meat_origins: [] }]);
      // A formule belongs to its menu and goes with it; its price is greater than 0.
      await expect(
        sql`INSERT INTO formules (menu_id, name, price, choices, display_order) VALUES (${menus[0]!.id}, 'Midi', 0, '[]', 0)`.execute(
          db,
        ),
      ).rejects.toThrow(/formules_price_check/);
      await sql`INSERT INTO formules (menu_id, name, price, choices, display_order) VALUES (${menus[0]!.id}, 'Midi', 18.5, ${JSON.stringify([[sections[0]!.id]])}, 0)`.execute(
        db,
      );
      await sql`DELETE FROM menus`.execute(db);
      expect((await sql`SELECT id FROM formules`.execute(db)).rows).toEqual([]);
    } finally {
      await old.close();
    }
  });
});
