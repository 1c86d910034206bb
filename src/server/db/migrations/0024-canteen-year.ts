import { sql, type Kysely } from 'kysely';

/**
 * A canteen runs its year (docs/product/meal-plans.md, docs/decisions/0035-a-canteen-year.md):
 *
 * - establishments: what the plan needs to know about the site: its kind (a school, a crèche,
 *   a company, a hospital, an EHPAD), its SIRET (for « ma cantine »; the Luhn key is checked by
 *   the API), its school zone, its covers per service and weekday (`{dejeuner: {lundi: 120…}}`),
 *   its age mix in percent (`{maternelle: 40, elementaire: 60}`), no-school Wednesdays, and
 *   whether a week needs a dietitian's validation before it is published.
 * - establishment_closed_days: the days the site adds itself (typed, or read from an .ics file):
 *   a local day off, a bridge, a year of school holidays not shipped in data/.
 * - establishment_diets: per service, how many covers take each variant (« sans porc »,
 *   textures, a PAI per allergen: counts only, never a name).
 * - meal_plan_substitutes: the dish a variant gets instead of a planned one.
 * - meal_plan_weeks: a week is a draft until published; only published weeks are public. The
 *   weeks announced as published before this migration (their « Historique » line) stay published.
 * - establishment_portions: a line for pastries, weighed by the arrêté's annexe II.
 * - recipes: the owner's « ne compte pas » per criterion (`catering_excluded`), the tags for every
 *   criterion, and the « de saison » tick; products: their months of season and their pack size.
 *
 * Every new editable table carries `version` (docs/product/api.md « Versions and conflicts »).
 */
