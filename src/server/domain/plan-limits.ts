import { sql, type Transaction } from 'kysely';
import { messages } from '../../shared/messages.ts';
import { limitsFor, tierOf, type LimitedResource, type Tier } from '../../shared/plans.ts';
import type { DB } from '../db/schema.ts';
import { subscriptionState } from './subscription.ts';
import { AppError } from '../lib/errors.ts';

const tables = { recipes: 'recipes', menus: 'menus', qrCodes: 'qr_codes' } as const;

/** The owner's tier now, read inside the caller's transaction. */
export async function currentTier(trx: Transaction<DB>, userId: string): Promise<Tier> {
  const sub = await trx
    .selectFrom('subscriptions')
    .select(['tier', 'status', 'current_period_end', 'cancel_at_period_end'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return tierOf(subscriptionState(sub));
}

/**
 * Refuses a creation beyond the plan's limit (docs/product/decisions.md 10). The owner's user row is
 * locked first, so parallel creations by one owner are serialized and a count-then-insert
 * cannot overshoot. Call it in the same transaction as the insert.
 */
export async function assertWithinPlanLimit(trx: Transaction<DB>, userId: string, resource: LimitedResource): Promise<void> {
  await sql`SELECT 1 FROM users WHERE id = ${userId} FOR UPDATE`.execute(trx);
  const limit = limitsFor(await currentTier(trx, userId))[resource];
  if (limit === null) return;
  const { count } = await trx
    .selectFrom(tables[resource])
    .select(trx.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (Number(count) >= limit) throw new AppError('plan_limit', 403, messages.limits[resource]);
}
