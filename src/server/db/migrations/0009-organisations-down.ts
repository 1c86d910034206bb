import { sql, type Kysely } from 'kysely';

/**
 * The way down from 0009-organisations: rows belong to a user again. Each account gets back a
 * profile made of its active organisation's name and first establishment, and the plan of the
 * organisation it is the first owner of (a free one otherwise). A row goes to its creator, or
 * to its organisation's first owner when the creator's account is gone. What only an
 * organisation can hold (members, invitations, the audit trail, the other establishments) is
 * dropped.
 */
export async function restoreOwnerSchema(db: Kysely<unknown>): Promise<void> {
  const firstOwners = sql`(
    SELECT DISTINCT ON (organisation_id) organisation_id, user_id FROM memberships
    WHERE role = 'owner' ORDER BY organisation_id, created_at, user_id
  )`;
  await sql`
    CREATE TABLE profiles (
      id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      restaurant_name text NOT NULL DEFAULT 'Mon Restaurant'
        CONSTRAINT profiles_restaurant_name_check CHECK (length(btrim(restaurant_name)) BETWEEN 1 AND 120),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      address text CONSTRAINT profiles_address_check CHECK (length(btrim(address)) BETWEEN 1 AND 200),
      postal_code text CONSTRAINT profiles_postal_code_check CHECK (postal_code ~ '^[0-9]{5}$'),
      city text CONSTRAINT profiles_city_check CHECK (length(btrim(city)) BETWEEN 1 AND 100),
      phone text CONSTRAINT profiles_phone_check CHECK (phone ~ '^0[1-9]( [0-9]{2}){4}$')
    );
    INSERT INTO profiles (id, restaurant_name, address, postal_code, city, phone, created_at, updated_at)
      SELECT u.id, COALESCE(NULLIF(btrim(left(o.name, 120)), ''), 'Mon Restaurant'),
             NULLIF(btrim(left(e.address, 200)), ''), e.postal_code, NULLIF(btrim(left(e.city, 100)), ''), e.phone,
             COALESCE(o.created_at, u.created_at), COALESCE(o.updated_at, u.updated_at)
      FROM users u
      LEFT JOIN organisations o ON o.id = u.active_organisation_id
      LEFT JOIN LATERAL (
        SELECT * FROM establishments WHERE organisation_id = o.id ORDER BY created_at, id LIMIT 1
      ) e ON true;

    ALTER TABLE subscriptions DROP CONSTRAINT subscriptions_pkey;
    ALTER TABLE subscriptions DROP CONSTRAINT subscriptions_organisation_fkey;
    ALTER TABLE subscriptions ADD COLUMN user_id uuid;
    UPDATE subscriptions s SET user_id = f.user_id FROM ${firstOwners} f WHERE f.organisation_id = s.organisation_id;
    DELETE FROM subscriptions s WHERE user_id IS NULL
      OR EXISTS (SELECT 1 FROM subscriptions t WHERE t.user_id = s.user_id AND t.created_at < s.created_at);
    ALTER TABLE subscriptions DROP COLUMN organisation_id;
    ALTER TABLE subscriptions ALTER COLUMN user_id SET NOT NULL,
      ADD CONSTRAINT subscriptions_pkey PRIMARY KEY (user_id),
      ADD CONSTRAINT subscriptions_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
    INSERT INTO subscriptions (user_id) SELECT id FROM users ON CONFLICT DO NOTHING;

    ALTER TABLE recipes DROP CONSTRAINT recipes_price_check;
    ALTER TABLE recipes DROP COLUMN allergens_confirmed_by, DROP COLUMN allergens_confirmed_by_name, DROP COLUMN allergens_confirmed_at;
    ALTER TABLE qr_codes DROP CONSTRAINT qr_codes_menu_fkey,
      ADD CONSTRAINT qr_codes_menu_id_fkey FOREIGN KEY (menu_id) REFERENCES menus(id) ON DELETE CASCADE;
    ALTER TABLE menus DROP CONSTRAINT menus_establishment_fkey, DROP CONSTRAINT menus_id_organisation_key, DROP COLUMN establishment_id;
  `.execute(db);

  const ownerIndexes = {
    recipes: sql`CREATE INDEX recipes_user_created_idx ON recipes(user_id, created_at DESC)`,
    menus: sql`CREATE INDEX menus_user_created_idx ON menus(user_id, created_at DESC)`,
    qr_codes: sql`CREATE INDEX qr_codes_user_created_idx ON qr_codes(user_id, created_at DESC)`,
    checkout_sessions: sql`CREATE INDEX checkout_sessions_user_idx ON checkout_sessions(user_id)`,
  };
  for (const [table, index] of Object.entries(ownerIndexes)) {
    const t = sql.table(table);
    await sql`
      UPDATE ${t} AS r SET created_by = f.user_id FROM ${firstOwners} f
        WHERE r.created_by IS NULL AND f.organisation_id = r.organisation_id;
      DELETE FROM ${t} WHERE created_by IS NULL;
      DROP INDEX ${sql.raw(`${table}_organisation_created_idx`)}, ${sql.raw(`${table}_created_by_idx`)};
      ALTER TABLE ${t} DROP CONSTRAINT ${sql.raw(`${table}_created_by_fkey`)}, DROP COLUMN organisation_id;
      ALTER TABLE ${t} RENAME COLUMN created_by TO user_id;
      ALTER TABLE ${t} ALTER COLUMN user_id SET NOT NULL,
        ADD CONSTRAINT ${sql.raw(`${table}_user_id_fkey`)} FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
    `.execute(db);
    await index.execute(db);
  }

  await sql`
    ALTER TABLE recipes ADD CONSTRAINT recipes_price_check CHECK (price > 0) NOT VALID;
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
    CREATE OR REPLACE FUNCTION move_contact_on_email_change() RETURNS trigger LANGUAGE plpgsql AS $$
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
    DROP FUNCTION enqueue_contact_sync(uuid);
    DROP FUNCTION create_organisation(uuid, text);
    ALTER TABLE users DROP COLUMN active_organisation_id;
    DROP TABLE audit_events, invitations, establishments, memberships, organisations;
    DROP FUNCTION user_display_name(text, text);
  `.execute(db);
}
