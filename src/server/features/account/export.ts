import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { jsonStream, StreamedArray, StreamedObject } from '../../lib/json-stream.ts';

/** Dates as ISO strings and numeric columns (pg returns them as strings) as numbers. */
function plain<T extends Record<string, unknown>>(row: T, numeric: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    out[key] =
      value instanceof Date ? value.toISOString() : numeric.includes(key) && value !== null ? Number(value) : value;
  }
  return out;
}

/** Map.groupBy arrives with Node 21. */
function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

const RECIPE_NUMBERS = [
  'protein_per_serving',
  'carbs_per_serving',
  'fat_per_serving',
  'price',
  'cooked_weight_g',
  'fruit_veg_legume_percent',
];

/** Scans read per page: the export of a code with a million scans never holds them all. */
const SCAN_PAGE = 10_000;

interface ScanRow {
  id: string;
  scanned_at: Date;
  at: string;
}

/**
 * A code's scan times, oldest first, a page at a time. The next page starts after the last
 * row read (its time as PostgreSQL writes it, to the microsecond, and its id), a range the
 * (qr_code_id, scanned_at) index serves.
 */
async function* scanPages(trx: Transaction<DB>, codeId: string): AsyncGenerator<string[]> {
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const page: { rows: ScanRow[] } = await sql<ScanRow>`
      SELECT id::text AS id, scanned_at, scanned_at::text AS at FROM qr_scans
      WHERE qr_code_id = ${codeId}
        ${after ? sql`AND scanned_at >= ${after.at}::timestamptz AND (scanned_at, id) > (${after.at}::timestamptz, ${after.id}::bigint)` : sql``}
      ORDER BY scanned_at, id
      LIMIT ${SCAN_PAGE}`.execute(trx);
    const rows = page.rows;
    if (rows.length > 0) yield rows.map((row) => new Date(row.scanned_at).toISOString());
    if (rows.length < SCAN_PAGE) return;
    const last: ScanRow = rows[rows.length - 1]!;
    after = { at: last.at, id: last.id };
  }
}

/** Recipes read per page, each with its lines. */
const RECIPE_PAGE = 50;

/**
 * The organisation's recipes, oldest first, a page at a time: the first bytes of the file do
 * not wait for 2,000 recipes' facts. Pages by OFFSET are stable here: the export's
 * repeatable-read transaction sees one picture of the rows.
 */
async function* recipePages(trx: Transaction<DB>, organisationId: string): AsyncGenerator<Record<string, unknown>[]> {
  for (let offset = 0; ; offset += RECIPE_PAGE) {
    const recipes = await trx
      .selectFrom('recipes')
      .selectAll()
      .where('organisation_id', '=', organisationId)
      .orderBy('created_at')
      .orderBy('id')
      .limit(RECIPE_PAGE)
      .offset(offset)
      .execute();
    if (recipes.length === 0) return;
    const ingredients = await trx
      .selectFrom('recipe_ingredients')
      .selectAll()
      .where(
        'recipe_id',
        'in',
        recipes.map((r) => r.id),
      )
      .orderBy('recipe_id')
      .orderBy('position')
      .execute();
    const ingredientsByRecipe = groupBy(ingredients, (i) => i.recipe_id);
    yield recipes.map((r) => ({
      ...plain(r, RECIPE_NUMBERS),
      ingredients: (ingredientsByRecipe.get(r.id) ?? []).map((i) =>
        plain(i, ['quantity', 'grams_per_unit', 'grams_per_ml']),
      ),
    }));
    if (recipes.length < RECIPE_PAGE) return;
  }
}

