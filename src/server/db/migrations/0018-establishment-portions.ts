import { sql, type Kysely } from 'kysely';

/**
 * « Portions by age » (docs/product/meal-plans.md): an establishment's own grammages,
 * one row per (component line, population) it has set; a cell without a row follows the
 * defaults of src/shared/catering/portions.ts. `grams` NULL is the establishment saying « one
 * recipe portion per cover ». The row belongs to the establishment's organisation (composite
 * foreign key, as meal_plan_entries) and goes with the establishment. Nothing existing changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE establishment_portions (
      organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
      establishment_id uuid NOT NULL,
      line text NOT NULL CONSTRAINT establishment_portions_line_check
        CHECK (line IN ('entree', 'plat', 'plat_compose', 'accompagnement', 'laitier', 'dessert', 'pain', 'gouter')),
      population text NOT NULL CONSTRAINT establishment_portions_population_check
        CHECK (population IN ('maternelle', 'elementaire', 'adolescent', 'adulte')),
      grams integer CONSTRAINT establishment_portions_grams_check CHECK (grams BETWEEN 1 AND 2000),
      updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (establishment_id, line, population),
      CONSTRAINT establishment_portions_establishment_fkey FOREIGN KEY (establishment_id, organisation_id)
        REFERENCES establishments(id, organisation_id) ON DELETE CASCADE
    );
    CREATE INDEX establishment_portions_organisation_idx ON establishment_portions(organisation_id);
    CREATE INDEX establishment_portions_updated_by_idx ON establishment_portions(updated_by);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS establishment_portions`.execute(db);
}
