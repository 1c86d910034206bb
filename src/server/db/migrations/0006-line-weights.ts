import { sql, type Kysely } from 'kysely';

/**
 * « Numbers a French kitchen types » (docs/product/decisions.md 16 and 17, docs/decisions/0010):
 * - A line in ml or l keeps the density it was computed with (`grams_per_ml`, g/ml). Lines
 *   stored before keep density 1, the rule they were computed with (docs/product/decisions.md 9), so a
 *   recipe's stored nutrition does not change behind its owner's back; the form shows
 *   « densité 1 » on them and offers the food's own density.
 * - Quantities and recipe prices are greater than 0. The old rules allowed 0; rows holding a
 *   0 are kept as they are (the constraints are NOT VALID: checked on every new or changed
 *   row, not on the old ones), and the form asks for a real value when such a recipe is edited.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE recipe_ingredients
      ADD COLUMN grams_per_ml numeric(6, 3)
        CONSTRAINT recipe_ingredients_grams_per_ml_check CHECK (grams_per_ml > 0 AND grams_per_ml <= 5);
    UPDATE recipe_ingredients SET grams_per_ml = 1 WHERE unit IN ('ml', 'l');
    ALTER TABLE recipe_ingredients
      ADD CONSTRAINT recipe_ingredients_volume_density_check CHECK (unit NOT IN ('ml', 'l') OR grams_per_ml IS NOT NULL);

    ALTER TABLE recipe_ingredients DROP CONSTRAINT recipe_ingredients_quantity_check;
    ALTER TABLE recipe_ingredients ADD CONSTRAINT recipe_ingredients_quantity_check CHECK (quantity > 0) NOT VALID;
    ALTER TABLE recipes DROP CONSTRAINT recipes_price_check;
    ALTER TABLE recipes ADD CONSTRAINT recipes_price_check CHECK (price > 0) NOT VALID;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE recipes DROP CONSTRAINT recipes_price_check;
    ALTER TABLE recipes ADD CONSTRAINT recipes_price_check CHECK (price >= 0);
    ALTER TABLE recipe_ingredients DROP CONSTRAINT recipe_ingredients_quantity_check;
    ALTER TABLE recipe_ingredients ADD CONSTRAINT recipe_ingredients_quantity_check CHECK (quantity >= 0);
    ALTER TABLE recipe_ingredients DROP CONSTRAINT recipe_ingredients_volume_density_check;
    ALTER TABLE recipe_ingredients DROP COLUMN grams_per_ml;
  `.execute(db);
}
