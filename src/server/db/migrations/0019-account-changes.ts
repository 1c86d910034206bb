import { sql, type Kysely } from 'kysely';

/**
 * « The signed-in API » (docs/decisions/0026): GET /api/me is answered from memory while nothing it shows has
 * changed (src/server/features/account/account-cache.ts). Migration 0015 already announces
 * users (`u:`), establishments, menus, QR codes and subscriptions (`o:`) on the
 * `nutricarte_cache` channel; this adds what the account summary also reads, as `c:<organisation
 * id>` (« its counts and names »: a payload the public pages' caches ignore, since none of it is
 * on a diner's page):
 * - recipes created or deleted (the usage counts; an update changes no count);
 * - organisations renamed or deleted (the names in every member's switcher);
 * - memberships: `c:` of the organisation (its member count) and `u:` of the member (its
 *   organisations and role);
 * - invitations (pending ones count among the members).
 * NOTIFY is sent at commit, and identical payloads of one transaction once: an import of
 * 10,000 recipes announces its organisation once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION account_changed_organisation() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('nutricarte_cache', 'c:' || OLD.organisation_id); END IF;
      IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('nutricarte_cache', 'c:' || NEW.organisation_id); END IF;
      RETURN NULL;
    END $$;
    CREATE FUNCTION account_changed_membership() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN
        PERFORM pg_notify('nutricarte_cache', 'c:' || OLD.organisation_id);
        PERFORM pg_notify('nutricarte_cache', 'u:' || OLD.user_id);
      END IF;
      IF TG_OP <> 'DELETE' THEN
        PERFORM pg_notify('nutricarte_cache', 'c:' || NEW.organisation_id);
        PERFORM pg_notify('nutricarte_cache', 'u:' || NEW.user_id);
      END IF;
      RETURN NULL;
    END $$;
    CREATE FUNCTION account_changed_organisation_row() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('nutricarte_cache', 'c:' || OLD.id);
      RETURN NULL;
    END $$;
    CREATE TRIGGER recipes_account_changed AFTER INSERT OR DELETE ON recipes
      FOR EACH ROW EXECUTE FUNCTION account_changed_organisation();
    CREATE TRIGGER invitations_account_changed AFTER INSERT OR UPDATE OR DELETE ON invitations
      FOR EACH ROW EXECUTE FUNCTION account_changed_organisation();
    CREATE TRIGGER memberships_account_changed AFTER INSERT OR UPDATE OR DELETE ON memberships
      FOR EACH ROW EXECUTE FUNCTION account_changed_membership();
    CREATE TRIGGER organisations_account_changed AFTER UPDATE OR DELETE ON organisations
      FOR EACH ROW EXECUTE FUNCTION account_changed_organisation_row();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER IF EXISTS organisations_account_changed ON organisations;
    DROP TRIGGER IF EXISTS memberships_account_changed ON memberships;
    DROP TRIGGER IF EXISTS invitations_account_changed ON invitations;
    DROP TRIGGER IF EXISTS recipes_account_changed ON recipes;
    DROP FUNCTION IF EXISTS account_changed_organisation_row();
    DROP FUNCTION IF EXISTS account_changed_membership();
    DROP FUNCTION IF EXISTS account_changed_organisation();
  `.execute(db);
}
