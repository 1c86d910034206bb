import type { SubscriptionState, SubscriptionStatus, Tier } from '../../shared/plans.ts';

/** The columns of a `subscriptions` row that decide the tier; all null from a LEFT JOIN that found no row. */
export interface SubscriptionColumns {
  tier: Tier | null;
  status: SubscriptionStatus | null;
  current_period_end: Date | null;
  cancel_at_period_end: boolean | null;
}

/**
 * A stored subscription as the shared `SubscriptionState`, or null when the owner has none: what
 * `tierOf` and `summarizeSubscription` (src/shared/plans.ts) read, whichever query fetched the row.
 */
export function subscriptionState(row: SubscriptionColumns | null | undefined): SubscriptionState | null {
  if (!row?.tier) return null;
  return {
    tier: row.tier,
    status: row.status ?? 'active',
    currentPeriodEnd: row.current_period_end ?? null,
    cancelAtPeriodEnd: row.cancel_at_period_end ?? false,
  };
}
