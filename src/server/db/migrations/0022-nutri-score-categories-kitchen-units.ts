import { sql, type Kysely } from 'kysely';

/**
 * The Nutri-Score table a recipe is scored with, and the kitchen units of its lines
 * (docs/decisions/0033-nutri-score-2023-and-rounding.md).
 *
 * - `recipes.nutri_score_category`: the owner's choice, `auto` (the default: the ingredients
 *   decide, src/shared/nutri-score-category.ts) or one of the 2023 algorithm's tables.
 * - Lines may count in cl, cuillères à soupe (`cs`), cuillères à café (`cc`) and pincées
 *   (`pincee`): volumes, so they carry a density like ml and l (src/shared/units.ts).
 * - A line in « unité » of an own product may leave its weight to the product's `grams_per_unit`.
 */
const UNITS = `('g', 'kg', 'ml', 'cl', 'l', 'cs', 'cc', 'pincee', 'unité', 'portion')`;
const OLD_UNITS = `('g', 'kg', 'ml', 'l', 'unité', 'portion')`;
const VOLUMES = `('ml', 'cl', 'l', 'cs', 'cc', 'pincee')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE recipes ADD COLUMN nutri_score_category text NOT NULL DEFAULT 'auto'
      CONSTRAINT recipes_nutri_score_category_check
      CHECK (nutri_score_category IN ('auto', 'general', 'cheese', 'fats', 'beverage', 'water'));
    ALTER TABLE recipe_ingredients
      DROP CONSTRAINT recipe_ingredients_unit_check,
      ADD CONSTRAINT recipe_ingredients_unit_check CHECK (unit IN ${sql.raw(UNITS)}),
      DROP CONSTRAINT recipe_ingredients_volume_density_check,
      ADD CONSTRAINT recipe_ingredients_volume_density_check
        CHECK (unit NOT IN ${sql.raw(VOLUMES)} OR grams_per_ml IS NOT NULL),
      DROP CONSTRAINT recipe_ingredients_unit_weight_check,
      ADD CONSTRAINT recipe_ingredients_unit_weight_check
        CHECK (unit <> 'unité' OR grams_per_unit IS NOT NULL OR product_id IS NOT NULL);
  `.execute(db);
}

/**
 * Back to ml, l and weighed « unité » lines: a spoon, a pinch or a cl becomes its millilitres
 * (the same grams), a product's « unité » line takes the product's weight (or 1 g when the
 * product has none: the line was already unweighed, its recipe's facts said so).
 */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE recipe_ingredients SET quantity = quantity * CASE unit
        WHEN 'cl' THEN 10 WHEN 'cs' THEN 15 WHEN 'cc' THEN 5 ELSE 0.3125 END, unit = 'ml'
      WHERE unit IN ('cl', 'cs', 'cc', 'pincee');
    UPDATE recipe_ingredients ri SET grams_per_unit = COALESCE(p.grams_per_unit, 1)
      FROM products p WHERE p.id = ri.product_id AND ri.unit = 'unité' AND ri.grams_per_unit IS NULL;
    ALTER TABLE recipe_ingredients
      DROP CONSTRAINT recipe_ingredients_unit_weight_check,
      ADD CONSTRAINT recipe_ingredients_unit_weight_check CHECK (unit <> 'unité' OR grams_per_unit IS NOT NULL),
      DROP CONSTRAINT recipe_ingredients_volume_density_check,
      ADD CONSTRAINT recipe_ingredients_volume_density_check CHECK (unit NOT IN ('ml', 'l') OR grams_per_ml IS NOT NULL),
      DROP CONSTRAINT recipe_ingredients_unit_check,
      ADD CONSTRAINT recipe_ingredients_unit_check CHECK (unit IN ${sql.raw(OLD_UNITS)});
    ALTER TABLE recipes DROP COLUMN nutri_score_category;
  `.execute(db);
}
