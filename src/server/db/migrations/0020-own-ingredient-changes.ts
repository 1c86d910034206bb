import { sql, type Kysely } from 'kysely';

/**
 * « The signed-in API » (docs/decisions/0026): the ingredient search answers from memory while none of the
 * organisation's own ingredients has changed (src/server/features/catalogue/own-ingredients.ts).
 * This announces every change to a product or a recipe as `i:<organisation id>` on the
 * `nutricarte_cache` channel: created, renamed, re-priced, deleted, or a recipe's facts
 * recomputed (a product's change rewrites the recipes that use it). The public pages' and the
 * accounts' caches ignore `i:` (nothing they keep carries it).
 * NOTIFY is sent at commit, and identical payloads of one transaction once: an import of
 * 10,000 recipes announces its organisation once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION own_ingredients_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('nutricarte_cache', 'i:' || OLD.organisation_id); END IF;
      IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('nutricarte_cache', 'i:' || NEW.organisation_id); END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER products_own_ingredients_changed AFTER INSERT OR UPDATE OR DELETE ON products
      FOR EACH ROW EXECUTE FUNCTION own_ingredients_changed();
    CREATE TRIGGER recipes_own_ingredients_changed AFTER INSERT OR UPDATE OR DELETE ON recipes
      FOR EACH ROW EXECUTE FUNCTION own_ingredients_changed();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER IF EXISTS recipes_own_ingredients_changed ON recipes;
    DROP TRIGGER IF EXISTS products_own_ingredients_changed ON products;
    DROP FUNCTION IF EXISTS own_ingredients_changed();
  `.execute(db);
}
