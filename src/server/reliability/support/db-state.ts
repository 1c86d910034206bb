import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * Every table that holds an account's or an organisation's data, with the columns its rows
 * are ordered by.
 * `ownedTablesProblems` fails a test when a migration adds a table that is in neither list,
 * so a new table is covered (or explicitly left out) on purpose.
 */
export const OWNED_TABLES: Record<string, string> = {
  users: 'id',
  sessions: 'id',
  accounts: 'id',
  two_factors: 'id',
  organisations: 'id',
  memberships: 'organisation_id, user_id',
  establishments: 'id',
  invitations: 'id',
  audit_events: 'id',
  subscriptions: 'organisation_id',
  recipes: 'id',
  recipe_ingredients: 'id',
  // A recipe's label settings (migration 0027).
  recipe_labels: 'recipe_id',
  products: 'id',
  menus: 'id',
  menu_sections: 'id',
  menu_items: 'id',
  meal_plan_entries: 'id',
  // A planned service's version (migration 0023).
  meal_plan_services: 'establishment_id, date, service',
  // An establishment's own grammages (migration 0018).
  establishment_portions: 'establishment_id, line, population',
  // A canteen's year (migration 0024): closed days, diet counts, substitutes, weeks' publication.
  establishment_closed_days: 'id',
  establishment_diets: 'establishment_id',
  meal_plan_substitutes: 'id',
  meal_plan_weeks: 'establishment_id, week',
  qr_codes: 'id',
  qr_scans: 'id',
  // Scans per Paris day (migration 0017), kept from qr_scans by triggers.
  qr_scan_days: 'qr_code_id, day',
  event_outbox: 'id',
  checkout_sessions: 'id',
  idempotency_keys: 'user_id, key',
  // Photos hold owners' pictures, reached through their recipes and items (migration 0011).
  photos: 'id',
  photo_variants: 'photo_id, width',
  // A menu's formules (migration 0012), reached through their menu.
  formules: 'id',
  // An organisation's prices of Ciqual foods (migration 0025).
  ingredient_prices: 'organisation_id, food_code',
  // Supplier invoices, price history and sales (migration 0026, docs/product/purchases.md).
  purchase_invoices: 'id',
  purchase_invoice_lines: 'id',
  supplier_article_products: 'organisation_id, supplier_key, article_key',
  product_prices: 'id',
  recipe_cost_changes: 'id',
  purchase_settings: 'organisation_id',
  sales_imports: 'id',
  sales: 'id',
  // Suppliers' price lists (migration 0033).
  supplier_price_lists: 'id',
  supplier_price_list_lines: 'id',
  // « Intégrations » (migration 0028): keys, the calls made with them, webhook endpoints.
  api_keys: 'id',
  api_calls: 'id',
  webhook_endpoints: 'id',
};

/** Tables that are not an owner's data, and why. */
export const OTHER_TABLES: Record<string, string> = {
  catalogue_foods: 'reference data (Ciqual)',
  catalogue_meta: 'reference data (Ciqual edition)',
  kysely_migration: 'schema bookkeeping',
  kysely_migration_lock: 'schema bookkeeping',
  rate_limits: 'abuse counters: a refused sign-in must count',
  verifications:
    'one-time tokens (reset links, e-mail changes, two-factor sign-in steps); deleted with the account when they name it',
  processed_webhook_events: 'provider bookkeeping (Stripe event ids)',
  photo_orphans: 'bucket keys of released photos, waiting to be deleted from the S3 bucket',
};

type AnyDb = Kysely<DB>;
export type Rows = Record<string, unknown[]>;

export async function publicTables(db: AnyDb): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(db);
  return rows.map((r) => r.name);
}

/** Tables of the database that neither list classifies (should be empty). */
export async function unclassifiedTables(db: AnyDb): Promise<string[]> {
  return (await publicTables(db)).filter((name) => !(name in OWNED_TABLES) && !(name in OTHER_TABLES));
}

/** All rows of all owned tables, each table ordered by its key: compare two with toEqual. */
export async function snapshotOwnedRows(db: AnyDb): Promise<Rows> {
  const snapshot: Rows = {};
  for (const [table, orderBy] of Object.entries(OWNED_TABLES)) {
    const { rows } = await sql<
      Record<string, unknown>
    >`SELECT * FROM ${sql.table(table)} ORDER BY ${sql.raw(orderBy)}`.execute(db);
    snapshot[table] = rows;
  }
  return snapshot;
}

/** Row count of every owned table. */
export async function countOwnedRows(db: AnyDb): Promise<Record<string, number>> {
  const parts = Object.keys(OWNED_TABLES).map(
    (table) => sql`SELECT ${table}::text AS name, count(*)::int AS n FROM ${sql.table(table)}`,
  );
  const { rows } = await sql<{ name: string; n: number }>`${sql.join(parts, sql` UNION ALL `)}`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]));
}
