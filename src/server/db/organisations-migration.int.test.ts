import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadPublicMenu } from '../features/public-menu/service.ts';
import { openDatabaseBefore } from '../test/migration-fixture.ts';
import type { DB } from './schema.ts';

/** 0009-organisations on a database filled by the schema before it (src/server/db/migrations/0009-organisations.ts). */
const COUNTED = [
  'users',
  'subscriptions',
  'recipes',
  'recipe_ingredients',
  'menus',
  'menu_sections',
  'menu_items',
  'qr_codes',
  'qr_scans',
  'checkout_sessions',
  'event_outbox',
];

async function counts(db: Kysely<DB>): Promise<Record<string, number>> {
  const parts = COUNTED.map((table) => sql`SELECT ${table}::text AS name, count(*)::int AS n FROM ${sql.table(table)}`);
  const { rows } = await sql<{ name: string; n: number }>`${sql.join(parts, sql` UNION ALL `)}`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]));
}

/** Rows as the schema of 0008 wrote them: a restaurant with an address, a plan, recipes, a menu tree, a QR code scanned twice. */
async function fillOldSchema(db: Kysely<DB>) {
  const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db)).rows[0]!;
  const lucie = (
    await one(
      sql<{
        id: string;
      }>`INSERT INTO users (name, email, signup_restaurant_name) VALUES ('Lucie', 'lucie@example.fr', 'Chez Lucie') RETURNING id`,
    )
  ).id;
  const paul = (
    await one(sql<{ id: string }>`INSERT INTO users (name, email) VALUES ('Paul', 'paul@example.fr') RETURNING id`)
  ).id;
  await sql`UPDATE profiles SET address = '12 rue des Halles', postal_code = '75001', city = 'Paris', phone = '01 23 45 67 89', updated_at = '2026-01-02T03:04:05Z' WHERE id = ${lucie}`.execute(
    db,
  );
  await sql`UPDATE subscriptions SET tier = 'premium', status = 'active', provider = 'stripe', customer_id = 'cus_lucie', provider_subscription_id = 'sub_lucie',
    billing_type = 'yearly', trial_used_at = '2026-01-01T00:00:00Z' WHERE user_id = ${lucie}`.execute(db);
  const recipe = async (owner: string, name: string, declared: boolean) => {
    const id = (
      await one(sql<{
        id: string;
      }>`INSERT INTO recipes (user_id, name, servings, allergens, allergens_declared, updated_at)
      VALUES (${owner}, ${name}, 4, ARRAY['Lait'], ${declared}, '2026-02-03T04:05:06Z') RETURNING id`)
    ).id;
    await sql`INSERT INTO recipe_ingredients (recipe_id, position, food_code, name, quantity, unit) VALUES (${id}, 0, 16400, 'Beurre', 50, 'g')`.execute(
      db,
    );
    return id;
  };
  const gratin = await recipe(lucie, 'Gratin', true);
  await recipe(lucie, 'Soupe', false);
  // A price and a quantity of 0, as the rules before 0006 allowed and its NOT VALID constraints
  // kept (src/server/db/migrations/0006-line-weights.ts): written around those constraints.
  await sql`
    ALTER TABLE recipes DROP CONSTRAINT recipes_price_check;
    ALTER TABLE recipe_ingredients DROP CONSTRAINT recipe_ingredients_quantity_check;
    UPDATE recipes SET price = 0 WHERE name = 'Soupe';
    UPDATE recipe_ingredients SET quantity = 0 WHERE recipe_id IN (SELECT id FROM recipes WHERE name = 'Soupe');
    ALTER TABLE recipes ADD CONSTRAINT recipes_price_check CHECK (price > 0) NOT VALID;
    ALTER TABLE recipe_ingredients ADD CONSTRAINT recipe_ingredients_quantity_check CHECK (quantity > 0) NOT VALID;`.execute(
    db,
  );
  const paulsRecipe = await recipe(paul, 'Omelette', false);
  const menu = (
    await one(sql<{ id: string }>`INSERT INTO menus (user_id, name) VALUES (${lucie}, 'Carte du midi') RETURNING id`)
  ).id;
  const section = (
    await one(
      sql<{
        id: string;
      }>`INSERT INTO menu_sections (menu_id, name, display_order) VALUES (${menu}, 'Plats', 0) RETURNING id`,
    )
  ).id;
  await sql`INSERT INTO menu_items (menu_section_id, recipe_id, name, price, display_order) VALUES (${section}, ${gratin}, 'Gratin', 12.5, 0), (${section}, NULL, 'Café', 2, 1)`.execute(
    db,
  );
  const qr = (
    await one(
      sql<{
        id: string;
      }>`INSERT INTO qr_codes (user_id, menu_id, name, scan_count) VALUES (${lucie}, ${menu}, 'Table 1', 2) RETURNING id`,
    )
  ).id;
  await sql`INSERT INTO qr_scans (qr_code_id) VALUES (${qr}), (${qr})`.execute(db);
  await sql`INSERT INTO checkout_sessions (id, user_id, provider, billing_type, status) VALUES ('cs_lucie', ${lucie}, 'stripe', 'yearly', 'complete')`.execute(
    db,
  );
  return { lucie, paul, gratin, paulsRecipe, menu, qr };
}

