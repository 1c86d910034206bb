import { sql, type Kysely } from 'kysely';

/**
 * - A changed e-mail address moves the CRM contact: the old contact is erased (RGPD: nothing
 *   about the owner stays under an address they gave up) and the new one is synced, written
 *   in the same transaction as the change (docs/product/decisions.md 13), whoever changes the address.
 * - One two-factor row per user at most (two « Activer » at once could leave two secrets).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION move_contact_on_email_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO event_outbox (user_id, kind, name, payload)
      VALUES (NULL, 'contact', 'delete_contact', jsonb_build_object('email', OLD.email));
      INSERT INTO event_outbox (user_id, kind, name, payload)
      SELECT NEW.id, 'contact', 'sync_contact', jsonb_build_object(
        'email', NEW.email, 'restaurantName', p.restaurant_name,
        'subscriptionTier', s.tier, 'subscriptionType', s.billing_type, 'subscriptionStatus', s.status)
      FROM profiles p JOIN subscriptions s ON s.user_id = p.id
      WHERE p.id = NEW.id;
      RETURN NEW;
    END $$;
    CREATE TRIGGER users_email_moves_contact AFTER UPDATE OF email ON users
      FOR EACH ROW WHEN (OLD.email IS DISTINCT FROM NEW.email) EXECUTE FUNCTION move_contact_on_email_change();

    DELETE FROM two_factors a USING two_factors b
      WHERE a.user_id = b.user_id AND (a.created_at, a.id) < (b.created_at, b.id);
    DROP INDEX two_factors_user_id_idx;
    DROP INDEX two_factors_secret_idx;
    CREATE UNIQUE INDEX two_factors_user_id_key ON two_factors(user_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX IF EXISTS two_factors_user_id_key;
    CREATE INDEX two_factors_user_id_idx ON two_factors(user_id);
    CREATE INDEX two_factors_secret_idx ON two_factors(secret);
    DROP TRIGGER IF EXISTS users_email_moves_contact ON users;
    DROP FUNCTION IF EXISTS move_contact_on_email_change();
  `.execute(db);
}
