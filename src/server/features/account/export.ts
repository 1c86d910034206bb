import { sql, type Kysely, type Transaction } from 'kysely';
import type { AccountExport, OrganisationExport } from '../../../shared/api/account.ts';
import type { DB } from '../../db/schema.ts';

/** Dates as ISO strings and numeric columns (pg returns them as strings) as numbers. */
function plain<T extends Record<string, unknown>>(row: T, numeric: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    out[key] = value instanceof Date ? value.toISOString() : numeric.includes(key) && value !== null ? Number(value) : value;
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

const RECIPE_NUMBERS = ['protein_per_serving', 'carbs_per_serving', 'fat_per_serving', 'price', 'cooked_weight_g', 'fruit_veg_legume_percent'];

/** Everything an owned organisation holds, read in the export's transaction. */
async function exportOrganisation(trx: Transaction<DB>, organisation: { id: string; name: string; created_at: Date }): Promise<OrganisationExport> {
  const organisationId = organisation.id;
  const subscription = await trx.selectFrom('subscriptions').selectAll().where('organisation_id', '=', organisationId).executeTakeFirst();
  const establishments = await trx.selectFrom('establishments').selectAll().where('organisation_id', '=', organisationId).orderBy('created_at').orderBy('id').execute();
  const recipes = await trx.selectFrom('recipes').selectAll().where('organisation_id', '=', organisationId).orderBy('created_at').orderBy('id').execute();
  const ingredients = await trx
    .selectFrom('recipe_ingredients as ri')
    .innerJoin('recipes as r', 'r.id', 'ri.recipe_id')
    .selectAll('ri')
    .where('r.organisation_id', '=', organisationId)
    .orderBy('ri.recipe_id')
    .orderBy('ri.position')
    .execute();
  const menus = await trx.selectFrom('menus').selectAll().where('organisation_id', '=', organisationId).orderBy('created_at').orderBy('id').execute();
  const sections = await trx
    .selectFrom('menu_sections as s')
    .innerJoin('menus as m', 'm.id', 's.menu_id')
    .selectAll('s')
    .where('m.organisation_id', '=', organisationId)
    .orderBy('s.menu_id')
    .orderBy('s.display_order')
    .execute();
  const items = await trx
    .selectFrom('menu_items as i')
    .innerJoin('menu_sections as s', 's.id', 'i.menu_section_id')
    .innerJoin('menus as m', 'm.id', 's.menu_id')
    .selectAll('i')
    .where('m.organisation_id', '=', organisationId)
    .orderBy('i.menu_section_id')
    .orderBy('i.display_order')
    .execute();
  const qrCodes = await trx.selectFrom('qr_codes').selectAll().where('organisation_id', '=', organisationId).orderBy('created_at').orderBy('id').execute();
  const scans = await trx
    .selectFrom('qr_scans as sc')
    .innerJoin('qr_codes as q', 'q.id', 'sc.qr_code_id')
    .select(['sc.qr_code_id', 'sc.scanned_at'])
    .where('q.organisation_id', '=', organisationId)
    .orderBy('sc.scanned_at')
    .execute();
  const scansByCode = groupBy(scans, (s) => s.qr_code_id);
  const mealPlans = await trx
    .selectFrom('meal_plan_entries')
    .select(['establishment_id', sql<string>`date::text`.as('date'), 'service', 'slot', 'recipe_id', 'created_by', 'created_at'])
    .where('organisation_id', '=', organisationId)
    .orderBy('date')
    .orderBy('id')
    .execute();
  const ingredientsByRecipe = groupBy(ingredients, (i) => i.recipe_id);
  return {
    id: organisationId,
    name: organisation.name,
    createdAt: organisation.created_at.toISOString(),
    subscription: subscription ? plain(subscription) : null,
    establishments: establishments.map((e) => plain(e)),
    recipes: recipes.map((r) => ({
      ...plain(r, RECIPE_NUMBERS),
      ingredients: (ingredientsByRecipe.get(r.id) ?? []).map((i) => plain(i, ['quantity', 'grams_per_unit', 'grams_per_ml'])),
    })),
    menus: menus.map((m) => plain(m)),
    sections: sections.map((s) => plain(s)),
    items: items.map((i) => plain(i, ['price'])),
    qrCodes: qrCodes.map((q) => ({ ...plain(q), scans: (scansByCode.get(q.id) ?? []).map((s) => s.scanned_at.toISOString()) })),
    mealPlans: mealPlans.map((m) => plain(m)),
  };
}

/**
 * RGPD art. 15 and 20: the account, its memberships, and everything of the organisations it
 * owns, in one JSON document (docs/product/organisations.md « Account deletion and export »).
 * Secrets are left out (password hash, session tokens, the two-factor secret and backup
 * codes), and so are the other members' addresses; everything is read in one repeatable-read
 * transaction so the file is a consistent picture.
 */
export async function exportAccount(db: Kysely<DB>, userId: string, now: Date = new Date()): Promise<AccountExport> {
  return db.transaction().setIsolationLevel('repeatable read').execute(async (trx) => {
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
    const organisations: OrganisationExport[] = [];
    for (const membership of memberships.filter((m) => m.role === 'owner')) organisations.push(await exportOrganisation(trx, membership));
    const sessions = await trx
      .selectFrom('sessions')
      .select(['id', 'ip_address', 'user_agent', 'created_at', 'updated_at', 'expires_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
    return {
      format: 'nutricarte-export',
      version: 2,
      exportedAt: now.toISOString(),
      user: {
        id: user.id,
        email: user.email,
        name: user.name,
        emailVerified: user.email_verified,
        twoFactorEnabled: user.two_factor_enabled,
        createdAt: user.created_at.toISOString(),
      },
      memberships: memberships.map((m) => ({ organisationId: m.id, name: m.name, role: m.role, joinedAt: m.joined_at.toISOString() })),
      organisations,
      sessions: sessions.map((s) => plain(s)),
    };
  });
}
