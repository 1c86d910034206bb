import { sql, type Kysely } from 'kysely';

/**
 * The owner's day (docs/decisions/0036-the-owners-day.md):
 * - `ingredient_prices`: an organisation's price for a Ciqual food (« prix au kg / au litre / à
 *   l'unité », a supplier optional), reused by every recipe that uses the food. One row per
 *   organisation and food; `version` and `updated_by_name` count its changes like every
 *   editable row (src/server/domain/versions.ts, migration 0023).
 *   Tap water needs no row: it costs 0 unless the organisation gives it a price
 *   (src/shared/ingredient-prices.ts).
 * - One price per dish: an item made from a recipe shows the recipe's price while its own
 *   `price` is NULL (`priceSource` « recipe »). An item whose stored price equals its recipe's
 *   was typed twice: it now follows the recipe. A different one stays, as « prix propre au menu ».
 * - `translations` of menus, sections and formules, like dishes' (`{}` when none).
 * - The restaurant's own « Mentions légales » for diners: the establishment's legal name,
 *   SIRET and publication director. `siret` may already exist (the canteen's establishment
 *   settings add it too): it is added only when missing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE ingredient_prices (
      organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
      food_code integer NOT NULL REFERENCES catalogue_foods(code),
      amount numeric(10, 2) NOT NULL CONSTRAINT ingredient_prices_amount_check CHECK (amount > 0 AND amount <= 100000),
      per text NOT NULL CONSTRAINT ingredient_prices_per_check CHECK (per IN ('kg', 'l', 'unité')),
      supplier text NOT NULL DEFAULT '' CONSTRAINT ingredient_prices_supplier_check CHECK (length(supplier) <= 200),
      version integer NOT NULL DEFAULT 1 CONSTRAINT ingredient_prices_version_check CHECK (version >= 1),
      updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
      updated_by_name text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organisation_id, food_code)
    );

    UPDATE menu_items i SET price = NULL
      FROM recipes r
      WHERE r.id = i.recipe_id AND i.price IS NOT NULL AND r.price IS NOT NULL AND i.price = r.price;

    ALTER TABLE menus ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'::jsonb
      CONSTRAINT menus_translations_check CHECK (jsonb_typeof(translations) = 'object');
    ALTER TABLE menu_sections ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'::jsonb
      CONSTRAINT menu_sections_translations_check CHECK (jsonb_typeof(translations) = 'object');
    ALTER TABLE formules ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'::jsonb
      CONSTRAINT formules_translations_check CHECK (jsonb_typeof(translations) = 'object');

    ALTER TABLE establishments ADD COLUMN IF NOT EXISTS siret text;
    ALTER TABLE establishments
      ADD COLUMN legal_name text
        CONSTRAINT establishments_legal_name_check CHECK (length(btrim(legal_name)) BETWEEN 1 AND 200),
      ADD COLUMN publication_director text
        CONSTRAINT establishments_publication_director_check CHECK (length(btrim(publication_director)) BETWEEN 1 AND 200);
  `.execute(db);
}

/**
 * Back to one price per row: an item following its recipe gets the recipe's price written in,
 * so diners keep seeing it. `siret` stays (it may be another migration's).
 */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE menu_items i SET price = r.price
      FROM recipes r
      WHERE r.id = i.recipe_id AND i.price IS NULL AND r.price IS NOT NULL;
    ALTER TABLE establishments DROP COLUMN IF EXISTS publication_director, DROP COLUMN IF EXISTS legal_name;
    ALTER TABLE formules DROP COLUMN IF EXISTS translations;
    ALTER TABLE menu_sections DROP COLUMN IF EXISTS translations;
    ALTER TABLE menus DROP COLUMN IF EXISTS translations;
    DROP TABLE IF EXISTS ingredient_prices;
  `.execute(db);
}
