import { sql, type Kysely } from 'kysely';

/**
 * Versions and conflicts (docs/decisions/0034-versions-and-hostile-files.md, src/server/domain/versions.ts):
 * - every editable table gains `version` (1 for what exists, +1 per change) and
 *   `updated_by_name`, the display name of whoever saved last, kept like « Historique » keeps
 *   its actor's name. Rows saved before this migration name nobody: who last changed them was
 *   never recorded, and their creator may not be the one.
 * - meal_plan_services: a planned service (an establishment, a day, a service) had no row of its
 *   own, only its dishes (meal_plan_entries); it gets one, made by its first save, to hold its
 *   version. One row per service already planned.
 */
export const VERSIONED_TABLES = [
  'recipes',
  'products',
  'menus',
  'menu_sections',
  'menu_items',
  'formules',
  'establishments',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of VERSIONED_TABLES)
    await sql`
      ALTER TABLE ${sql.table(table)}
        ADD COLUMN version integer NOT NULL DEFAULT 1 CONSTRAINT ${sql.raw(`${table}_version_check`)} CHECK (version >= 1),
        ADD COLUMN updated_by_name text`.execute(db);
  await sql`
    CREATE TABLE meal_plan_services (
      organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
      establishment_id uuid NOT NULL,
      date date NOT NULL,
      service text NOT NULL CONSTRAINT meal_plan_services_service_check CHECK (service IN ('dejeuner', 'diner', 'gouter')),
      version integer NOT NULL DEFAULT 1 CONSTRAINT meal_plan_services_version_check CHECK (version >= 1),
      updated_by_name text,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (establishment_id, date, service),
      CONSTRAINT meal_plan_services_establishment_fkey FOREIGN KEY (establishment_id, organisation_id)
        REFERENCES establishments(id, organisation_id) ON DELETE CASCADE
    );
    CREATE INDEX meal_plan_services_organisation_idx ON meal_plan_services(organisation_id);
    INSERT INTO meal_plan_services (organisation_id, establishment_id, date, service, updated_at)
      SELECT organisation_id, establishment_id, date, service, max(created_at)
      FROM meal_plan_entries GROUP BY organisation_id, establishment_id, date, service;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE meal_plan_services`.execute(db);
  for (const table of VERSIONED_TABLES)
    await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN version, DROP COLUMN updated_by_name`.execute(db);
}
