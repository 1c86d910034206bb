import { sql, type Kysely } from 'kysely';

/**
 * The canteen's editable rows name who saved them and when (docs/product/versions.md,
 * src/server/domain/versions.ts): a stale write's 409 on a closed day, the diet counts or a week's
 * state says « modifié par Marie Dupont à 14:32 », like every other resource's.
 *
 * - establishment_closed_days: `updated_by_name` and `updated_at`. A day never changed since it
 *   was added (version 1) was last saved by its creator when it was created; one changed before
 *   this migration names nobody (who changed it was not recorded) and keeps its creation time.
 * - establishment_diets: `updated_by_name`, from `updated_by`, who saved the counts last.
 * - meal_plan_weeks: `updated_by_name` and `updated_at`: a published week not changed since was
 *   last saved by its publisher when published, a validated one by its validator; the others
 *   name nobody, at the latest time the row knows (else the migration's).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE establishment_closed_days ADD COLUMN updated_by_name text, ADD COLUMN updated_at timestamptz;
    UPDATE establishment_closed_days d SET updated_at = d.created_at,
      updated_by_name = CASE WHEN d.version = 1
        THEN (SELECT user_display_name(u.name, u.email) FROM users u WHERE u.id = d.created_by) END;
    ALTER TABLE establishment_closed_days ALTER COLUMN updated_at SET DEFAULT now(), ALTER COLUMN updated_at SET NOT NULL;

    ALTER TABLE establishment_diets ADD COLUMN updated_by_name text;
    UPDATE establishment_diets d SET updated_by_name = (SELECT user_display_name(u.name, u.email) FROM users u WHERE u.id = d.updated_by);

    ALTER TABLE meal_plan_weeks ADD COLUMN updated_by_name text, ADD COLUMN updated_at timestamptz;
    UPDATE meal_plan_weeks w SET
      updated_at = coalesce(greatest(w.validated_at, w.published_at, w.changed_at), now()),
      updated_by_name = CASE
        WHEN w.status = 'published' AND w.changed_at IS NULL AND (w.validated_at IS NULL OR w.validated_at <= w.published_at)
          THEN (SELECT user_display_name(u.name, u.email) FROM users u WHERE u.id = w.published_by)
        WHEN w.status = 'validated' THEN w.validated_by_name
      END;
    ALTER TABLE meal_plan_weeks ALTER COLUMN updated_at SET DEFAULT now(), ALTER COLUMN updated_at SET NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE meal_plan_weeks DROP COLUMN updated_at, DROP COLUMN updated_by_name;
    ALTER TABLE establishment_diets DROP COLUMN updated_by_name;
    ALTER TABLE establishment_closed_days DROP COLUMN updated_at, DROP COLUMN updated_by_name;
  `.execute(db);
}