describe('migration 0009-organisations', () => {
  it('gives every account one organisation named after its restaurant, owned and active, its profile as establishment, and moves every row to it', async () => {
    const old = await openDatabaseBefore('0009-organisations');
    try {
      const { lucie, paul, gratin, paulsRecipe, menu, qr } = await fillOldSchema(old.db);
      const before = await counts(old.db);

      expect(await old.migrateToLatest()).toContain('0009-organisations');
      expect(await counts(old.db)).toEqual(before);
      const db = old.db;

      const users = await db
        .selectFrom('users as u')
        .innerJoin('organisations as o', 'o.id', 'u.active_organisation_id')
        .innerJoin('memberships as m', (join) =>
          join.onRef('m.user_id', '=', 'u.id').onRef('m.organisation_id', '=', 'o.id'),
        )
        .select(['u.id', 'o.id as organisation_id', 'o.name', 'm.role'])
        .orderBy('u.email')
        .execute();
      expect(users.map((u) => [u.id, u.name, u.role])).toEqual([
        [lucie, 'Chez Lucie', 'owner'],
        [paul, 'Mon Restaurant', 'owner'],
      ]);
      expect(await db.selectFrom('organisations').select('id').execute()).toHaveLength(2);
      expect(await db.selectFrom('memberships').select('user_id').execute()).toHaveLength(2);
      const [lucieOrg, paulOrg] = users.map((u) => u.organisation_id) as [string, string];

      const establishments = await db.selectFrom('establishments').selectAll().orderBy('name').execute();
      expect(establishments).toEqual([
        expect.objectContaining({
          organisation_id: lucieOrg,
          name: 'Chez Lucie',
          address: '12 rue des Halles',
          postal_code: '75001',
          city: 'Paris',
          phone: '01 23 45 67 89',
          created_by: lucie,
        }),
        expect.objectContaining({
          organisation_id: paulOrg,
          name: 'Mon Restaurant',
          address: null,
          postal_code: null,
          city: null,
          phone: null,
          created_by: paul,
        }),
      ]);
      expect(
        (
          await sql<{
            n: number;
          }>`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'profiles'`.execute(db)
        ).rows[0]!.n,
      ).toBe(0);

      // Every row is the organisation's, and remembers who created it.
      for (const table of ['recipes', 'menus', 'qr_codes', 'checkout_sessions'] as const) {
        const rows = await db.selectFrom(table).select(['organisation_id', 'created_by']).execute();
        expect(
          rows.every(
            (r) =>
              (r.created_by === lucie && r.organisation_id === lucieOrg) ||
              (r.created_by === paul && r.organisation_id === paulOrg),
          ),
          table,
        ).toBe(true);
      }
      expect(
        (
          await db
            .selectFrom('recipes')
            .select('organisation_id')
            .where('id', '=', paulsRecipe)
            .executeTakeFirstOrThrow()
        ).organisation_id,
      ).toBe(paulOrg);
      const movedMenu = await db
        .selectFrom('menus')
        .select(['organisation_id', 'establishment_id'])
        .where('id', '=', menu)
        .executeTakeFirstOrThrow();
      expect(movedMenu).toEqual({ organisation_id: lucieOrg, establishment_id: establishments[0]!.id });
      expect(
        await db
          .selectFrom('qr_codes')
          .select(['scan_count', 'organisation_id'])
          .where('id', '=', qr)
          .executeTakeFirstOrThrow(),
      ).toEqual({ scan_count: 2, organisation_id: lucieOrg });

      // The plan, its customer and its used trial are the organisation's.
      const plans = await db.selectFrom('subscriptions').selectAll().orderBy('organisation_id').execute();
      expect(plans.find((p) => p.organisation_id === lucieOrg)).toMatchObject({
        tier: 'premium',
        customer_id: 'cus_lucie',
        billing_type: 'yearly',
        trial_used_at: new Date('2026-01-01T00:00:00Z'),
      });
      expect(plans.find((p) => p.organisation_id === paulOrg)).toMatchObject({
        tier: 'free',
        customer_id: null,
        trial_used_at: null,
      });

      // A confirmed allergen list was confirmed by its owner, when the recipe was last saved.
      const confirmed = await db
        .selectFrom('recipes')
        .select(['id', 'allergens_confirmed_by', 'allergens_confirmed_by_name', 'allergens_confirmed_at'])
        .orderBy('name')
        .execute();
      expect(confirmed.find((r) => r.id === gratin)).toEqual({
        id: gratin,
        allergens_confirmed_by: lucie,
        allergens_confirmed_by_name: 'Lucie',
        allergens_confirmed_at: new Date('2026-02-03T04:05:06Z'),
      });
      expect(confirmed.filter((r) => r.allergens_confirmed_by !== null)).toHaveLength(1);
      const { rows: kept } = await sql<{ price: number; quantity: number }>`
        SELECT r.price, ri.quantity FROM recipes r JOIN recipe_ingredients ri ON ri.recipe_id = r.id WHERE r.name = 'Soupe'`.execute(
        db,
      );
      expect(kept).toEqual([{ price: 0, quantity: 0 }]);
      await expect(sql`UPDATE recipes SET price = 0 WHERE name = 'Gratin'`.execute(db)).rejects.toMatchObject({
        code: '23514',
      });

      // The public menu reads the menu's establishment and the organisation's plan.
      expect(await loadPublicMenu(db, menu)).toMatchObject({
        restaurantName: 'Chez Lucie',
        restaurantAddress: '12 rue des Halles, 75001 Paris',
        restaurantPhone: '01 23 45 67 89',
        ownerIsPremium: true,
      });

      // The triggers of the new schema: a sign-up makes its organisation, an address change syncs the contact with it.
      await sql`INSERT INTO users (name, email, signup_restaurant_name) VALUES ('Nina', 'nina@example.fr', 'Chez Nina')`.execute(
        db,
      );
      const nina = await db
        .selectFrom('users as u')
        .innerJoin('organisations as o', 'o.id', 'u.active_organisation_id')
        .select('o.name')
        .where('u.email', '=', 'nina@example.fr')
        .executeTakeFirstOrThrow();
      expect(nina.name).toBe('Chez Nina');
      await sql`UPDATE users SET email = 'lucie@nouveau.fr' WHERE id = ${lucie}`.execute(db);
      const contact = await db
        .selectFrom('event_outbox')
        .select(['name', 'payload'])
        .where('name', 'in', ['sync_contact', 'delete_contact'])
        .orderBy('id', 'desc')
        .limit(2)
        .execute();
      expect(contact).toEqual([
        {
          name: 'sync_contact',
          payload: {
            email: 'lucie@nouveau.fr',
            restaurantName: 'Chez Lucie',
            subscriptionTier: 'premium',
            subscriptionType: 'yearly',
            subscriptionStatus: 'active',
          },
        },
        { name: 'delete_contact', payload: { email: 'lucie@example.fr' } },
      ]);
    } finally {
      await old.close();
    }
  });

  it('goes back down to rows owned by users, keeping the profile and the plan', async () => {
    const old = await openDatabaseBefore('0009-organisations');
    try {
      const { lucie } = await fillOldSchema(old.db);
      const before = await counts(old.db);
      await old.migrateToLatest();
      // Later migrations build on organisations (keys, references): they go down first.
      await old.migrateTo('0009-organisations');
      const { down } = await import('./migrations/0009-organisations.ts');
      await down(old.db as never);
      expect(await counts(old.db)).toEqual(before);
      const { rows } = await sql<Record<string, unknown>>`
        SELECT p.restaurant_name, p.address, p.postal_code, p.city, p.phone, s.tier, s.customer_id,
               (SELECT count(*)::int FROM recipes WHERE user_id = p.id) AS recipes,
               (SELECT count(*)::int FROM menus WHERE user_id = p.id) AS menus
        FROM profiles p JOIN subscriptions s ON s.user_id = p.id WHERE p.id = ${lucie}`.execute(old.db);
      expect(rows).toEqual([
        {
          restaurant_name: 'Chez Lucie',
          address: '12 rue des Halles',
          postal_code: '75001',
          city: 'Paris',
          phone: '01 23 45 67 89',
          tier: 'premium',
          customer_id: 'cus_lucie',
          recipes: 2,
          menus: 1,
        },
      ]);
      // The old sign-up trigger is back.
      await sql`INSERT INTO users (name, email) VALUES ('Zoé', 'zoe@example.fr')`.execute(old.db);
      const { rows: zoe } = await sql<{
        restaurant_name: string;
      }>`SELECT p.restaurant_name FROM profiles p JOIN users u ON u.id = p.id WHERE u.email = 'zoe@example.fr'`.execute(
        old.db,
      );
      expect(zoe).toEqual([{ restaurant_name: 'Mon Restaurant' }]);
      // And up again, on what the way down left.
      await sql`DELETE FROM kysely_migration WHERE name = '0009-organisations'`.execute(old.db);
      expect((await old.migrateToLatest())[0]).toBe('0009-organisations');
      expect(await counts(old.db)).toEqual({
        ...before,
        users: before.users! + 1,
        subscriptions: before.subscriptions! + 1,
        event_outbox: before.event_outbox! + 1,
      });
    } finally {
      await old.close();
    }
  });
});