const TAGS = `ARRAY['crudites', 'fruit-cru', 'legumes-cuits', 'feculents', 'fromage', 'laitage', 'viande-non-hachee', 'poisson', 'preparation-moins-70', 'gras', 'frit', 'pl-faible', 'sucre', 'vegetarien', 'patisserie']::text[]`;
const OLD_TAGS = `ARRAY['frit', 'viande-non-hachee', 'crudites', 'legumes-cuits', 'feculents', 'fruit-cru', 'fromage', 'laitage', 'vegetarien']::text[]`;
const VARIANT = `'^(sans_porc|sans_viande|vegetarien|sans_gluten|texture_[3-7]|pai:[a-z-]+)$'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE establishments
      ADD COLUMN kind text CONSTRAINT establishments_kind_check
        CHECK (kind IN ('creche', 'maternelle', 'elementaire', 'college', 'lycee', 'entreprise', 'hopital', 'ehpad')),
      ADD COLUMN siret text CONSTRAINT establishments_siret_check CHECK (siret ~ '^[0-9]{14}$'),
      ADD COLUMN school_zone text CONSTRAINT establishments_school_zone_check CHECK (school_zone IN ('A', 'B', 'C', 'corse', 'dom')),
      ADD COLUMN covers jsonb NOT NULL DEFAULT '{}' CONSTRAINT establishments_covers_check CHECK (jsonb_typeof(covers) = 'object'),
      ADD COLUMN age_mix jsonb NOT NULL DEFAULT '{}' CONSTRAINT establishments_age_mix_check CHECK (jsonb_typeof(age_mix) = 'object'),
      ADD COLUMN wednesdays_closed boolean NOT NULL DEFAULT false,
      ADD COLUMN needs_validation boolean NOT NULL DEFAULT false;

    CREATE TABLE establishment_closed_days (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
      establishment_id uuid NOT NULL,
      date date NOT NULL,
      label text NOT NULL CONSTRAINT establishment_closed_days_label_check CHECK (length(btrim(label)) BETWEEN 1 AND 120),
      source text NOT NULL CONSTRAINT establishment_closed_days_source_check CHECK (source IN ('saisie', 'ics')),
      version integer NOT NULL DEFAULT 1 CONSTRAINT establishment_closed_days_version_check CHECK (version >= 1),
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT establishment_closed_days_establishment_fkey FOREIGN KEY (establishment_id, organisation_id)
        REFERENCES establishments(id, organisation_id) ON DELETE CASCADE,
      CONSTRAINT establishment_closed_days_date_key UNIQUE (establishment_id, date)
    );
    CREATE INDEX establishment_closed_days_organisation_idx ON establishment_closed_days(organisation_id);
    CREATE INDEX establishment_closed_days_created_by_idx ON establishment_closed_days(created_by);

    CREATE TABLE establishment_diets (
      establishment_id uuid PRIMARY KEY,
      organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
      counts jsonb NOT NULL DEFAULT '{}' CONSTRAINT establishment_diets_counts_check CHECK (jsonb_typeof(counts) = 'object'),
      version integer NOT NULL DEFAULT 1 CONSTRAINT establishment_diets_version_check CHECK (version >= 1),
      updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT establishment_diets_establishment_fkey FOREIGN KEY (establishment_id, organisation_id)
        REFERENCES establishments(id, organisation_id) ON DELETE CASCADE
    );
    CREATE INDEX establishment_diets_organisation_idx ON establishment_diets(organisation_id);
    CREATE INDEX establishment_diets_updated_by_idx ON establishment_diets(updated_by);

    CREATE TABLE meal_plan_substitutes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
      establishment_id uuid NOT NULL,
      date date NOT NULL,
      service text NOT NULL CONSTRAINT meal_plan_substitutes_service_check CHECK (service IN ('dejeuner', 'diner', 'gouter')),
      slot text NOT NULL CONSTRAINT meal_plan_substitutes_slot_check CHECK (slot IN ('entree', 'plat', 'accompagnement', 'laitier', 'dessert', 'pain', 'gouter')),
      variant text NOT NULL CONSTRAINT meal_plan_substitutes_variant_check CHECK (variant ~ ${sql.raw(VARIANT)}),
      recipe_id uuid NOT NULL,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT meal_plan_substitutes_establishment_fkey FOREIGN KEY (establishment_id, organisation_id)
        REFERENCES establishments(id, organisation_id) ON DELETE CASCADE,
      CONSTRAINT meal_plan_substitutes_recipe_fkey FOREIGN KEY (recipe_id, organisation_id)
        REFERENCES recipes(id, organisation_id) ON DELETE CASCADE,
      CONSTRAINT meal_plan_substitutes_variant_key UNIQUE (establishment_id, date, service, slot, variant)
    );
    CREATE INDEX meal_plan_substitutes_organisation_idx ON meal_plan_substitutes(organisation_id);
    CREATE INDEX meal_plan_substitutes_recipe_idx ON meal_plan_substitutes(recipe_id);
    CREATE INDEX meal_plan_substitutes_created_by_idx ON meal_plan_substitutes(created_by);

    CREATE TABLE meal_plan_weeks (
      organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
      establishment_id uuid NOT NULL,
      week date NOT NULL CONSTRAINT meal_plan_weeks_monday_check CHECK (extract(isodow FROM week) = 1),
      status text NOT NULL CONSTRAINT meal_plan_weeks_status_check CHECK (status IN ('draft', 'validated', 'published')),
      validated_by uuid REFERENCES users(id) ON DELETE SET NULL,
      validated_by_name text,
      validated_at timestamptz,
      published_by uuid REFERENCES users(id) ON DELETE SET NULL,
      published_at timestamptz,
      changed_at timestamptz,
      version integer NOT NULL DEFAULT 1 CONSTRAINT meal_plan_weeks_version_check CHECK (version >= 1),
      PRIMARY KEY (establishment_id, week),
      CONSTRAINT meal_plan_weeks_published_check CHECK ((status = 'published') = (published_at IS NOT NULL)),
      CONSTRAINT meal_plan_weeks_establishment_fkey FOREIGN KEY (establishment_id, organisation_id)
        REFERENCES establishments(id, organisation_id) ON DELETE CASCADE
    );
    CREATE INDEX meal_plan_weeks_organisation_idx ON meal_plan_weeks(organisation_id);
    CREATE INDEX meal_plan_weeks_validated_by_idx ON meal_plan_weeks(validated_by);
    CREATE INDEX meal_plan_weeks_published_by_idx ON meal_plan_weeks(published_by);

    INSERT INTO meal_plan_weeks (organisation_id, establishment_id, week, status, published_by, published_at)
    SELECT DISTINCT ON (a.entity_id, (a.details->>'week')::date)
           e.organisation_id, e.id, (a.details->>'week')::date, 'published', u.id, a.created_at
      FROM audit_events a
      JOIN establishments e ON e.id = a.entity_id AND e.organisation_id = a.organisation_id
      LEFT JOIN users u ON u.id = a.actor_id
     WHERE a.entity_type = 'meal_plan' AND a.action = 'status_changed' AND a.details->>'to' = 'published'
       AND a.details->>'week' ~ '^\\d{4}-\\d{2}-\\d{2}$' AND extract(isodow FROM (a.details->>'week')::date) = 1
     ORDER BY a.entity_id, (a.details->>'week')::date, a.created_at DESC;

    ALTER TABLE recipes
      DROP CONSTRAINT recipes_catering_tags_check,
      ADD CONSTRAINT recipes_catering_tags_check CHECK (catering_tags <@ ${sql.raw(TAGS)}),
      ADD COLUMN catering_excluded text[] NOT NULL DEFAULT '{}'
        CONSTRAINT recipes_catering_excluded_check CHECK (catering_excluded <@ ${sql.raw(TAGS)}),
      ADD COLUMN seasonal boolean NOT NULL DEFAULT false;

    ALTER TABLE establishment_portions DROP CONSTRAINT establishment_portions_line_check,
      ADD CONSTRAINT establishment_portions_line_check CHECK (line IN ('entree', 'plat', 'plat_compose', 'accompagnement', 'laitier', 'dessert', 'patisserie', 'pain', 'gouter'));

    ALTER TABLE products
      ADD COLUMN season_months smallint[] NOT NULL DEFAULT '{}'
        CONSTRAINT products_season_months_check CHECK (season_months <@ ARRAY[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]::smallint[]),
      ADD COLUMN pack_quantity numeric CONSTRAINT products_pack_quantity_check CHECK (pack_quantity > 0 AND pack_quantity <= 100000),
      ADD COLUMN pack_unit text CONSTRAINT products_pack_unit_check CHECK (pack_unit IN ('kg', 'l', 'unité')),
      ADD CONSTRAINT products_pack_check CHECK ((pack_quantity IS NULL) = (pack_unit IS NULL));
  `.execute(db);
}

