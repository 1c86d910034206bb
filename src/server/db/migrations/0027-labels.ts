import { sql, type Kysely } from 'kysely';

/**
 * Labels (docs/product/labels.md, docs/decisions/0038-labels.md).
 *
 * - `recipe_labels`: what the owner sets for a recipe's label, one row per recipe that has
 *   any (a recipe without a row prints with the defaults of src/shared/labels/settings.ts):
 *   the denomination when it is not the recipe's name, the shelf life in days, the storage
 *   conditions, the net quantity when it is not the portion, the nutrition shown, the
 *   ingredients whose percentage is printed (QUID; NULL: those named in the denomination),
 *   the names the label gives its ingredients, the barcode and the establishment printed.
 *   It belongs to its recipe's organisation (composite foreign key, as meal_plan_entries) and
 *   goes with the recipe; an establishment deleted leaves the label on the default one.
 *   Versioned like every editable row (src/server/domain/versions.ts): the row is made by the
 *   first save, version 1 (a recipe without a row shows version 0).
 * - `products.label_ingredients`: a product's own ingredient list as its label prints it,
 *   used as the list of that compound ingredient. NULL: the product is named alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE recipe_labels (
      recipe_id uuid PRIMARY KEY,
      organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
      denomination text CONSTRAINT recipe_labels_denomination_check
        CHECK (char_length(denomination) BETWEEN 1 AND 200),
      shelf_life_days integer CONSTRAINT recipe_labels_shelf_life_check CHECK (shelf_life_days BETWEEN 0 AND 365),
      storage text CONSTRAINT recipe_labels_storage_check CHECK (char_length(storage) BETWEEN 1 AND 200),
      net_quantity numeric CONSTRAINT recipe_labels_net_quantity_check CHECK (net_quantity > 0 AND net_quantity <= 100000),
      net_quantity_unit text NOT NULL DEFAULT 'g' CONSTRAINT recipe_labels_net_quantity_unit_check
        CHECK (net_quantity_unit IN ('g', 'ml')),
      nutrition text NOT NULL DEFAULT 'per_100g' CONSTRAINT recipe_labels_nutrition_check
        CHECK (nutrition IN ('none', 'per_100g', 'per_100g_and_portion')),
      quid text[],
      ingredient_names jsonb NOT NULL DEFAULT '{}'::jsonb,
      barcode text NOT NULL DEFAULT 'none' CONSTRAINT recipe_labels_barcode_check
        CHECK (barcode IN ('none', 'qr', 'gs1_128')),
      establishment_id uuid,
      version integer NOT NULL DEFAULT 1 CONSTRAINT recipe_labels_version_check CHECK (version >= 1),
      updated_by_name text,
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT recipe_labels_recipe_fkey FOREIGN KEY (recipe_id, organisation_id)
        REFERENCES recipes(id, organisation_id) ON DELETE CASCADE,
      CONSTRAINT recipe_labels_establishment_fkey FOREIGN KEY (establishment_id, organisation_id)
        REFERENCES establishments(id, organisation_id) ON DELETE SET NULL (establishment_id)
    );
    CREATE INDEX recipe_labels_organisation_idx ON recipe_labels(organisation_id);
    CREATE INDEX recipe_labels_establishment_idx ON recipe_labels(establishment_id);
    ALTER TABLE products ADD COLUMN label_ingredients text
      CONSTRAINT products_label_ingredients_check CHECK (char_length(label_ingredients) BETWEEN 1 AND 2000);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE IF EXISTS recipe_labels;
    ALTER TABLE products DROP COLUMN IF EXISTS label_ingredients;
  `.execute(db);
}
