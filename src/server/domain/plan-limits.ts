import { sql, type Transaction } from 'kysely';
import { messages } from '../../shared/messages.ts';
import { limitsFor, tierOf, type PlanResource, type Tier } from '../../shared/plans.ts';
import type { DB } from '../db/schema.ts';
import { subscriptionState } from './subscription.ts';
import { AppError } from '../lib/errors.ts';

/** The organisation's tier now, read inside the caller's transaction. */
export async function currentTier(trx: Transaction<DB>, organisationId: string): Promise<Tier> {
  const sub = await trx
    .selectFrom('subscriptions')
    .select(['tier', 'status', 'current_period_end', 'cancel_at_period_end'])
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  return tierOf(subscriptionState(sub));
}

/** How many of a resource the organisation has: members count with the invitations still pending. */
async function countOf(trx: Transaction<DB>, organisationId: string, resource: PlanResource): Promise<number> {
  const { rows } = await (
    resource === 'members'
      ? sql<{ n: number }>`
        SELECT (SELECT count(*) FROM memberships WHERE organisation_id = ${organisationId})
             + (SELECT count(*) FROM invitations WHERE organisation_id = ${organisationId}
                  AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now()) AS n`
      : sql<{
          n: number;
        }>`SELECT count(*) AS n FROM ${sql.table(TABLES[resource])} WHERE organisation_id = ${organisationId}`
  ).execute(trx);
  return Number(rows[0]?.n ?? 0);
}

const TABLES = { recipes: 'recipes', menus: 'menus', qrCodes: 'qr_codes', establishments: 'establishments' } as const;

/**
 * Refuses a creation beyond the plan's limit (docs/product/decisions.md 10,
 * docs/product/organisations.md « Limits, races »). The organisation's row is locked first, so
 * parallel creations in one organisation, from any process, are serialized and a
 * count-then-insert cannot overshoot. Call it in the same transaction as the insert;
 * `adding` is how many the insert adds (an accepted invitation replaces a pending one: 0).
 */
export async function assertWithinPlanLimit(
  trx: Transaction<DB>,
  organisationId: string,
  resource: PlanResource,
  adding = 1,
): Promise<void> {
  await lockOrganisation(trx, organisationId);
  const limit = limitsFor(await currentTier(trx, organisationId))[resource];
  if (limit === null) return;
  if ((await countOf(trx, organisationId, resource)) + adding > limit)
    throw new AppError('plan_limit', 403, messages.limits[resource]);
}

/** `SELECT … FROM organisations WHERE id = … FOR UPDATE`: serializes the organisation's limit checks and member changes. */
export async function lockOrganisation(trx: Transaction<DB>, organisationId: string): Promise<void> {
  await sql`SELECT 1 FROM organisations WHERE id = ${organisationId} FOR UPDATE`.execute(trx);
}
