import { sql, type Kysely } from 'kysely';

/**
 * « Mes produits » (docs/product/products.md, docs/decisions/0018-products-sub-recipes-costs.md):
 * - `products`: an organisation's own products, from a label. A nutrient left blank is NULL
 *   (unknown), never 0. The price is per kg, l or unité; a price per unité needs its weight.
 * - A recipe line names exactly one source: a Ciqual food (`food_code`), a product
 *   (`product_id`) or another recipe of the organisation (`sub_recipe_id`, by g, kg or
 *   portion). Both foreign keys are NO ACTION: deleting a product or a recipe still used fails
 *   (the services answer 409 first), while deleting the organisation cascades to all of them.
 * - `recipes.allergens` / `traces` now hold the recipe's whole lists, the owner's own plus
 *   what its products contain (the public menu reads them as they are); the owner's own
 *   lists move to `own_allergens` / `own_traces`. Existing rows have no product: both equal.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE products (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      name text NOT NULL CONSTRAINT products_name_check CHECK (length(btrim(name)) BETWEEN 1 AND 200),
      name_folded text NOT NULL,
      supplier text NOT NULL DEFAULT '' CONSTRAINT products_supplier_check CHECK (length(supplier) <= 200),
      based_on_code integer REFERENCES catalogue_foods(code),
      energy_kcal numeric(7, 1) CONSTRAINT products_energy_kcal_check CHECK (energy_kcal BETWEEN 0 AND 900),
      energy_kj numeric(7, 1) CONSTRAINT products_energy_kj_check CHECK (energy_kj BETWEEN 0 AND 3800),
      fat_g numeric(6, 2) CONSTRAINT products_fat_check CHECK (fat_g BETWEEN 0 AND 100),
      saturated_fat_g numeric(6, 2) CONSTRAINT products_saturated_fat_check CHECK (saturated_fat_g BETWEEN 0 AND 100),
      carbs_g numeric(6, 2) CONSTRAINT products_carbs_check CHECK (carbs_g BETWEEN 0 AND 100),
      sugars_g numeric(6, 2) CONSTRAINT products_sugars_check CHECK (sugars_g BETWEEN 0 AND 100),
      fiber_g numeric(6, 2) CONSTRAINT products_fiber_check CHECK (fiber_g BETWEEN 0 AND 100),
      protein_g numeric(6, 2) CONSTRAINT products_protein_check CHECK (protein_g BETWEEN 0 AND 100),
      salt_g numeric(6, 2) CONSTRAINT products_salt_check CHECK (salt_g BETWEEN 0 AND 100),
      allergens text[] NOT NULL DEFAULT '{}',
      traces text[] NOT NULL DEFAULT '{}',
      price numeric(10, 2) CONSTRAINT products_price_check CHECK (price > 0),
      price_per text CONSTRAINT products_price_per_check CHECK (price_per IN ('kg', 'l', 'unité')),
      grams_per_unit numeric(12, 3) CONSTRAINT products_grams_per_unit_check CHECK (grams_per_unit > 0 AND grams_per_unit <= 100000),
      origin text CONSTRAINT products_origin_check CHECK (length(origin) <= 100),
      meat_kind text CONSTRAINT products_meat_kind_check CHECK (meat_kind IN ('bovine', 'porcine', 'ovine', 'volaille')),
      labels text[] NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT products_price_unit_check CHECK ((price IS NULL) = (price_per IS NULL)),
      CONSTRAINT products_unit_weight_check CHECK (price_per IS DISTINCT FROM 'unité' OR grams_per_unit IS NOT NULL)
    );
    CREATE INDEX products_organisation_name_idx ON products(organisation_id, name_folded);

    ALTER TABLE recipe_ingredients
      ALTER COLUMN food_code DROP NOT NULL,
      ADD COLUMN product_id uuid REFERENCES products(id),
      ADD COLUMN sub_recipe_id uuid REFERENCES recipes(id),
      ADD CONSTRAINT recipe_ingredients_one_source_check CHECK (num_nonnulls(food_code, product_id, sub_recipe_id) = 1),
      ADD CONSTRAINT recipe_ingredients_not_itself_check CHECK (sub_recipe_id IS DISTINCT FROM recipe_id),
      DROP CONSTRAINT recipe_ingredients_unit_check,
      ADD CONSTRAINT recipe_ingredients_unit_check CHECK (unit IN ('g', 'kg', 'ml', 'l', 'unité', 'portion')),
      ADD CONSTRAINT recipe_ingredients_sub_recipe_unit_check CHECK (CASE WHEN sub_recipe_id IS NULL THEN unit <> 'portion' ELSE unit IN ('g', 'kg', 'portion') END);
    CREATE INDEX recipe_ingredients_product_idx ON recipe_ingredients(product_id) WHERE product_id IS NOT NULL;
    CREATE INDEX recipe_ingredients_sub_recipe_idx ON recipe_ingredients(sub_recipe_id) WHERE sub_recipe_id IS NOT NULL;

    ALTER TABLE recipes
      ADD COLUMN own_allergens text[] NOT NULL DEFAULT '{}',
      ADD COLUMN own_traces text[] NOT NULL DEFAULT '{}';
    -- Rows 0006's NOT VALID price check no longer allows (a price of 0) are kept as they are:
    -- the check would refuse the UPDATE below, so it is set aside and put back unchanged (as 0009 does).
    ALTER TABLE recipes DROP CONSTRAINT recipes_price_check;
    UPDATE recipes SET own_allergens = allergens, own_traces = traces;
    ALTER TABLE recipes ADD CONSTRAINT recipes_price_check CHECK (price > 0) NOT VALID;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM recipe_ingredients WHERE product_id IS NOT NULL OR sub_recipe_id IS NOT NULL;
    ALTER TABLE recipes DROP CONSTRAINT recipes_price_check;
    UPDATE recipes SET allergens = own_allergens, traces = own_traces;
    ALTER TABLE recipes ADD CONSTRAINT recipes_price_check CHECK (price > 0) NOT VALID;
    ALTER TABLE recipes DROP COLUMN own_allergens, DROP COLUMN own_traces;
    ALTER TABLE recipe_ingredients
      DROP CONSTRAINT recipe_ingredients_one_source_check, DROP CONSTRAINT recipe_ingredients_sub_recipe_unit_check,
      DROP CONSTRAINT recipe_ingredients_not_itself_check, DROP COLUMN product_id, DROP COLUMN sub_recipe_id,
      DROP CONSTRAINT recipe_ingredients_unit_check,
      ADD CONSTRAINT recipe_ingredients_unit_check CHECK (unit IN ('g', 'kg', 'ml', 'l', 'unité'));
    ALTER TABLE recipe_ingredients ALTER COLUMN food_code SET NOT NULL;
    DROP TABLE products;
  `.execute(db);
}
