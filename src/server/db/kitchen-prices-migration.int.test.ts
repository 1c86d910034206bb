import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabaseBefore } from '../test/migration-fixture.ts';

describe('migration 0025-kitchen-prices-and-carte', () => {
  it('an item whose price repeats its recipe’s follows the recipe; other prices stay; new columns start empty', async () => {
    const old = await openDatabaseBefore('0025-kitchen-prices-and-carte');
    try {
      const db = old.db;
      await sql`INSERT INTO users (name, email, signup_restaurant_name) VALUES ('Marie', 'marie-0025@example.fr', 'Le Bistrot')`.execute(
        db,
      );
      const owner = (
        await sql<{
          id: string;
          org: string;
        }>`SELECT id, active_organisation_id AS org FROM users WHERE email = 'marie-0025@example.fr'`.execute(db)
      ).rows[0]!;
      const establishment = (
        await sql<{ id: string }>`SELECT id FROM establishments WHERE organisation_id = ${owner.org}`.execute(db)
      ).rows[0]!.id;
      const recipe = async (name: string, price: number | null) =>
        (
          await sql<{ id: string }>`INSERT INTO recipes (organisation_id, created_by, name, servings, price)
            VALUES (${owner.org}, ${owner.id}, ${name}, 4, ${price}) RETURNING id`.execute(db)
        ).rows[0]!.id;
      const salad = await recipe('Salade niçoise', 11);
      const soup = await recipe('Soupe', null);
      const menu = (
        await sql<{ id: string }>`INSERT INTO menus (organisation_id, created_by, establishment_id, name)
          VALUES (${owner.org}, ${owner.id}, ${establishment}, 'Carte') RETURNING id`.execute(db)
      ).rows[0]!.id;
      const section = (
        await sql<{
          id: string;
        }>`INSERT INTO menu_sections (menu_id, name, display_order) VALUES (${menu}, 'Entrées', 0) RETURNING id`.execute(
          db,
        )
      ).rows[0]!.id;
      const item = async (name: string, recipeId: string | null, price: number | null, order: number) =>
        (
          await sql<{ id: string }>`INSERT INTO menu_items (menu_section_id, recipe_id, name, price, display_order)
            VALUES (${section}, ${recipeId}, ${name}, ${price}, ${order}) RETURNING id`.execute(db)
        ).rows[0]!.id;
      const typedTwice = await item('Salade niçoise', salad, 11, 0);
      const ownPrice = await item('Salade (midi)', salad, 9.5, 1);
      const unpriced = await item('Soupe', soup, null, 2);
      const wine = await item('Vin', null, 5, 3);
      await sql`INSERT INTO formules (menu_id, name, price, choices, display_order) VALUES (${menu}, 'Formule', 18.5, ${JSON.stringify([[section]])}, 0)`.execute(
        db,
      );

      expect(await old.migrateToLatest()).toContain('0025-kitchen-prices-and-carte');
      const prices = async () =>
        Object.fromEntries(
          (await sql<{ id: string; price: string | null }>`SELECT id, price FROM menu_items`.execute(db)).rows.map(
            (r) => [r.id, r.price === null ? null : Number(r.price)],
          ),
        );
      expect(await prices()).toEqual({ [typedTwice]: null, [ownPrice]: 9.5, [unpriced]: null, [wine]: 5 });
      for (const table of ['menus', 'menu_sections', 'formules'])
        expect((await sql<{ t: unknown }>`SELECT translations AS t FROM ${sql.table(table)}`.execute(db)).rows).toEqual(
          [{ t: {} }],
        );
      const est = (
        await sql<
          Record<string, unknown>
        >`SELECT siret, legal_name, publication_director FROM establishments WHERE id = ${establishment}`.execute(db)
      ).rows[0];
      expect(est).toEqual({ siret: null, legal_name: null, publication_director: null });
      await sql`INSERT INTO ingredient_prices (organisation_id, food_code, amount, per) VALUES (${owner.org}, 9436, 1.2, 'kg')`.execute(
        db,
      );
      await expect(
        sql`INSERT INTO ingredient_prices (organisation_id, food_code, amount, per) VALUES (${owner.org}, 16400, 0, 'kg')`.execute(
          db,
        ),
      ).rejects.toThrow(/ingredient_prices_amount_check/);
      await expect(
        sql`INSERT INTO ingredient_prices (organisation_id, food_code, amount, per) VALUES (${owner.org}, 16400, 1, 'sac')`.execute(
          db,
        ),
      ).rejects.toThrow(/ingredient_prices_per_check/);
      // An organisation's prices go with it.
      await sql`DELETE FROM organisations WHERE id = ${owner.org}`.execute(db);
      expect((await sql`SELECT 1 FROM ingredient_prices`.execute(db)).rows).toHaveLength(0);
    } finally {
      await old.close();
    }
  });

  it('down gives a following item its recipe’s price back and drops what the migration added', async () => {
    const old = await openDatabaseBefore('0025-kitchen-prices-and-carte');
    try {
      const db = old.db;
      await old.migrateToLatest();
      await sql`INSERT INTO users (name, email, signup_restaurant_name) VALUES ('Paul', 'paul-0025@example.fr', 'Chez Paul')`.execute(
        db,
      );
      const org = (
        await sql<{
          org: string;
        }>`SELECT active_organisation_id AS org FROM users WHERE email = 'paul-0025@example.fr'`.execute(db)
      ).rows[0]!.org;
      const establishment = (
        await sql<{ id: string }>`SELECT id FROM establishments WHERE organisation_id = ${org}`.execute(db)
      ).rows[0]!.id;
      const recipe = (
        await sql<{
          id: string;
        }>`INSERT INTO recipes (organisation_id, name, servings, price) VALUES (${org}, 'Tarte', 8, 6) RETURNING id`.execute(
          db,
        )
      ).rows[0]!.id;
      const menu = (
        await sql<{
          id: string;
        }>`INSERT INTO menus (organisation_id, establishment_id, name) VALUES (${org}, ${establishment}, 'Carte') RETURNING id`.execute(
          db,
        )
      ).rows[0]!.id;
      const section = (
        await sql<{
          id: string;
        }>`INSERT INTO menu_sections (menu_id, name, display_order) VALUES (${menu}, 'Desserts', 0) RETURNING id`.execute(
          db,
        )
      ).rows[0]!.id;
      await sql`INSERT INTO menu_items (menu_section_id, recipe_id, name, price, display_order) VALUES (${section}, ${recipe}, 'Tarte', NULL, 0)`.execute(
        db,
      );

      const { down } = await import('./migrations/0025-kitchen-prices-and-carte.ts');
      await down(db as never);
      expect(
        (await sql<{ price: string }>`SELECT price FROM menu_items`.execute(db)).rows.map((r) => Number(r.price)),
      ).toEqual([6]);
      const columns = await sql<{ table_name: string; column_name: string }>`
        SELECT table_name, column_name FROM information_schema.columns
        WHERE (table_name IN ('menus', 'menu_sections', 'formules') AND column_name = 'translations')
           OR (table_name = 'establishments' AND column_name IN ('legal_name', 'publication_director'))`.execute(db);
      expect(columns.rows).toEqual([]);
      expect((await sql`SELECT to_regclass('ingredient_prices') AS t`.execute(db)).rows).toEqual([{ t: null }]);
    } finally {
      await old.close();
    }
  });
});
