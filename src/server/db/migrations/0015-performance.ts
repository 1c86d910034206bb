import { sql, type Kysely } from 'kysely';

/**
 * docs/decisions/0022-performance-at-the-physical-limit.md: every change to what a
 * diner's page or QR redirect shows, and to a session, is announced on the `nutricarte_cache`
 * channel, so that each server process drops the pages, QR targets and sessions it keeps in memory (within a second,
 * whichever process or tool wrote the change). NOTIFY is sent at commit, and identical
 * payloads of one transaction are sent once, so a bulk edit costs one message per menu or
 * organisation. Payloads: `o:<organisation id>` (its pages and codes), `m:<menu id>` (one page),
 * `s:<session token>` (a session ended or changed), `u:<user id>` (its sessions: email, 2FA…),
 * `*` (everything: an item whose section is already gone).
 *
 * The same messages tell the open public pages (live « Épuisé », docs/decisions/0020; src/server/diner.ts
 * feeds src/server/features/public-menu/menu-changes.ts): one channel, one path, for every
 * change whoever writes it. What the page reads (src/server/features/public-menu/service.ts)
 * and the message its change sends:
 * - `menus`, `establishments`, `subscriptions`: `o:` (an organisation's pages, its codes);
 * - `menu_sections`, `menu_items` (prices, « Épuisé », translations, photos, own allergens) and
 *   `formules` (shown first on the page, docs/product/formules.md): `m:`;
 * - `recipes` (facts, names, translations, photo, origin of meat): `m:` of each menu whose
 *   items show it, so a product or sub-recipe change, which recomputes its dependent recipes in
 *   its transaction (src/server/domain/recipe-recompute.ts), reaches exactly their menus;
 * - `photo_variants` need none: a photo's copies are written once, before any row shows it,
 *   and go only with the photo once nothing shows it (src/server/domain/photos/attach.ts).
 * A table that a later change makes the page read must get a trigger too; `qr_codes`
 * announces only what the redirect reads (not `scan_count`, which every batch of scans updates).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION public_changed_organisation() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('nutricarte_cache', 'o:' || OLD.organisation_id); END IF;
      IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('nutricarte_cache', 'o:' || NEW.organisation_id); END IF;
      RETURN NULL;
    END $$;
    CREATE FUNCTION public_changed_section() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('nutricarte_cache', 'm:' || OLD.menu_id); END IF;
      IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('nutricarte_cache', 'm:' || NEW.menu_id); END IF;
      RETURN NULL;
    END $$;
    CREATE FUNCTION public_changed_item() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN
        PERFORM pg_notify('nutricarte_cache', coalesce('m:' || (SELECT menu_id FROM menu_sections WHERE id = OLD.menu_section_id), '*'));
      END IF;
      IF TG_OP <> 'DELETE' THEN
        PERFORM pg_notify('nutricarte_cache', coalesce('m:' || (SELECT menu_id FROM menu_sections WHERE id = NEW.menu_section_id), '*'));
      END IF;
      RETURN NULL;
    END $$;
    CREATE FUNCTION public_changed_recipe() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('nutricarte_cache', 'm:' || s.menu_id)
        FROM menu_items i JOIN menu_sections s ON s.id = i.menu_section_id
        WHERE i.recipe_id = OLD.id
        GROUP BY s.menu_id;
      RETURN NULL;
    END $$;

    CREATE FUNCTION session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('nutricarte_cache', 's:' || OLD.token);
      RETURN NULL;
    END $$;
    CREATE FUNCTION user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('nutricarte_cache', 'u:' || OLD.id);
      RETURN NULL;
    END $$;
    CREATE TRIGGER sessions_changed AFTER UPDATE OR DELETE ON sessions
      FOR EACH ROW EXECUTE FUNCTION session_changed();
    CREATE TRIGGER users_changed AFTER UPDATE OR DELETE ON users
      FOR EACH ROW EXECUTE FUNCTION user_changed();

    CREATE TRIGGER menus_public_changed AFTER INSERT OR UPDATE OR DELETE ON menus
      FOR EACH ROW EXECUTE FUNCTION public_changed_organisation();
    CREATE TRIGGER recipes_public_changed AFTER UPDATE OR DELETE ON recipes
      FOR EACH ROW EXECUTE FUNCTION public_changed_recipe();
    CREATE TRIGGER establishments_public_changed AFTER INSERT OR UPDATE OR DELETE ON establishments
      FOR EACH ROW EXECUTE FUNCTION public_changed_organisation();
    CREATE TRIGGER subscriptions_public_changed AFTER INSERT OR UPDATE OR DELETE ON subscriptions
      FOR EACH ROW EXECUTE FUNCTION public_changed_organisation();
    CREATE TRIGGER qr_codes_public_changed AFTER INSERT OR DELETE OR UPDATE OF status, menu_id, organisation_id ON qr_codes
      FOR EACH ROW EXECUTE FUNCTION public_changed_organisation();
    CREATE TRIGGER menu_sections_public_changed AFTER INSERT OR UPDATE OR DELETE ON menu_sections
      FOR EACH ROW EXECUTE FUNCTION public_changed_section();
    CREATE TRIGGER menu_items_public_changed AFTER INSERT OR UPDATE OR DELETE ON menu_items
      FOR EACH ROW EXECUTE FUNCTION public_changed_item();
    CREATE TRIGGER formules_public_changed AFTER INSERT OR UPDATE OR DELETE ON formules
      FOR EACH ROW EXECUTE FUNCTION public_changed_section();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER IF EXISTS users_changed ON users;
    DROP TRIGGER IF EXISTS sessions_changed ON sessions;
    DROP FUNCTION IF EXISTS user_changed();
    DROP FUNCTION IF EXISTS session_changed();
    DROP TRIGGER IF EXISTS formules_public_changed ON formules;
    DROP TRIGGER IF EXISTS menu_items_public_changed ON menu_items;
    DROP TRIGGER IF EXISTS menu_sections_public_changed ON menu_sections;
    DROP TRIGGER IF EXISTS qr_codes_public_changed ON qr_codes;
    DROP TRIGGER IF EXISTS subscriptions_public_changed ON subscriptions;
    DROP TRIGGER IF EXISTS establishments_public_changed ON establishments;
    DROP TRIGGER IF EXISTS recipes_public_changed ON recipes;
    DROP TRIGGER IF EXISTS menus_public_changed ON menus;
    DROP FUNCTION IF EXISTS public_changed_recipe();
    DROP FUNCTION IF EXISTS public_changed_item();
    DROP FUNCTION IF EXISTS public_changed_section();
    DROP FUNCTION IF EXISTS public_changed_organisation();
  `.execute(db);
}
