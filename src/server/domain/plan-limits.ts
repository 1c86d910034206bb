import { sql, type Kysely, type Transaction } from 'kysely';
import { messages } from '../../shared/messages.ts';
import { READ_ONLY_AFTER_DOWNGRADE } from '../../shared/plan-texts.ts';
import { FREE_LIMITS, limitsFor, tierOf, type PlanResource, type Tier } from '../../shared/plans.ts';
import type { DB } from '../db/schema.ts';
import { subscriptionState } from './subscription.ts';
import { AppError } from '../lib/errors.ts';

/** The organisation's tier now, read inside the caller's transaction. */
export async function currentTier(trx: Kysely<DB> | Transaction<DB>, organisationId: string): Promise<Tier> {
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

/** What a downgrade makes read-only (DECISIONS 21); the other limited resources are only counted. */
export type KeptResource = 'recipes' | 'menus' | 'qrCodes';

const KEPT_TABLES = { recipes: 'recipes', menus: 'menus', qrCodes: 'qr_codes' } as const;

/**
 * SQL: true when the row `alias` (of `resource`'s table) is not among its organisation's oldest
 * FREE_LIMITS[resource] (by creation, then id): after a downgrade it is kept, read-only and
 * unpublished (DECISIONS 21, docs/product/downgrade.md). Usable again as soon as the organisation
 * is Premium again, or once older ones are deleted: nothing is stored, it is read each time.
 */
export function beyondFreePlan(resource: KeptResource, alias: string) {
  const table = sql.table(KEPT_TABLES[resource]);
  const row = (column: string) => sql.ref(`${alias}.${column}`);
  return sql<boolean>`((SELECT count(*) FROM ${table} AS older
    WHERE older.organisation_id = ${row('organisation_id')}
      AND (older.created_at, older.id) < (${row('created_at')}, ${row('id')})) >= ${FREE_LIMITS[resource]})`;
}

/**
 * Refuses a change to a recipe, a menu (its content included) or a QR code that a downgrade made
 * read-only: 403 `plan_limit` with the French reason. Premium organisations pass at once; call it
 * inside the change's transaction, after the ownership check (another organisation's row is 404).
 */
export async function assertUsableOnPlan(
  trx: Kysely<DB> | Transaction<DB>,
  organisationId: string,
  resource: KeptResource,
  id: string,
): Promise<void> {
  if ((await currentTier(trx, organisationId)) === 'premium') return;
  const { rows } = await sql<{ beyond: boolean }>`
    SELECT ${beyondFreePlan(resource, 'r')} AS beyond FROM ${sql.table(KEPT_TABLES[resource])} AS r
    WHERE r.id = ${id} AND r.organisation_id = ${organisationId}`.execute(trx);
  if (rows[0]?.beyond) throw new AppError('plan_limit', 403, READ_ONLY_AFTER_DOWNGRADE[resource]);
}
