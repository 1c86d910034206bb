import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { checkViolation } from './constraints.ts';
import { migrateToLatest } from './migrator.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const SCHEMA_TABLES = [
  'users',
  'sessions',
  'accounts',
  'verifications',
  'rate_limits',
  'organisations',
  'memberships',
  'establishments',
  'invitations',
  'audit_events',
  'subscriptions',
  'catalogue_foods',
  'catalogue_meta',
  'recipes',
  'recipe_ingredients',
  'menus',
  'menu_sections',
  'menu_items',
  'qr_codes',
  'qr_scans',
  'event_outbox',
  'processed_webhook_events',
  'checkout_sessions',
  'idempotency_keys',
  'meal_plan_entries',
  'establishment_portions',
];

async function tableNames(): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(t.db);
  return rows.map((r) => r.name);
}

async function count(table: string, where: string, value: string): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE ${sql.ref(where)} = ${value}`.execute(t.db);
  return rows[0]!.n;
}

let userCounter = 0;
async function insertUser(signupRestaurantName: string | null = null): Promise<string> {
  userCounter += 1;
  const { id } = await t.db
    .insertInto('users')
    .values({
      name: `Chef ${userCounter}`,
      email: `migrations-${userCounter}@example.com`,
      image: null,
      signup_restaurant_name: signupRestaurantName,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The organisation the sign-up trigger made for the user, and its establishment. */
async function organisationOf(userId: string): Promise<{ organisationId: string; establishmentId: string }> {
  const row = await t.db
    .selectFrom('users as u')
    .innerJoin('establishments as e', 'e.organisation_id', 'u.active_organisation_id')
    .select(['e.organisation_id', 'e.id'])
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow();
  return { organisationId: row.organisation_id, establishmentId: row.id };
}

async function insertRecipe(userId: string, values: Record<string, unknown> = {}): Promise<string> {
  const { organisationId } = await organisationOf(userId);
  const { id } = await t.db
    .insertInto('recipes')
    .values({ organisation_id: organisationId, created_by: userId, name: 'Blanquette de veau', ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** A menu with two sections, two items in the first (one linked to a recipe) and a QR code. */
async function insertMenuTree(userId: string) {
  const recipeId = await insertRecipe(userId);
  const { organisationId, establishmentId } = await organisationOf(userId);
  const menu = await t.db
    .insertInto('menus')
    .values({
      organisation_id: organisationId,
      created_by: userId,
      establishment_id: establishmentId,
      name: 'Carte du midi',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sections = await t.db
    .insertInto('menu_sections')
    .values([
      { menu_id: menu.id, name: 'Entrées', display_order: 0 },
      { menu_id: menu.id, name: 'Plats', display_order: 1 },
    ])
    .returning('id')
    .execute();
  const [first, second] = sections.map((s) => s.id) as [string, string];
  const items = await t.db
    .insertInto('menu_items')
    .values([
      { menu_section_id: first, recipe_id: recipeId, name: 'Blanquette', price: 18.5, display_order: 0 },
      { menu_section_id: first, name: 'Soupe du jour', price: 7, display_order: 1 },
      { menu_section_id: second, name: 'Tarte', price: 6, display_order: 0 },
    ])
    .returning('id')
    .execute();
  const qr = await t.db
    .insertInto('qr_codes')
    .values({ organisation_id: organisationId, created_by: userId, menu_id: menu.id, name: 'Table 1' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.insertInto('qr_scans').values({ qr_code_id: qr.id }).execute();
  return {
    organisationId,
    recipeId,
    menuId: menu.id,
    sectionIds: [first, second],
    itemIds: items.map((i) => i.id),
    qrId: qr.id,
  };
}

/** Runs `work` and returns the database error it throws. */
async function dbError(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('the statement was accepted');
}

describe('schema', () => {
  it('has every table of the schema', async () => {
    const names = await tableNames();
    expect(names).toEqual(expect.arrayContaining(SCHEMA_TABLES));
    expect(names).toEqual(expect.arrayContaining(['kysely_migration', 'kysely_migration_lock']));
  });

  it('has the pg_trgm and unaccent extensions', async () => {
    const { rows } = await sql<{ extname: string }>`SELECT extname FROM pg_extension ORDER BY extname`.execute(t.db);
    expect(rows.map((r) => r.extname)).toEqual(expect.arrayContaining(['pg_trgm', 'unaccent']));
    const { rows: folded } = await sql<{ v: string }>`SELECT unaccent('Crème brûlée') AS v`.execute(t.db);
    expect(folded[0]!.v).toBe('Creme brulee');
  });

  it('migrating again applies nothing and changes nothing', async () => {
    const before = await tableNames();
    expect(await migrateToLatest(t.db as never)).toEqual([]);
    expect(await migrateToLatest(t.db as never)).toEqual([]);
    expect(await tableNames()).toEqual(before);
    const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(t.db);
    expect(rows.map((r) => r.name)).toContain('0001-initial');
    expect(new Set(rows.map((r) => r.name)).size).toBe(rows.length);
  });
});

describe('user trigger', () => {
  it('creates an organisation « Mon Restaurant » owned by the user, made active, with its establishment and a free subscription', async () => {
    const userId = await insertUser();
    const { organisationId, establishmentId } = await organisationOf(userId);
    const organisation = await t.db
      .selectFrom('organisations')
      .selectAll()
      .where('id', '=', organisationId)
      .executeTakeFirstOrThrow();
    expect(organisation.name).toBe('Mon Restaurant');
    expect(
      await t.db
        .selectFrom('memberships')
        .select(['user_id', 'role'])
        .where('organisation_id', '=', organisationId)
        .execute(),
    ).toEqual([{ user_id: userId, role: 'owner' }]);
    const establishment = await t.db
      .selectFrom('establishments')
      .selectAll()
      .where('id', '=', establishmentId)
      .executeTakeFirstOrThrow();
    expect(establishment).toMatchObject({
      name: 'Mon Restaurant',
      address: null,
      postal_code: null,
      city: null,
      phone: null,
      created_by: userId,
    });
    const sub = await t.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('organisation_id', '=', organisationId)
      .executeTakeFirstOrThrow();
    expect(sub).toMatchObject({
      tier: 'free',
      status: 'active',
      billing_type: null,
      provider: null,
      cancel_at_period_end: false,
      trial_used_at: null,
    });
    const contact = await t.db
      .selectFrom('event_outbox')
      .select('payload')
      .where('user_id', '=', userId)
      .where('name', '=', 'sync_contact')
      .executeTakeFirstOrThrow();
    expect(contact.payload).toMatchObject({
      restaurantName: 'Mon Restaurant',
      subscriptionTier: 'free',
      subscriptionStatus: 'active',
    });
  });

  it('uses the restaurant name given at sign-up, trimmed; a blank one falls back to the default', async () => {
    const named = await insertUser('  Chez Paul  ');
    const blank = await insertUser('   ');
    const names = await t.db
      .selectFrom('users as u')
      .innerJoin('organisations as o', 'o.id', 'u.active_organisation_id')
      .select(['u.id', 'o.name'])
      .where('u.id', 'in', [named, blank])
      .execute();
    expect(Object.fromEntries(names.map((n) => [n.id, n.name]))).toEqual({
      [named]: 'Chez Paul',
      [blank]: 'Mon Restaurant',
    });
  });
});

describe('cascades', () => {
  it('deleting a menu deletes its sections, items, QR codes and scans, but not the recipe', async () => {
    const userId = await insertUser();
    const tree = await insertMenuTree(userId);
    await t.db.deleteFrom('menus').where('id', '=', tree.menuId).execute();
    expect(await count('menu_sections', 'menu_id', tree.menuId)).toBe(0);
    for (const sectionId of tree.sectionIds) expect(await count('menu_items', 'menu_section_id', sectionId)).toBe(0);
    expect(await count('qr_codes', 'menu_id', tree.menuId)).toBe(0);
    expect(await count('qr_scans', 'qr_code_id', tree.qrId)).toBe(0);
    expect(await count('recipes', 'id', tree.recipeId)).toBe(1);
  });

  it('deleting a section deletes its items only', async () => {
    const userId = await insertUser();
    const tree = await insertMenuTree(userId);
    await t.db.deleteFrom('menu_sections').where('id', '=', tree.sectionIds[0]!).execute();
    expect(await count('menu_items', 'menu_section_id', tree.sectionIds[0]!)).toBe(0);
    expect(await count('menu_items', 'menu_section_id', tree.sectionIds[1]!)).toBe(1);
    expect(await count('menus', 'id', tree.menuId)).toBe(1);
  });

  it('deleting a recipe deletes its ingredient lines and unlinks menu items', async () => {
    const userId = await insertUser();
    const tree = await insertMenuTree(userId);
    await t.db
      .insertInto('recipe_ingredients')
      .values({ recipe_id: tree.recipeId, position: 0, food_code: 24999, name: 'Dessert', quantity: 100, unit: 'g' })
      .execute();
    await t.db.deleteFrom('recipes').where('id', '=', tree.recipeId).execute();
    expect(await count('recipe_ingredients', 'recipe_id', tree.recipeId)).toBe(0);
    const item = await t.db
      .selectFrom('menu_items')
      .select('recipe_id')
      .where('id', '=', tree.itemIds[0]!)
      .executeTakeFirstOrThrow();
    expect(item.recipe_id).toBeNull();
  });

  it('deleting a user deletes their own rows; what they created stays with the organisation, without their id', async () => {
    const userId = await insertUser('Le Bistrot');
    const tree = await insertMenuTree(userId);
    await t.db
      .insertInto('sessions')
      .values({
        user_id: userId,
        token: `token-${userId}`,
        expires_at: new Date(Date.now() + 3_600_000),
        ip_address: null,
        user_agent: null,
      })
      .execute();
    await sql`INSERT INTO accounts (user_id, account_id, provider_id) VALUES (${userId}, ${userId}, 'credential')`.execute(
      t.db,
    );
    await t.db
      .insertInto('checkout_sessions')
      .values({
        id: `cs_${userId}`,
        organisation_id: tree.organisationId,
        created_by: userId,
        provider: 'demo',
        billing_type: 'monthly',
      })
      .execute();
    await sql`INSERT INTO idempotency_keys (user_id, key, request_hash, status, response) VALUES (${userId}, 'k1', 'h', 201, '{}')`.execute(
      t.db,
    );
    const event = await t.db
      .insertInto('event_outbox')
      .values({ user_id: userId, kind: 'event', name: 'signup', payload: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();

    await t.db.deleteFrom('users').where('id', '=', userId).execute();

    for (const [table, column] of [
      ['sessions', 'user_id'],
      ['accounts', 'user_id'],
      ['memberships', 'user_id'],
      ['idempotency_keys', 'user_id'],
    ] as const) {
      expect({ table, rows: await count(table, column, userId) }).toEqual({ table, rows: 0 });
    }
    for (const table of ['recipes', 'menus', 'qr_codes', 'checkout_sessions', 'establishments']) {
      expect({
        table,
        mine: await count(table, 'created_by', userId),
        kept: await count(table, 'organisation_id', tree.organisationId),
      }).toEqual({ table, mine: 0, kept: 1 });
    }
    const kept = await t.db
      .selectFrom('event_outbox')
      .select('user_id')
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(kept.user_id).toBeNull();
  });

  it('deleting an organisation deletes everything it holds, and nothing of another', async () => {
    const userId = await insertUser();
    const other = await insertUser();
    const tree = await insertMenuTree(userId);
    const theirs = await insertMenuTree(other);
    await t.db.deleteFrom('organisations').where('id', '=', tree.organisationId).execute();
    for (const table of ['recipes', 'menus', 'qr_codes', 'establishments', 'memberships', 'subscriptions']) {
      expect({ table, rows: await count(table, 'organisation_id', tree.organisationId) }).toEqual({ table, rows: 0 });
    }
    expect(await count('menu_sections', 'menu_id', tree.menuId)).toBe(0);
    expect(await count('qr_scans', 'qr_code_id', tree.qrId)).toBe(0);
    expect(await count('users', 'id', userId)).toBe(1);
    const user = await t.db
      .selectFrom('users')
      .select('active_organisation_id')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(user.active_organisation_id).toBeNull();
    expect(await count('menus', 'organisation_id', theirs.organisationId)).toBe(1);
  });

  it('a menu belongs to an establishment of its own organisation, a QR code to a menu of its own organisation', async () => {
    const mine = await insertMenuTree(await insertUser());
    const other = await insertUser();
    const theirs = await organisationOf(other);
    const foreignEstablishment = await dbError(() =>
      t.db
        .updateTable('menus')
        .set({ establishment_id: theirs.establishmentId })
        .where('id', '=', mine.menuId)
        .execute(),
    );
    expect((foreignEstablishment as { code?: string }).code).toBe('23503');
    const foreignMenu = await dbError(() =>
      t.db
        .insertInto('qr_codes')
        .values({ organisation_id: theirs.organisationId, created_by: other, menu_id: mine.menuId, name: 'Volé' })
        .execute(),
    );
    expect((foreignMenu as { code?: string }).code).toBe('23503');
  });
});

describe('CHECK constraints → French messages', () => {
  it.each([
    [{ servings: 0 }, 'servings', 'Le nombre de portions doit être supérieur à 0'],
    [{ price: -1 }, 'price', 'Le prix doit être supérieur à 0'],
    [{ price: 0 }, 'price', 'Le prix doit être supérieur à 0'],
    [{ cooked_weight_g: 0 }, 'cookedWeightG', 'Le poids cuit doit être supérieur à 0'],
    [{ fruit_veg_legume_percent: 101 }, 'fruitVegLegumePercent', 'La part doit être comprise entre 0 et 100 %'],
    [{ prep_time: -5 }, 'prepTime', 'Le temps de préparation doit être positif'],
    [{ cook_time: -1 }, 'cookTime', 'Le temps de cuisson doit être positif'],
    [{ name: '   ' }, 'name', 'Le nom est requis'],
  ])('recipe %o → %s: %s', async (values, field, message) => {
    const userId = await insertUser();
    const error = await dbError(() => insertRecipe(userId, values));
    expect(checkViolation(error)).toEqual({ field, message });
  });

  it('maps a negative menu item price and a bad ingredient unit', async () => {
    const userId = await insertUser();
    const tree = await insertMenuTree(userId);
    const price = await dbError(() =>
      t.db.updateTable('menu_items').set({ price: -2 }).where('id', '=', tree.itemIds[1]!).execute(),
    );
    expect(checkViolation(price)).toEqual({ field: 'price', message: 'Le prix ne peut pas être négatif' });
    const unit = await dbError(() =>
      sql`INSERT INTO recipe_ingredients (recipe_id, position, food_code, name, quantity, unit)
          VALUES (${tree.recipeId}, 0, 24999, 'Dessert', 1, 'tasse')`.execute(t.db),
    );
    expect(checkViolation(unit)).toEqual({ field: 'unit', message: 'Unité invalide' });
    const perUnit = await dbError(() =>
      t.db
        .insertInto('recipe_ingredients')
        .values({ recipe_id: tree.recipeId, position: 0, food_code: 24999, name: 'Œuf', quantity: 2, unit: 'unité' })
        .execute(),
    );
    expect(checkViolation(perUnit)).toEqual({
      field: 'gramsPerUnit',
      message: 'Indiquez le poids d’une unité (en grammes)',
    });
  });

  it('ignores errors that are not CHECK violations', async () => {
    const userId = await insertUser();
    const { email } = await t.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
    const duplicate = await dbError(() =>
      t.db.insertInto('users').values({ name: 'x', email, image: null, signup_restaurant_name: null }).execute(),
    );
    expect((duplicate as { code?: string }).code).toBe('23505');
    expect(checkViolation(duplicate)).toBeUndefined();
    expect(checkViolation(new Error('boom'))).toBeUndefined();
    expect(checkViolation(null)).toBeUndefined();
  });

  it('accepts boundary values: a one-cent price, zero times, one serving', async () => {
    const userId = await insertUser();
    const id = await insertRecipe(userId, { servings: 1, price: 0.01, prep_time: 0, cook_time: 0 });
    expect(await count('recipes', 'id', id)).toBe(1);
  });
});