/** Back to the previous schema: the new tags are dropped from the recipes, the new tables and columns go. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE products DROP CONSTRAINT products_pack_check,
      DROP COLUMN pack_unit, DROP COLUMN pack_quantity, DROP COLUMN season_months;
    ALTER TABLE recipes DROP COLUMN seasonal, DROP COLUMN catering_excluded, DROP CONSTRAINT recipes_catering_tags_check;
    UPDATE recipes SET catering_tags = ARRAY(SELECT t FROM unnest(catering_tags) t WHERE t = ANY (${sql.raw(OLD_TAGS)}))
      WHERE NOT catering_tags <@ ${sql.raw(OLD_TAGS)};
    ALTER TABLE recipes ADD CONSTRAINT recipes_catering_tags_check CHECK (catering_tags <@ ${sql.raw(OLD_TAGS)});
    DELETE FROM establishment_portions WHERE line = 'patisserie';
    ALTER TABLE establishment_portions DROP CONSTRAINT establishment_portions_line_check,
      ADD CONSTRAINT establishment_portions_line_check CHECK (line IN ('entree', 'plat', 'plat_compose', 'accompagnement', 'laitier', 'dessert', 'pain', 'gouter'));
    DROP TABLE meal_plan_weeks;
    DROP TABLE meal_plan_substitutes;
    DROP TABLE establishment_diets;
    DROP TABLE establishment_closed_days;
    ALTER TABLE establishments DROP COLUMN needs_validation, DROP COLUMN wednesdays_closed, DROP COLUMN age_mix,
      DROP COLUMN covers, DROP COLUMN school_zone, DROP COLUMN siret, DROP COLUMN kind;
  `.execute(db);
}
