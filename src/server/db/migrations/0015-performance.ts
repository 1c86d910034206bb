import { sql, type Kysely } from 'kysely';

/**
 * Issue 20 (docs/decisions/0022-performance-at-the-physical-limit.md): every change to what a
 * diner's page or QR redirect shows is announced on the `nutricarte_public` channel, so that
 * each server process drops the pages and QR targets it keeps in memory (within a second,
 * whichever process or tool wrote the change). NOTIFY is sent at commit, and identical
 * payloads of one transaction are sent once, so a bulk edit costs one message per menu or
 * organisation. Payloads: `o:<organisation id>` (its pages and codes), `m:<menu id>` (one page),
 * `*` (everything: an item whose section is already gone).
 *
 * A table that a later change makes the page read (a « sold out » flag, translations…) must get
 * the same trigger; `qr_codes` announces only what the redirect reads (not `scan_count`, which
 * every batch of scans updates).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION public_changed_organisation() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('nutricarte_public', 'o:' || OLD.organisation_id); END IF;
      IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('nutricarte_public', 'o:' || NEW.organisation_id); END IF;
      RETURN NULL;
    END $$;
    CREATE FUNCTION public_changed_section() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('nutricarte_public', 'm:' || OLD.menu_id); END IF;
      IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('nutricarte_public', 'm:' || NEW.menu_id); END IF;
      RETURN NULL;
    END $$;
    CREATE FUNCTION public_changed_item() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN
        PERFORM pg_notify('nutricarte_public', coalesce('m:' || (SELECT menu_id FROM menu_sections WHERE id = OLD.menu_section_id), '*'));
      END IF;
      IF TG_OP <> 'DELETE' THEN
        PERFORM pg_notify('nutricarte_public', coalesce('m:' || (SELECT menu_id FROM menu_sections WHERE id = NEW.menu_section_id), '*'));
      END IF;
      RETURN NULL;
    END $$;

    CREATE TRIGGER menus_public_changed AFTER INSERT OR UPDATE OR DELETE ON menus
      FOR EACH ROW EXECUTE FUNCTION public_changed_organisation();
    CREATE TRIGGER recipes_public_changed AFTER INSERT OR UPDATE OR DELETE ON recipes
      FOR EACH ROW EXECUTE FUNCTION public_changed_organisation();
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
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER IF EXISTS menu_items_public_changed ON menu_items;
    DROP TRIGGER IF EXISTS menu_sections_public_changed ON menu_sections;
    DROP TRIGGER IF EXISTS qr_codes_public_changed ON qr_codes;
    DROP TRIGGER IF EXISTS subscriptions_public_changed ON subscriptions;
    DROP TRIGGER IF EXISTS establishments_public_changed ON establishments;
    DROP TRIGGER IF EXISTS recipes_public_changed ON recipes;
    DROP TRIGGER IF EXISTS menus_public_changed ON menus;
    DROP FUNCTION IF EXISTS public_changed_item();
    DROP FUNCTION IF EXISTS public_changed_section();
    DROP FUNCTION IF EXISTS public_changed_organisation();
  `.execute(db);
}
