import { sql, type Kysely } from 'kysely';

/**
 * The menu diners are handed (docs/decisions/0019-public-menu-for-diners.md):
 * - `menu_items.price` becomes nullable: NULL is « prix à renseigner » (not shown to diners,
 *   flagged to the owner). Before this migration the app wrote 0 for every item and had no
 *   way to change it (docs/product/spec.md section 3), so a stored 0 was never a price an
 *   owner chose: it becomes NULL. Any other value is kept. From now on 0 is a real « 0,00 € ».
 * - Items without a recipe (a coffee, a wine): their own allergens, « peut contenir », diet
 *   labels and whether the owner confirmed the allergen lists, as recipes have them
 *   (docs/product/decisions.md 15). Unused by an item made from a recipe.
 * - `recipes.homemade` (« Fait maison », décret 2014-797) and `recipes.meat_origins`: the
 *   meats of the dish and their origin in the words of décret 2002-1465 as amended in 2025
 *   (src/shared/meat-origin.ts), as a JSON array checked by the API schema.
 * - `formules`: a priced combination of a menu's sections (« Formule déjeuner 18,50 € :
 *   Entrée + Plat ou Plat + Dessert »); `choices` is a JSON array of alternatives, each an
 *   array of section ids of the same menu (a deleted section drops out when read).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE menu_items ALTER COLUMN price DROP NOT NULL, ALTER COLUMN price DROP DEFAULT;
    UPDATE menu_items SET price = NULL WHERE price = 0;
    ALTER TABLE menu_items
      ADD COLUMN allergens text[] NOT NULL DEFAULT '{}',
      ADD COLUMN traces text[] NOT NULL DEFAULT '{}',
      ADD COLUMN dietary_info text[] NOT NULL DEFAULT '{}',
      ADD COLUMN allergens_declared boolean NOT NULL DEFAULT false;

    ALTER TABLE recipes
      ADD COLUMN homemade boolean NOT NULL DEFAULT false,
      ADD COLUMN meat_origins jsonb NOT NULL DEFAULT '[]' CONSTRAINT recipes_meat_origins_check CHECK (jsonb_typeof(meat_origins) = 'array');

    CREATE TABLE formules (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      menu_id uuid NOT NULL REFERENCES menus(id) ON DELETE CASCADE,
      name text NOT NULL CONSTRAINT formules_name_check CHECK (length(btrim(name)) BETWEEN 1 AND 200),
      price numeric(10, 2) NOT NULL CONSTRAINT formules_price_check CHECK (price > 0),
      choices jsonb NOT NULL CONSTRAINT formules_choices_check CHECK (jsonb_typeof(choices) = 'array'),
      display_order integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX formules_menu_id_idx ON formules(menu_id, display_order);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE IF EXISTS formules;
    ALTER TABLE recipes DROP COLUMN IF EXISTS meat_origins, DROP COLUMN IF EXISTS homemade;
    ALTER TABLE menu_items DROP COLUMN IF EXISTS allergens_declared, DROP COLUMN IF EXISTS dietary_info,
      DROP COLUMN IF EXISTS traces, DROP COLUMN IF EXISTS allergens;
    UPDATE menu_items SET price = 0 WHERE price IS NULL;
    ALTER TABLE menu_items ALTER COLUMN price SET DEFAULT 0, ALTER COLUMN price SET NOT NULL;
  `.execute(db);
}
