import { sql, type Kysely } from 'kysely';

/**
 * The public API and its webhooks (docs/decisions/0039-public-api-and-operations.md).
 *
 * - `api_keys`: an organisation's keys, only the SHA-256 of the secret kept (the key is shown
 *   once), its scopes, its per-minute limit, its last use; revoked keys stay (their calls too).
 * - `api_calls`: every call made with a key (method, path, status, request id), the API's
 *   audit trail shown in « Intégrations »; purged after 90 days (src/server/features/account/purge.ts).
 * - `webhook_endpoints`: the HTTPS addresses an owner registered, their events and the secret
 *   their deliveries are signed with (it must be readable to sign: kept as it is).
 * - `event_outbox` carries the deliveries (kind `webhook`): their organisation, their endpoint,
 *   the last answer's status, and `dedupe_key` (transaction + event + subject), so a change
 *   touching twenty rows of one menu in one transaction is one `menu.updated`.
 * - The events are written by triggers in the transaction of the change, whoever writes it (the
 *   app, the API, an import, a script), like the cache messages of migration 0015:
 *   `menu.updated` (menus, sections, items, formules), `item.availability_changed` (an item's
 *   « Épuisé »), `recipe.updated`, `meal_plan.published` (the product event of a publication).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE api_keys (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
      name text NOT NULL CONSTRAINT api_keys_name_check CHECK (char_length(name) BETWEEN 1 AND 100),
      prefix text NOT NULL,
      key_hash text NOT NULL CONSTRAINT api_keys_key_hash_key UNIQUE,
      scopes text[] NOT NULL,
      rate_per_minute integer NOT NULL DEFAULT 120 CONSTRAINT api_keys_rate_check CHECK (rate_per_minute BETWEEN 1 AND 10000),
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      revoked_at timestamptz
    );
    CREATE INDEX api_keys_organisation_idx ON api_keys(organisation_id, created_at DESC);
    CREATE INDEX api_keys_created_by_idx ON api_keys(created_by);

    CREATE TABLE api_calls (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
      api_key_id uuid NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
      method text NOT NULL,
      path text NOT NULL,
      status smallint NOT NULL,
      request_id text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX api_calls_key_idx ON api_calls(api_key_id, id DESC);
    CREATE INDEX api_calls_organisation_idx ON api_calls(organisation_id, id DESC);
    CREATE INDEX api_calls_created_idx ON api_calls(created_at);

    CREATE TABLE webhook_endpoints (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
      url text NOT NULL CONSTRAINT webhook_endpoints_url_check CHECK (char_length(url) BETWEEN 8 AND 2000),
      events text[] NOT NULL,
      secret text NOT NULL,
      is_active boolean NOT NULL DEFAULT true,
      version integer NOT NULL DEFAULT 1,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX webhook_endpoints_organisation_idx ON webhook_endpoints(organisation_id) WHERE is_active;
    CREATE INDEX webhook_endpoints_created_by_idx ON webhook_endpoints(created_by);

    ALTER TABLE event_outbox DROP CONSTRAINT event_outbox_kind_check;
    ALTER TABLE event_outbox ADD CONSTRAINT event_outbox_kind_check CHECK (kind IN ('event', 'contact', 'webhook'));
    ALTER TABLE event_outbox
      ADD COLUMN organisation_id uuid REFERENCES organisations(id) ON DELETE CASCADE,
      ADD COLUMN webhook_endpoint_id uuid REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
      ADD COLUMN dedupe_key text,
      ADD COLUMN response_status smallint;
    CREATE UNIQUE INDEX event_outbox_webhook_dedupe_idx ON event_outbox(webhook_endpoint_id, dedupe_key)
      WHERE dedupe_key IS NOT NULL;
    CREATE INDEX event_outbox_webhook_idx ON event_outbox(webhook_endpoint_id, id DESC) WHERE webhook_endpoint_id IS NOT NULL;
    CREATE INDEX event_outbox_organisation_idx ON event_outbox(organisation_id) WHERE organisation_id IS NOT NULL;

    -- One delivery per active endpoint of the organisation that listens to this event; one per
    -- transaction and subject (the last state of the subject wins).
    CREATE FUNCTION enqueue_webhook(org uuid, event_type text, subject text, data jsonb) RETURNS void
    LANGUAGE plpgsql AS $$
    BEGIN
      IF org IS NULL THEN RETURN; END IF;
      INSERT INTO event_outbox (kind, name, organisation_id, webhook_endpoint_id, dedupe_key, payload)
      SELECT 'webhook', event_type, org, e.id, txid_current()::text || ':' || event_type || ':' || subject,
        jsonb_build_object(
          'id', 'evt_' || replace(gen_random_uuid()::text, '-', ''),
          'type', event_type,
          'created', floor(extract(epoch FROM now()))::bigint,
          'organisationId', org,
          'data', data)
      FROM webhook_endpoints e
      WHERE e.organisation_id = org AND e.is_active AND event_type = ANY(e.events)
      ON CONFLICT (webhook_endpoint_id, dedupe_key) WHERE dedupe_key IS NOT NULL
      DO UPDATE SET payload = jsonb_set(event_outbox.payload, '{data}', EXCLUDED.payload->'data');
    END $$;

    CREATE FUNCTION webhook_menu_changed(menu uuid, deleted boolean) RETURNS void LANGUAGE sql AS $$
      SELECT enqueue_webhook(m.organisation_id, 'menu.updated', menu::text,
        jsonb_build_object('menuId', m.id, 'name', m.name, 'isActive', m.is_active, 'deleted', deleted))
      FROM menus m WHERE m.id = menu;
    $$;
    CREATE FUNCTION webhook_menus_row() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        PERFORM enqueue_webhook(OLD.organisation_id, 'menu.updated', OLD.id::text,
          jsonb_build_object('menuId', OLD.id, 'name', OLD.name, 'isActive', OLD.is_active, 'deleted', true));
      ELSE
        PERFORM webhook_menu_changed(NEW.id, false);
      END IF;
      RETURN NULL;
    END $$;
    CREATE FUNCTION webhook_menu_part_row() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN PERFORM webhook_menu_changed(OLD.menu_id, false); END IF;
      IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.menu_id <> OLD.menu_id) THEN
        PERFORM webhook_menu_changed(NEW.menu_id, false);
      END IF;
      RETURN NULL;
    END $$;
    CREATE FUNCTION webhook_menu_items_row() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      row_menu uuid;
      org uuid;
    BEGIN
      IF TG_OP <> 'INSERT' THEN
        PERFORM webhook_menu_changed(s.menu_id, false) FROM menu_sections s WHERE s.id = OLD.menu_section_id;
      END IF;
      IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.menu_section_id <> OLD.menu_section_id) THEN
        PERFORM webhook_menu_changed(s.menu_id, false) FROM menu_sections s WHERE s.id = NEW.menu_section_id;
      END IF;
      IF TG_OP = 'UPDATE' AND NEW.sold_out IS DISTINCT FROM OLD.sold_out THEN
        SELECT s.menu_id, m.organisation_id INTO row_menu, org
          FROM menu_sections s JOIN menus m ON m.id = s.menu_id WHERE s.id = NEW.menu_section_id;
        PERFORM enqueue_webhook(org, 'item.availability_changed', NEW.id::text,
          jsonb_build_object('itemId', NEW.id, 'menuId', row_menu, 'name', NEW.name, 'available', NOT NEW.sold_out));
      END IF;
      RETURN NULL;
    END $$;
    CREATE FUNCTION webhook_recipes_row() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM enqueue_webhook(NEW.organisation_id, 'recipe.updated', NEW.id::text,
        jsonb_build_object('recipeId', NEW.id, 'name', NEW.name));
      RETURN NULL;
    END $$;
    CREATE FUNCTION webhook_meal_plan_published() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      data jsonb := NEW.payload->'eventData';
    BEGIN
      PERFORM enqueue_webhook(e.organisation_id, 'meal_plan.published', e.id::text || ':' || (data->>'week'),
        jsonb_build_object('establishmentId', e.id, 'week', data->>'week', 'dishes', data->'dishes'))
      FROM establishments e WHERE e.id::text = data->>'establishment_id';
      RETURN NULL;
    END $$;

    CREATE TRIGGER menus_webhook AFTER INSERT OR UPDATE OR DELETE ON menus
      FOR EACH ROW EXECUTE FUNCTION webhook_menus_row();
    CREATE TRIGGER menu_sections_webhook AFTER INSERT OR UPDATE OR DELETE ON menu_sections
      FOR EACH ROW EXECUTE FUNCTION webhook_menu_part_row();
    CREATE TRIGGER formules_webhook AFTER INSERT OR UPDATE OR DELETE ON formules
      FOR EACH ROW EXECUTE FUNCTION webhook_menu_part_row();
    CREATE TRIGGER menu_items_webhook AFTER INSERT OR UPDATE OR DELETE ON menu_items
      FOR EACH ROW EXECUTE FUNCTION webhook_menu_items_row();
    CREATE TRIGGER recipes_webhook AFTER UPDATE ON recipes
      FOR EACH ROW EXECUTE FUNCTION webhook_recipes_row();
    CREATE TRIGGER event_outbox_meal_plan_webhook AFTER INSERT ON event_outbox
      FOR EACH ROW WHEN (NEW.kind = 'event' AND NEW.name = 'meal_plan_published')
      EXECUTE FUNCTION webhook_meal_plan_published();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER IF EXISTS event_outbox_meal_plan_webhook ON event_outbox;
    DROP TRIGGER IF EXISTS recipes_webhook ON recipes;
    DROP TRIGGER IF EXISTS menu_items_webhook ON menu_items;
    DROP TRIGGER IF EXISTS formules_webhook ON formules;
    DROP TRIGGER IF EXISTS menu_sections_webhook ON menu_sections;
    DROP TRIGGER IF EXISTS menus_webhook ON menus;
    DROP FUNCTION IF EXISTS webhook_meal_plan_published();
    DROP FUNCTION IF EXISTS webhook_recipes_row();
    DROP FUNCTION IF EXISTS webhook_menu_items_row();
    DROP FUNCTION IF EXISTS webhook_menu_part_row();
    DROP FUNCTION IF EXISTS webhook_menus_row();
    DROP FUNCTION IF EXISTS webhook_menu_changed(uuid, boolean);
    DROP FUNCTION IF EXISTS enqueue_webhook(uuid, text, text, jsonb);
    DELETE FROM event_outbox WHERE kind = 'webhook';
    DROP INDEX IF EXISTS event_outbox_organisation_idx;
    DROP INDEX IF EXISTS event_outbox_webhook_idx;
    DROP INDEX IF EXISTS event_outbox_webhook_dedupe_idx;
    ALTER TABLE event_outbox
      DROP COLUMN organisation_id,
      DROP COLUMN webhook_endpoint_id,
      DROP COLUMN dedupe_key,
      DROP COLUMN response_status;
    ALTER TABLE event_outbox DROP CONSTRAINT event_outbox_kind_check;
    ALTER TABLE event_outbox ADD CONSTRAINT event_outbox_kind_check CHECK (kind IN ('event', 'contact'));
    DROP TABLE IF EXISTS webhook_endpoints, api_calls, api_keys;
  `.execute(db);
}
