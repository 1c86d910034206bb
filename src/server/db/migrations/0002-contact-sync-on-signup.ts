import { sql, type Kysely } from 'kysely';

/**
 * The sign-up trigger also writes the « sync_contact » event into the outbox, so the CRM
 * contact is created in the same transaction as the user (docs/product/decisions.md 13).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION create_account_rows() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      restaurant text := COALESCE(NULLIF(btrim(NEW.signup_restaurant_name), ''), 'Mon Restaurant');
    BEGIN
      INSERT INTO profiles (id, restaurant_name) VALUES (NEW.id, restaurant);
      INSERT INTO subscriptions (user_id) VALUES (NEW.id);
      INSERT INTO event_outbox (user_id, kind, name, payload)
      VALUES (NEW.id, 'contact', 'sync_contact', jsonb_build_object(
        'email', NEW.email, 'restaurantName', restaurant,
        'subscriptionTier', 'free', 'subscriptionType', NULL, 'subscriptionStatus', 'active'));
      RETURN NEW;
    END $$;
    CREATE INDEX event_outbox_status_idx ON event_outbox(status, id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX IF EXISTS event_outbox_status_idx;
    CREATE OR REPLACE FUNCTION create_account_rows() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO profiles (id, restaurant_name)
      VALUES (NEW.id, COALESCE(NULLIF(btrim(NEW.signup_restaurant_name), ''), 'Mon Restaurant'));
      INSERT INTO subscriptions (user_id) VALUES (NEW.id);
      RETURN NEW;
    END $$;
  `.execute(db);
}
