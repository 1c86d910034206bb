import { sql, type Kysely } from 'kysely';
import { restoreOwnerSchema } from './0009-organisations-down.ts';

/**
 * docs/product/organisations.md, docs/decisions/0016-organisations.md: the data
 * belongs to an organisation, not to a user.
 * - New tables: organisations, memberships (owner, editor, viewer), invitations (only the
 *   token's SHA-256, 7 days, single use, bound to the address), establishments (the profile
 *   of migration 0007 became the first one), audit_events (« Historique », written in the
 *   transaction of each change).
 * - Every existing account gets one organisation named after its restaurant, is its owner,
 *   and has it as `users.active_organisation_id`; its profile becomes the organisation's
 *   establishment, then `profiles` is dropped (nothing in it was about the person).
 * - recipes, menus, qr_codes and checkout_sessions gain `organisation_id` (NOT NULL, indexed,
 *   cascading with the organisation); their `user_id` becomes `created_by` (set to null when
 *   that account is deleted: the rows stay with the organisation). A menu belongs to an
 *   establishment of its organisation, a QR code to a menu of its organisation (composite
 *   foreign keys). The subscription is keyed by organisation.
 * - A recipe records who confirmed its allergens and when (the name is kept with the id).
 * - Sign-up creates the organisation, the owner membership, the establishment and the free
 *   subscription (`create_organisation`), and the CRM contact is built in one place,
 *   `enqueue_contact_sync` (the account's active organisation's name and plan).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION user_display_name(user_name text, email text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $$ SELECT COALESCE(NULLIF(btrim(user_name), ''), split_part(email, '@', 1)) $$;

    CREATE TABLE organisations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL CONSTRAINT organisations_name_check CHECK (length(btrim(name)) BETWEEN 1 AND 200),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE memberships (
      organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      role text NOT NULL CONSTRAINT memberships_role_check CHECK (role IN ('owner', 'editor', 'viewer')),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organisation_id, user_id)
    );
    CREATE INDEX memberships_user_idx ON memberships(user_id, created_at);
    CREATE TABLE establishments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
      name text NOT NULL CONSTRAINT establishments_name_check CHECK (length(btrim(name)) BETWEEN 1 AND 200),
      address text CONSTRAINT establishments_address_check CHECK (length(btrim(address)) BETWEEN 1 AND 300),
      postal_code text CONSTRAINT establishments_postal_code_check CHECK (postal_code ~ '^[0-9]{5}$'),
      city text CONSTRAINT establishments_city_check CHECK (length(btrim(city)) BETWEEN 1 AND 120),
      phone text CONSTRAINT establishments_phone_check CHECK (phone ~ '^0[1-9]( [0-9]{2}){4}$'),
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT establishments_id_organisation_key UNIQUE (id, organisation_id)
    );
    CREATE INDEX establishments_organisation_idx ON establishments(organisation_id, created_at);
    CREATE INDEX establishments_created_by_idx ON establishments(created_by);
    CREATE TABLE invitations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
      email text NOT NULL CONSTRAINT invitations_email_check CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
      role text NOT NULL CONSTRAINT invitations_role_check CHECK (role IN ('owner', 'editor', 'viewer')),
      token_hash text NOT NULL CONSTRAINT invitations_token_hash_key UNIQUE,
      invited_by uuid REFERENCES users(id) ON DELETE SET NULL,
      expires_at timestamptz NOT NULL,
      accepted_at timestamptz,
      accepted_by uuid REFERENCES users(id) ON DELETE SET NULL,
      revoked_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    -- One pending invitation per address and organisation: inviting again replaces it.
    CREATE UNIQUE INDEX invitations_pending_key ON invitations(organisation_id, email) WHERE accepted_at IS NULL AND revoked_at IS NULL;
    CREATE INDEX invitations_invited_by_idx ON invitations(invited_by);
    CREATE INDEX invitations_accepted_by_idx ON invitations(accepted_by);
    CREATE TABLE audit_events (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
      actor_id uuid REFERENCES users(id) ON DELETE SET NULL,
      actor_name text NOT NULL,
      action text NOT NULL CONSTRAINT audit_events_action_check CHECK (action IN
        ('created', 'updated', 'deleted', 'allergens_confirmed', 'status_changed', 'invited', 'revoked', 'joined', 'role_changed', 'removed', 'left')),
      entity_type text NOT NULL CONSTRAINT audit_events_entity_type_check CHECK (entity_type IN
        ('recipe', 'menu', 'qr_code', 'member', 'invitation', 'establishment', 'organisation', 'product', 'meal_plan')),
      entity_id uuid,
      entity_name text NOT NULL,
      details jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX audit_events_organisation_idx ON audit_events(organisation_id, id DESC);
    CREATE INDEX audit_events_entity_idx ON audit_events(organisation_id, entity_type, entity_id, id DESC);
    CREATE INDEX audit_events_actor_idx ON audit_events(actor_id);

    -- One organisation per existing account, named after its restaurant, with its profile as establishment.
    ALTER TABLE users ADD COLUMN active_organisation_id uuid;
    UPDATE users SET active_organisation_id = gen_random_uuid();
    INSERT INTO organisations (id, name, created_at, updated_at)
      SELECT u.active_organisation_id, COALESCE(p.restaurant_name, 'Mon Restaurant'), u.created_at, COALESCE(p.updated_at, u.created_at)
      FROM users u LEFT JOIN profiles p ON p.id = u.id;
    INSERT INTO memberships (organisation_id, user_id, role, created_at, updated_at)
      SELECT active_organisation_id, id, 'owner', created_at, created_at FROM users;
    INSERT INTO establishments (organisation_id, name, address, postal_code, city, phone, created_by, created_at, updated_at)
      SELECT u.active_organisation_id, COALESCE(p.restaurant_name, 'Mon Restaurant'), p.address, p.postal_code, p.city, p.phone,
             u.id, u.created_at, COALESCE(p.updated_at, u.created_at)
      FROM users u LEFT JOIN profiles p ON p.id = u.id;
    ALTER TABLE users ADD CONSTRAINT users_active_organisation_fkey
      FOREIGN KEY (active_organisation_id) REFERENCES organisations(id) ON DELETE SET NULL;
    CREATE INDEX users_active_organisation_idx ON users(active_organisation_id);
    DROP TABLE profiles;
  `.execute(db);

  // Rows the rules of 0006 no longer allow (a price of 0) are kept as they are: its NOT VALID
  // constraint would refuse the UPDATEs below, so it is set aside and put back unchanged.
  await sql`ALTER TABLE recipes DROP CONSTRAINT recipes_price_check`.execute(db);
  const ownerIndexes = {
    recipes: 'recipes_user_created_idx',
    menus: 'menus_user_created_idx',
    qr_codes: 'qr_codes_user_created_idx',
    checkout_sessions: 'checkout_sessions_user_idx',
  };
  for (const [table, index] of Object.entries(ownerIndexes)) await moveToOrganisation(db, table, index);

  await sql`
    ALTER TABLE menus ADD COLUMN establishment_id uuid;
    UPDATE menus m SET establishment_id = e.id FROM establishments e WHERE e.organisation_id = m.organisation_id;
    ALTER TABLE menus ALTER COLUMN establishment_id SET NOT NULL,
      ADD CONSTRAINT menus_id_organisation_key UNIQUE (id, organisation_id),
      ADD CONSTRAINT menus_establishment_fkey FOREIGN KEY (establishment_id, organisation_id) REFERENCES establishments(id, organisation_id);
    CREATE INDEX menus_establishment_idx ON menus(establishment_id);
    ALTER TABLE qr_codes DROP CONSTRAINT qr_codes_menu_id_fkey,
      ADD CONSTRAINT qr_codes_menu_fkey FOREIGN KEY (menu_id, organisation_id) REFERENCES menus(id, organisation_id) ON DELETE CASCADE;

    ALTER TABLE recipes
      ADD COLUMN allergens_confirmed_by uuid REFERENCES users(id) ON DELETE SET NULL,
      ADD COLUMN allergens_confirmed_by_name text,
      ADD COLUMN allergens_confirmed_at timestamptz;
    UPDATE recipes r SET allergens_confirmed_by = u.id, allergens_confirmed_by_name = user_display_name(u.name, u.email), allergens_confirmed_at = r.updated_at
      FROM users u WHERE u.id = r.created_by AND r.allergens_declared;
    CREATE INDEX recipes_allergens_confirmed_by_idx ON recipes(allergens_confirmed_by);
    ALTER TABLE recipes ADD CONSTRAINT recipes_price_check CHECK (price > 0) NOT VALID;

    ALTER TABLE subscriptions ADD COLUMN organisation_id uuid;
    UPDATE subscriptions s SET organisation_id = u.active_organisation_id FROM users u WHERE u.id = s.user_id;
    ALTER TABLE subscriptions DROP CONSTRAINT subscriptions_pkey, DROP COLUMN user_id;
    ALTER TABLE subscriptions ALTER COLUMN organisation_id SET NOT NULL,
      ADD CONSTRAINT subscriptions_pkey PRIMARY KEY (organisation_id),
      ADD CONSTRAINT subscriptions_organisation_fkey FOREIGN KEY (organisation_id) REFERENCES organisations(id) ON DELETE CASCADE;
    INSERT INTO subscriptions (organisation_id) SELECT id FROM organisations ON CONFLICT DO NOTHING;
  `.execute(db);

  await sql`
    -- A new organisation with its owner, first establishment and free plan, made active for the owner.
    CREATE FUNCTION create_organisation(owner_id uuid, organisation_name text) RETURNS uuid LANGUAGE plpgsql AS $$
    DECLARE
      organisation uuid;
    BEGIN
      INSERT INTO organisations (name) VALUES (organisation_name) RETURNING id INTO organisation;
      INSERT INTO memberships (organisation_id, user_id, role) VALUES (organisation, owner_id, 'owner');
      INSERT INTO establishments (organisation_id, name, created_by) VALUES (organisation, organisation_name, owner_id);
      INSERT INTO subscriptions (organisation_id) VALUES (organisation);
      UPDATE users SET active_organisation_id = organisation WHERE id = owner_id;
      RETURN organisation;
    END $$;

    -- The CRM contact of an account: its address, and its active organisation's name and plan.
    CREATE FUNCTION enqueue_contact_sync(account_id uuid) RETURNS void LANGUAGE sql AS $$
      INSERT INTO event_outbox (user_id, kind, name, payload)
      SELECT u.id, 'contact', 'sync_contact', jsonb_build_object(
        'email', u.email, 'restaurantName', o.name,
        'subscriptionTier', s.tier, 'subscriptionType', s.billing_type, 'subscriptionStatus', s.status)
      FROM users u
      JOIN organisations o ON o.id = u.active_organisation_id
      JOIN subscriptions s ON s.organisation_id = o.id
      WHERE u.id = account_id
    $$;

    CREATE OR REPLACE FUNCTION create_account_rows() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM create_organisation(NEW.id, COALESCE(NULLIF(btrim(NEW.signup_restaurant_name), ''), 'Mon Restaurant'));
      PERFORM enqueue_contact_sync(NEW.id);
      RETURN NEW;
    END $$;

    CREATE OR REPLACE FUNCTION move_contact_on_email_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO event_outbox (user_id, kind, name, payload)
      VALUES (NULL, 'contact', 'delete_contact', jsonb_build_object('email', OLD.email));
      PERFORM enqueue_contact_sync(NEW.id);
      RETURN NEW;
    END $$;
  `.execute(db);
}

/**
 * `user_id` → `created_by` (nullable, SET NULL) and a new `organisation_id` (the creator's
 * organisation), NOT NULL, cascading, indexed for the newest-first lists.
 */
