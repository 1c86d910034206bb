import { sql, type Kysely } from 'kysely';

/**
 * Languages, allergen filter, live « Épuisé » (docs/decisions/0020-languages-filter-live-availability.md):
 * - `translations` on recipes and menu items: the owner's names and descriptions in English,
 *   Spanish, German and Italian (src/shared/diner/translations.ts), `{}` when there is none;
 * - `sold_out` on menu items: « Épuisé » tonight, still listed for diners (unlike
 *   `is_available`, which hides the item).
 * Existing rows get the defaults: no translation, not sold out. Nothing is rewritten.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE recipes
      ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'::jsonb
        CONSTRAINT recipes_translations_check CHECK (jsonb_typeof(translations) = 'object');
    ALTER TABLE menu_items
      ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'::jsonb
        CONSTRAINT menu_items_translations_check CHECK (jsonb_typeof(translations) = 'object'),
      ADD COLUMN sold_out boolean NOT NULL DEFAULT false;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE menu_items DROP COLUMN IF EXISTS sold_out, DROP COLUMN IF EXISTS translations;
    ALTER TABLE recipes DROP COLUMN IF EXISTS translations;
  `.execute(db);
}