/** Everything an owned organisation holds, read in the export's transaction; its scans a page at a time. */
function exportOrganisation(
  trx: Transaction<DB>,
  organisation: { id: string; name: string; created_at: Date },
): StreamedObject {
  const organisationId = organisation.id;
  return new StreamedObject(async function* () {
    yield ['id', organisationId];
    yield ['name', organisation.name];
    yield ['createdAt', organisation.created_at.toISOString()];
    const subscription = await trx
      .selectFrom('subscriptions')
      .selectAll()
      .where('organisation_id', '=', organisationId)
      .executeTakeFirst();
    yield ['subscription', subscription ? plain(subscription) : null];
    const establishments = await trx
      .selectFrom('establishments')
      .selectAll()
      .where('organisation_id', '=', organisationId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    yield ['establishments', establishments.map((e) => plain(e))];
    yield ['recipes', new StreamedArray(() => recipePages(trx, organisationId))];
    const menus = await trx
      .selectFrom('menus')
      .selectAll()
      .where('organisation_id', '=', organisationId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    yield ['menus', menus.map((m) => plain(m))];
    const sections = await trx
      .selectFrom('menu_sections as s')
      .innerJoin('menus as m', 'm.id', 's.menu_id')
      .selectAll('s')
      .where('m.organisation_id', '=', organisationId)
      .orderBy('s.menu_id')
      .orderBy('s.display_order')
      .execute();
    yield ['sections', sections.map((s) => plain(s))];
    const items = await trx
      .selectFrom('menu_items as i')
      .innerJoin('menu_sections as s', 's.id', 'i.menu_section_id')
      .innerJoin('menus as m', 'm.id', 's.menu_id')
      .selectAll('i')
      .where('m.organisation_id', '=', organisationId)
      .orderBy('i.menu_section_id')
      .orderBy('i.display_order')
      .execute();
    yield ['items', items.map((i) => plain(i, ['price']))];
    const qrCodes = await trx
      .selectFrom('qr_codes')
      .selectAll()
      .where('organisation_id', '=', organisationId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    yield [
      'qrCodes',
      new StreamedArray(async function* () {
        yield qrCodes.map(
          (q) =>
            new StreamedObject(async function* () {
              yield* Object.entries(plain(q));
              yield ['scans', new StreamedArray(() => scanPages(trx, q.id))];
            }),
        );
      }),
    ];
    const mealPlans = await trx
      .selectFrom('meal_plan_entries')
      .select([
        'establishment_id',
        sql<string>`date::text`.as('date'),
        'service',
        'slot',
        'recipe_id',
        'created_by',
        'created_at',
      ])
      .where('organisation_id', '=', organisationId)
      .orderBy('date')
      .orderBy('id')
      .execute();
    yield ['mealPlans', mealPlans.map((m) => plain(m))];
    const portions = await trx
      .selectFrom('establishment_portions')
      .select(['establishment_id', 'line', 'population', 'grams', 'updated_by', 'updated_at'])
      .where('organisation_id', '=', organisationId)
      .orderBy('establishment_id')
      .orderBy('line')
      .orderBy('population')
      .execute();
    yield ['portions', portions.map((p) => plain(p))];
    // A canteen's year (migration 0024): substitutes, closed days, diet counts, weeks' publication.
    const substitutes = await trx
      .selectFrom('meal_plan_substitutes')
      .select(['establishment_id', sql<string>`date::text`.as('date'), 'service', 'slot', 'variant', 'recipe_id'])
      .where('organisation_id', '=', organisationId)
      .orderBy('date')
      .orderBy('id')
      .execute();
    yield ['mealPlanSubstitutes', substitutes.map((row) => plain(row))];
    const closedDays = await trx
      .selectFrom('establishment_closed_days')
      .select(['establishment_id', sql<string>`date::text`.as('date'), 'label', 'source', 'created_at'])
      .where('organisation_id', '=', organisationId)
      .orderBy('date')
      .orderBy('id')
      .execute();
    yield ['closedDays', closedDays.map((row) => plain(row))];
    const diets = await trx
      .selectFrom('establishment_diets')
      .select(['establishment_id', 'counts', 'updated_at'])
      .where('organisation_id', '=', organisationId)
      .orderBy('establishment_id')
      .execute();
    yield ['diets', diets.map((row) => plain(row))];
    const weeks = await trx
      .selectFrom('meal_plan_weeks')
      .select([
        'establishment_id',
        sql<string>`week::text`.as('week'),
        'status',
        'validated_by_name',
        'validated_at',
        'published_at',
        'changed_at',
      ])
      .where('organisation_id', '=', organisationId)
      .orderBy('week')
      .orderBy('establishment_id')
      .execute();
    yield ['mealPlanWeeks', weeks.map((row) => plain(row))];
  });
}

/**
 * RGPD art. 15 and 20: the account, its memberships, and everything of the organisations it
 * owns, in one JSON document (docs/product/organisations.md « Account deletion and export »;
 * its shape is `AccountExport` of src/shared/api/account.ts). Secrets are left out (password
 * hash, session tokens, the two-factor secret and backup codes), and so are the other members'
 * addresses; everything is read in one repeatable-read transaction so the file is a consistent
 * picture. The file is streamed as it is read (src/server/lib/json-stream.ts): a million scans
 * are tens of megabytes, and the first bytes leave at once (bench/growth.ts). The transaction
 * ends with the document, or when the client goes away.
 */
export function exportAccount(db: Kysely<DB>, userId: string, now: Date = new Date()): ReadableStream<Uint8Array> {
  return jsonStream(
    new StreamedObject(async function* () {
      const trx = await db.startTransaction().setIsolationLevel('repeatable read').execute();
      let committed = false;
      try {
        const user = await trx
          .selectFrom('users')
          .select(['id', 'email', 'name', 'email_verified', 'two_factor_enabled', 'created_at'])
          .where('id', '=', userId)
          .executeTakeFirstOrThrow();
        const memberships = await trx
          .selectFrom('memberships as m')
          .innerJoin('organisations as o', 'o.id', 'm.organisation_id')
          .select(['o.id', 'o.name', 'o.created_at', 'm.role', 'm.created_at as joined_at'])
          .where('m.user_id', '=', userId)
          .orderBy('m.created_at')
          .orderBy('o.id')
          .execute();
        yield ['format', 'nutricarte-export'];
        yield ['version', 2];
        yield ['exportedAt', now.toISOString()];
        yield [
          'user',
          {
            id: user.id,
            email: user.email,
            name: user.name,
            emailVerified: user.email_verified,
            twoFactorEnabled: user.two_factor_enabled,
            createdAt: user.created_at.toISOString(),
          },
        ];
        yield [
          'memberships',
          memberships.map((m) => ({
            organisationId: m.id,
            name: m.name,
            role: m.role,
            joinedAt: m.joined_at.toISOString(),
          })),
        ];
        const owned = memberships.filter((m) => m.role === 'owner');
        yield [
          'organisations',
          new StreamedArray(async function* () {
            yield owned.map((membership) => exportOrganisation(trx, membership));
          }),
        ];
        const sessions = await trx
          .selectFrom('sessions')
          .select(['id', 'ip_address', 'user_agent', 'created_at', 'updated_at', 'expires_at'])
          .where('user_id', '=', userId)
          .orderBy('created_at')
          .execute();
        yield ['sessions', sessions.map((s) => plain(s))];
        await trx.commit().execute();
        committed = true;
      } finally {
        if (!committed) await trx.rollback().execute();
      }
    }),
  );
}