async function moveToOrganisation(db: Kysely<unknown>, table: string, ownerIndex: string): Promise<void> {
  const t = sql.table(table);
  const fkey = sql.raw(`${table}_user_id_fkey`);
  await sql`
    DROP INDEX ${sql.raw(ownerIndex)};
    ALTER TABLE ${t} ADD COLUMN organisation_id uuid;
    UPDATE ${t} AS r SET organisation_id = u.active_organisation_id FROM users u WHERE u.id = r.user_id;
    ALTER TABLE ${t} DROP CONSTRAINT ${fkey};
    ALTER TABLE ${t} RENAME COLUMN user_id TO created_by;
    ALTER TABLE ${t} ALTER COLUMN created_by DROP NOT NULL,
      ALTER COLUMN organisation_id SET NOT NULL,
      ADD CONSTRAINT ${sql.raw(`${table}_created_by_fkey`)} FOREIGN KEY (created_by) REFERENCES users(id) ON DELETE SET NULL,
      ADD CONSTRAINT ${sql.raw(`${table}_organisation_fkey`)} FOREIGN KEY (organisation_id) REFERENCES organisations(id) ON DELETE CASCADE;
    CREATE INDEX ${sql.raw(`${table}_organisation_created_idx`)} ON ${t}(organisation_id, created_at DESC);
    CREATE INDEX ${sql.raw(`${table}_created_by_idx`)} ON ${t}(created_by);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await restoreOwnerSchema(db);
}
