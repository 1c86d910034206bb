import { sql, type Kysely } from 'kysely';

/**
 * The whole schema of docs/product/spec.md section 3 and docs/product/decisions.md: better-auth's tables (snake_case),
 * the owner's data, the catalogue, scans, the event outbox and billing bookkeeping.
 * Constraint names are stable: src/server/db/constraints.ts maps them to French messages.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE EXTENSION IF NOT EXISTS unaccent;

    -- better-auth ---------------------------------------------------------------------------
    CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      email text NOT NULL UNIQUE,
      email_verified boolean NOT NULL DEFAULT false,
      image text,
      signup_restaurant_name text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE sessions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      token text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      ip_address text,
      user_agent text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX sessions_user_id_idx ON sessions(user_id);
    CREATE TABLE accounts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      account_id text NOT NULL,
      provider_id text NOT NULL,
      access_token text,
      refresh_token text,
      id_token text,
      access_token_expires_at timestamptz,
      refresh_token_expires_at timestamptz,
      scope text,
      password text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX accounts_user_id_idx ON accounts(user_id);
    CREATE TABLE verifications (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      identifier text NOT NULL,
      value text NOT NULL,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX verifications_identifier_idx ON verifications(identifier);
    CREATE TABLE rate_limits (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      key text NOT NULL UNIQUE,
      count integer NOT NULL,
      last_request bigint NOT NULL
    );

    -- account ----------------------------------------------------------------------------
    CREATE TABLE profiles (
      id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      restaurant_name text NOT NULL DEFAULT 'Mon Restaurant'
        CONSTRAINT profiles_restaurant_name_check CHECK (length(btrim(restaurant_name)) BETWEEN 1 AND 120),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE subscriptions (
      user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      tier text NOT NULL DEFAULT 'free' CONSTRAINT subscriptions_tier_check CHECK (tier IN ('free', 'premium')),
      status text NOT NULL DEFAULT 'active'
        CONSTRAINT subscriptions_status_check
        CHECK (status IN ('active', 'trialing', 'past_due', 'canceled', 'incomplete', 'unpaid')),
      billing_type text CONSTRAINT subscriptions_billing_type_check CHECK (billing_type IN ('monthly', 'yearly')),
      provider text CONSTRAINT subscriptions_provider_check CHECK (provider IN ('stripe', 'demo')),
      customer_id text,
      provider_subscription_id text UNIQUE,
      current_period_end timestamptz,
      trial_end timestamptz,
      cancel_at_period_end boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX subscriptions_customer_id_idx ON subscriptions(customer_id);

    -- Every user gets a profile and a free subscription in the same transaction as the user.
    CREATE FUNCTION create_account_rows() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO profiles (id, restaurant_name)
      VALUES (NEW.id, COALESCE(NULLIF(btrim(NEW.signup_restaurant_name), ''), 'Mon Restaurant'));
      INSERT INTO subscriptions (user_id) VALUES (NEW.id);
      RETURN NEW;
    END $$;
    CREATE TRIGGER users_create_account_rows AFTER INSERT ON users
      FOR EACH ROW EXECUTE FUNCTION create_account_rows();

    -- catalogue --------------------------------------------------------------------------
    CREATE TABLE catalogue_foods (
      code integer PRIMARY KEY,
      name text NOT NULL,
      name_folded text NOT NULL,
      group_name text,
      subgroup_name text,
      subsubgroup_name text,
      group_code text,
      subgroup_code text,
      subsubgroup_code text,
      energy_kj double precision,
      energy_kcal double precision,
      water_g double precision,
      protein_g double precision,
      protein_n625_g double precision,
      carbs_g double precision,
      sugars_g double precision,
      fiber_g double precision,
      fat_g double precision,
      saturated_fat_g double precision,
      salt_g double precision,
      sodium_mg double precision,
      polyols_g double precision,
      alcohol_g double precision,
      organic_acids_g double precision,
      composition jsonb NOT NULL,
      raw_flags jsonb NOT NULL DEFAULT '{}',
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX catalogue_foods_name_trgm_idx ON catalogue_foods USING gin (name_folded gin_trgm_ops);
    CREATE TABLE catalogue_meta (
      key text PRIMARY KEY,
      value text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    -- recipes ----------------------------------------------------------------------------
    CREATE TABLE recipes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      name text NOT NULL CONSTRAINT recipes_name_check CHECK (length(btrim(name)) BETWEEN 1 AND 200),
      description text NOT NULL DEFAULT '',
      servings integer NOT NULL DEFAULT 1 CONSTRAINT recipes_servings_check CHECK (servings > 0),
      allergens text[] NOT NULL DEFAULT '{}',
      traces text[] NOT NULL DEFAULT '{}',
      dietary_info text[] NOT NULL DEFAULT '{}',
      calories_per_serving integer,
      protein_per_serving numeric(10, 1),
      carbs_per_serving numeric(10, 1),
      fat_per_serving numeric(10, 1),
      nutrition jsonb NOT NULL DEFAULT '{}',
      prep_time integer CONSTRAINT recipes_prep_time_check CHECK (prep_time >= 0),
      cook_time integer CONSTRAINT recipes_cook_time_check CHECK (cook_time >= 0),
      price numeric(10, 2) CONSTRAINT recipes_price_check CHECK (price >= 0),
      cooked_weight_g numeric(12, 1) CONSTRAINT recipes_cooked_weight_check CHECK (cooked_weight_g > 0),
      fruit_veg_legume_percent numeric(5, 1)
        CONSTRAINT recipes_fvl_percent_check CHECK (fruit_veg_legume_percent BETWEEN 0 AND 100),
      show_nutri_score boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX recipes_user_created_idx ON recipes(user_id, created_at DESC);
    CREATE TABLE recipe_ingredients (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      recipe_id uuid NOT NULL REFERENCES recipes(id) ON DELETE CASCADE,
      position integer NOT NULL,
      food_code integer NOT NULL REFERENCES catalogue_foods(code),
      name text NOT NULL,
      quantity numeric(12, 3) NOT NULL CONSTRAINT recipe_ingredients_quantity_check CHECK (quantity >= 0),
      unit text NOT NULL CONSTRAINT recipe_ingredients_unit_check CHECK (unit IN ('g', 'kg', 'ml', 'l', 'unité')),
      grams_per_unit numeric(12, 3) CONSTRAINT recipe_ingredients_grams_per_unit_check
        CHECK (grams_per_unit > 0 AND grams_per_unit <= 100000),
      CONSTRAINT recipe_ingredients_unit_weight_check CHECK (unit <> 'unité' OR grams_per_unit IS NOT NULL),
      CONSTRAINT recipe_ingredients_position_unique UNIQUE (recipe_id, position)
    );
    CREATE INDEX recipe_ingredients_food_code_idx ON recipe_ingredients(food_code);

    -- menus ------------------------------------------------------------------------------
    CREATE TABLE menus (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      name text NOT NULL CONSTRAINT menus_name_check CHECK (length(btrim(name)) BETWEEN 1 AND 200),
      description text NOT NULL DEFAULT '',
      is_active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX menus_user_created_idx ON menus(user_id, created_at DESC);
    CREATE TABLE menu_sections (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      menu_id uuid NOT NULL REFERENCES menus(id) ON DELETE CASCADE,
      name text NOT NULL DEFAULT 'Nouvelle section'
        CONSTRAINT menu_sections_name_check CHECK (length(btrim(name)) BETWEEN 1 AND 200),
      description text NOT NULL DEFAULT '',
      display_order integer NOT NULL CONSTRAINT menu_sections_display_order_check CHECK (display_order >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT menu_sections_order_unique UNIQUE (menu_id, display_order) DEFERRABLE INITIALLY DEFERRED
    );
    CREATE TABLE menu_items (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      menu_section_id uuid NOT NULL REFERENCES menu_sections(id) ON DELETE CASCADE,
      recipe_id uuid REFERENCES recipes(id) ON DELETE SET NULL,
      name text NOT NULL CONSTRAINT menu_items_name_check CHECK (length(btrim(name)) BETWEEN 1 AND 200),
      description text NOT NULL DEFAULT '',
      price numeric(10, 2) NOT NULL DEFAULT 0 CONSTRAINT menu_items_price_check CHECK (price >= 0),
      is_available boolean NOT NULL DEFAULT true,
      display_order integer NOT NULL CONSTRAINT menu_items_display_order_check CHECK (display_order >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT menu_items_order_unique UNIQUE (menu_section_id, display_order) DEFERRABLE INITIALLY DEFERRED
    );
    CREATE INDEX menu_items_recipe_id_idx ON menu_items(recipe_id);

    -- QR codes and scans -------------------------------------------------------------------
    CREATE TABLE qr_codes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      menu_id uuid NOT NULL REFERENCES menus(id) ON DELETE CASCADE,
      name text NOT NULL CONSTRAINT qr_codes_name_check CHECK (length(btrim(name)) BETWEEN 1 AND 200),
      qr_data text NOT NULL DEFAULT '',
      status text NOT NULL DEFAULT 'active' CONSTRAINT qr_codes_status_check CHECK (status IN ('active', 'inactive')),
      scan_count integer NOT NULL DEFAULT 0 CONSTRAINT qr_codes_scan_count_check CHECK (scan_count >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX qr_codes_user_created_idx ON qr_codes(user_id, created_at DESC);
    CREATE INDEX qr_codes_menu_id_idx ON qr_codes(menu_id);
    CREATE TABLE qr_scans (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      qr_code_id uuid NOT NULL REFERENCES qr_codes(id) ON DELETE CASCADE,
      scanned_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX qr_scans_code_time_idx ON qr_scans(qr_code_id, scanned_at);

    -- product events (transactional outbox, docs/product/decisions.md 13) ------------------------------
    CREATE TABLE event_outbox (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id uuid REFERENCES users(id) ON DELETE SET NULL,
      kind text NOT NULL CONSTRAINT event_outbox_kind_check CHECK (kind IN ('event', 'contact')),
      name text NOT NULL,
      payload jsonb NOT NULL,
      status text NOT NULL DEFAULT 'pending'
        CONSTRAINT event_outbox_status_check CHECK (status IN ('pending', 'delivered', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      available_at timestamptz NOT NULL DEFAULT now(),
      last_error text,
      delivered_to text,
      delivered_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX event_outbox_pending_idx ON event_outbox(available_at) WHERE status = 'pending';

    -- billing bookkeeping ------------------------------------------------------------------
    CREATE TABLE processed_webhook_events (
      event_id text PRIMARY KEY,
      provider text NOT NULL,
      type text NOT NULL,
      processed_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE checkout_sessions (
      id text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      provider text NOT NULL CONSTRAINT checkout_sessions_provider_check CHECK (provider IN ('stripe', 'demo')),
      billing_type text NOT NULL CONSTRAINT checkout_sessions_billing_type_check CHECK (billing_type IN ('monthly', 'yearly')),
      status text NOT NULL DEFAULT 'open' CONSTRAINT checkout_sessions_status_check CHECK (status IN ('open', 'complete', 'expired')),
      created_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz
    );
    CREATE INDEX checkout_sessions_user_idx ON checkout_sessions(user_id);

    -- idempotency keys for retried client writes -------------------------------------------
    CREATE TABLE idempotency_keys (
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      key text NOT NULL,
      request_hash text NOT NULL,
      status integer NOT NULL,
      response jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, key)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE IF EXISTS idempotency_keys, checkout_sessions, processed_webhook_events, event_outbox, qr_scans,
      qr_codes, menu_items, menu_sections, menus, recipe_ingredients, recipes, catalogue_meta, catalogue_foods,
      subscriptions, profiles, rate_limits, verifications, accounts, sessions, users CASCADE;
    DROP FUNCTION IF EXISTS create_account_rows();
  `.execute(db);
}
