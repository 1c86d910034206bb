import { sql, type Kysely } from 'kysely';
import type { EstablishmentProfile, MeResponse } from '../../../shared/api/account.ts';
import type { OrganisationSummary } from '../../../shared/api/organisations.ts';
import { limitsFor, summarizeSubscription } from '../../../shared/plans.ts';
import type { SessionUser } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { preparedOnPostgres } from '../../db/prepared.ts';
import { resolveActiveOrganisation } from '../../domain/active-organisation.ts';
import { subscriptionState } from '../../domain/subscription.ts';

/** A count of the organisation's rows of `table` (created this Paris month when `thisMonth`). */
const countIn = (table: 'recipes' | 'menus' | 'qr_codes' | 'establishments', thisMonth = false) =>
  sql<number>`(SELECT count(*) FROM ${sql.table(table)} x WHERE x.organisation_id = o.id
    ${thisMonth ? sql`AND x.created_at >= date_trunc('month', now() AT TIME ZONE 'Europe/Paris') AT TIME ZONE 'Europe/Paris'` : sql``})`;

/** Stand-ins for the account and the organisation in the summary query built once (summaryQuery). */
const USER_SLOT = '00000000-0000-4000-8000-00000000a001';
const ORGANISATION_SLOT = '00000000-0000-4000-8000-00000000a002';

function buildSummaryQuery(db: Kysely<DB>, userId: string, organisationId?: string) {
  return db
    .selectFrom('users as u')
    .innerJoin('memberships as m', (join) =>
      // Without an organisation named: the active one, read in the same query (GET /api/me is one query).
      organisationId === undefined
        ? join.onRef('m.user_id', '=', 'u.id').onRef('m.organisation_id', '=', 'u.active_organisation_id')
        : join.onRef('m.user_id', '=', 'u.id').on('m.organisation_id', '=', organisationId),
    )
    .innerJoin('organisations as o', 'o.id', 'm.organisation_id')
    .leftJoin('subscriptions as s', 's.organisation_id', 'o.id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('establishments')
          .select(['address', 'postal_code', 'city', 'phone'])
          .whereRef('establishments.organisation_id', '=', 'o.id')
          .orderBy('created_at')
          .orderBy('id')
          .limit(1)
          .as('e'),
      (join) => join.onTrue(),
    )
    .where('u.id', '=', userId)
    .select([
      'u.email_verified',
      'u.two_factor_enabled',
      'u.name as user_name',
      'o.id as organisation_id',
      'o.name as organisation_name',
      'm.role',
      'e.address',
      'e.postal_code',
      'e.city',
      'e.phone',
      's.tier',
      's.status',
      's.current_period_end',
      's.cancel_at_period_end',
      sql<OrganisationSummary[]>`(
        SELECT json_agg(json_build_object('id', o2.id, 'name', o2.name, 'role', m2.role) ORDER BY lower(o2.name), o2.id)
        FROM memberships m2 JOIN organisations o2 ON o2.id = m2.organisation_id WHERE m2.user_id = u.id)`.as(
        'organisations',
      ),
      countIn('recipes').as('recipes'),
      countIn('menus').as('menus'),
      countIn('qr_codes').as('qr_codes'),
      countIn('establishments').as('establishments'),
      sql<number>`(SELECT count(*) FROM memberships x WHERE x.organisation_id = o.id)
        + (SELECT count(*) FROM invitations x WHERE x.organisation_id = o.id AND x.accepted_at IS NULL AND x.revoked_at IS NULL AND x.expires_at > now())`.as(
        'members',
      ),
      countIn('recipes', true).as('recipes_month'),
      countIn('menus', true).as('menus_month'),
      countIn('qr_codes', true).as('qr_codes_month'),
    ])
    .compile();
}

type SummaryQuery = ReturnType<typeof buildSummaryQuery>;
const summaryQueries = new Map<'active' | 'named', SummaryQuery>();

/**
 * The summary query of `userId` (and `organisationId`, else the active organisation's). Its
 * text is built and compiled once per variant, with stand-ins in place of the two ids, and is
 * a named prepared statement on PostgreSQL: GET /api/me, asked on every page load, is then
 * neither built by Kysely nor parsed and planned by PostgreSQL again
 * (docs/decisions/0026-the-signed-in-api-at-the-physical-limit.md).
 */
function summaryQuery(db: Kysely<DB>, userId: string, organisationId?: string): SummaryQuery {
  const variant = organisationId === undefined ? 'active' : 'named';
  let query = summaryQueries.get(variant);
  if (!query) {
    query = buildSummaryQuery(db, USER_SLOT, organisationId === undefined ? undefined : ORGANISATION_SLOT);
    preparedOnPostgres(query.sql);
    summaryQueries.set(variant, query);
  }
  return {
    ...query,
    parameters: query.parameters.map((value) =>
      value === USER_SLOT ? userId : value === ORGANISATION_SLOT ? organisationId : value,
    ),
  };
}

/**
 * Everything GET /api/me returns, in one query, for the active organisation: the account, its
 * role and organisations (the switcher), the organisation's name with its first
 * establishment's address as `profile`, its plan, usage and limits. Null when the account is not
 * (or no longer) a member of that organisation.
 */
async function getAccountSummary(
  db: Kysely<DB>,
  user: SessionUser,
  organisationId?: string,
): Promise<MeResponse | null> {
  const [row] = (await db.executeQuery(summaryQuery(db, user.id, organisationId))).rows;
  if (!row) return null;
  const subscription = summarizeSubscription(subscriptionState(row));
  const profile: EstablishmentProfile = {
    restaurantName: row.organisation_name,
    address: row.address ?? null,
    postalCode: row.postal_code ?? null,
    city: row.city ?? null,
    phone: row.phone ?? null,
  };
  return {
    user: {
      id: user.id,
      email: user.email,
      role: user.role,
      twoFactorEnabled: row.two_factor_enabled,
      emailVerified: row.email_verified,
      name: row.user_name,
    },
    profile,
    organisation: { id: row.organisation_id, name: row.organisation_name, role: row.role },
    organisations: row.organisations,
    subscription,
    usage: {
      recipes: Number(row.recipes),
      menus: Number(row.menus),
      qrCodes: Number(row.qr_codes),
      establishments: Number(row.establishments),
      members: Number(row.members),
      recipesThisMonth: Number(row.recipes_month),
      menusThisMonth: Number(row.menus_month),
      qrCodesThisMonth: Number(row.qr_codes_month),
    },
    limits: limitsFor(subscription.tier),
  };
}

/**
 * GET /api/me's answer: one query when the active membership stands; a lost membership falls
 * back as requireUser does, then reads again. Also the signed-in layout's first paint
 * (src/server/app.ts, docs/decisions/0028-server-first-paint.md).
 */
export async function readMe(db: Kysely<DB>, user: SessionUser): Promise<MeResponse | null> {
  return (
    (await getAccountSummary(db, user)) ??
    (await getAccountSummary(db, user, (await resolveActiveOrganisation(db, user.id)).id))
  );
}
