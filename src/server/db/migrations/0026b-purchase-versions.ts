import { sql, type Kysely } from 'kysely';

/**
 * Purchases versioned like every editable row (src/server/domain/versions.ts,
 * docs/decisions/0037-supplier-invoices.md): a draft invoice (its lines' products, its
 * confirmation) and the food cost target already counted their `version`; they gain
 * `updated_by_name`, so a stale write's 409 names who saved meanwhile, and the same check as
 * the other versioned tables. Rows saved before this migration name nobody.
 */
const TABLES = ['purchase_invoices', 'purchase_settings'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES)
    await sql`
      ALTER TABLE ${sql.table(table)}
        ADD COLUMN updated_by_name text,
        ADD CONSTRAINT ${sql.raw(`${table}_version_check`)} CHECK (version >= 1)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES)
    await sql`
      ALTER TABLE ${sql.table(table)}
        DROP CONSTRAINT ${sql.raw(`${table}_version_check`)},
        DROP COLUMN updated_by_name`.execute(db);
}
