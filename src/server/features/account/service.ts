import { sql, type Kysely } from 'kysely';
import type { MeResponse } from '../../../shared/api/account.ts';
import { limitsFor, summarizeSubscription } from '../../../shared/plans.ts';
import type { SessionUser } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { subscriptionState } from '../../domain/subscription.ts';
import { toEstablishmentProfile } from '../../domain/establishment-profile.ts';

/** Everything GET /api/me returns, in one query. */
export async function getAccountSummary(db: Kysely<DB>, user: SessionUser): Promise<MeResponse> {
  const monthStart = sql<Date>`date_trunc('month', now() AT TIME ZONE 'Europe/Paris') AT TIME ZONE 'Europe/Paris'`;
  const row = await db
    .selectFrom('users as u')
    .leftJoin('profiles as p', 'p.id', 'u.id')
    .leftJoin('subscriptions as s', 's.user_id', 'u.id')
    .where('u.id', '=', user.id)
    .select((eb) => [
      'p.restaurant_name',
      'p.address',
      'p.postal_code',
      'p.city',
      'p.phone',
      'u.email_verified',
      'u.two_factor_enabled',
      's.tier',
      's.status',
      's.current_period_end',
      's.cancel_at_period_end',
      eb.selectFrom('recipes').whereRef('recipes.user_id', '=', 'u.id').select(eb.fn.countAll<number>().as('n')).as('recipes'),
      eb.selectFrom('menus').whereRef('menus.user_id', '=', 'u.id').select(eb.fn.countAll<number>().as('n')).as('menus'),
      eb.selectFrom('qr_codes').whereRef('qr_codes.user_id', '=', 'u.id').select(eb.fn.countAll<number>().as('n')).as('qr_codes'),
      eb.selectFrom('recipes').whereRef('recipes.user_id', '=', 'u.id').where('recipes.created_at', '>=', monthStart).select(eb.fn.countAll<number>().as('n')).as('recipes_month'),
      eb.selectFrom('menus').whereRef('menus.user_id', '=', 'u.id').where('menus.created_at', '>=', monthStart).select(eb.fn.countAll<number>().as('n')).as('menus_month'),
      eb.selectFrom('qr_codes').whereRef('qr_codes.user_id', '=', 'u.id').where('qr_codes.created_at', '>=', monthStart).select(eb.fn.countAll<number>().as('n')).as('qr_codes_month'),
    ])
    .executeTakeFirstOrThrow();

  const subscription = summarizeSubscription(subscriptionState(row));
  return {
    user: { id: user.id, email: user.email, role: user.role, twoFactorEnabled: row.two_factor_enabled, emailVerified: row.email_verified },
    profile: toEstablishmentProfile(row),
    subscription,
    usage: {
      recipes: Number(row.recipes ?? 0),
      menus: Number(row.menus ?? 0),
      qrCodes: Number(row.qr_codes ?? 0),
      recipesThisMonth: Number(row.recipes_month ?? 0),
      menusThisMonth: Number(row.menus_month ?? 0),
      qrCodesThisMonth: Number(row.qr_codes_month ?? 0),
    },
    limits: limitsFor(subscription.tier),
  };
}
