import { sql, type Kysely } from 'kysely';

/**
 * Meal plans (docs/product/meal-plans.md, docs/decisions/0021-meal-plans-gemrcn-egalim.md):
 * - meal_plan_entries: one recipe per (establishment, date, service, component). The
 *   establishment and the recipe belong to the entry's organisation (composite foreign keys),
 *   so no query can mix two organisations' rows. Deleting the establishment or the recipe
 *   removes its planned meals (a plan names only what exists).
 * - recipes.catering_tags: what the owner says about a dish that the data cannot tell
 *   (« produit frit ou pré-frit », « viande non hachée »…, src/shared/catering/catering.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE recipes
      ADD COLUMN catering_tags text[] NOT NULL DEFAULT '{}'
        CONSTRAINT recipes_catering_tags_check CHECK (catering_tags <@ ARRAY['frit', 'viande-non-hachee', 'crudites', 'legumes-cuits', 'feculents', 'fruit-cru', 'fromage', 'laitage', 'vegetarien']::text[]),
      ADD CONSTRAINT recipes_id_organisation_key UNIQUE (id, organisation_id);
    CREATE TABLE meal_plan_entries (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
      establishment_id uuid NOT NULL,
      date date NOT NULL,
      service text NOT NULL CONSTRAINT meal_plan_entries_service_check CHECK (service IN ('dejeuner', 'diner', 'gouter')),
      slot text NOT NULL CONSTRAINT meal_plan_entries_slot_check CHECK (slot IN ('entree', 'plat', 'accompagnement', 'laitier', 'dessert', 'pain', 'gouter')),
      recipe_id uuid NOT NULL,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT meal_plan_entries_establishment_fkey FOREIGN KEY (establishment_id, organisation_id) REFERENCES establishments(id, organisation_id) ON DELETE CASCADE,
      CONSTRAINT meal_plan_entries_recipe_fkey FOREIGN KEY (recipe_id, organisation_id) REFERENCES recipes(id, organisation_id) ON DELETE CASCADE,
      CONSTRAINT meal_plan_entries_slot_key UNIQUE (establishment_id, date, service, slot)
    );
    CREATE INDEX meal_plan_entries_organisation_idx ON meal_plan_entries(organisation_id);
    CREATE INDEX meal_plan_entries_recipe_idx ON meal_plan_entries(recipe_id);
    CREATE INDEX meal_plan_entries_created_by_idx ON meal_plan_entries(created_by);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE meal_plan_entries;
    ALTER TABLE recipes DROP CONSTRAINT recipes_id_organisation_key, DROP COLUMN catering_tags;
  `.execute(db);
}
