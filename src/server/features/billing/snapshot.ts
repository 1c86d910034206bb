import type { Kysely, Transaction } from 'kysely';
import type { BillingSubscription, BillingType } from '../../../shared/api/billing.ts';
import { PRICES, summarizeSubscription, type SubscriptionStatus } from '../../../shared/plans.ts';
import type { DB } from '../../db/schema.ts';
import { subscriptionState } from '../../domain/subscription.ts';
import { enqueueOrganisationContactSync } from '../../domain/outbox.ts';

/** The provider's truth about one customer's subscription, as stored in `subscriptions`. */
export interface SubscriptionSnapshot {
  provider: 'stripe' | 'demo';
  customerId: string | null;
  subscriptionId: string | null;
  tier: 'free' | 'premium';
  status: SubscriptionStatus;
  billingType: BillingType | null;
  currentPeriodEnd: Date | null;
  trialEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

/** Writes a snapshot over the organisation's subscription row; the row is the source of truth for limits. */
export async function applySnapshot(
  trx: Transaction<DB>,
  organisationId: string,
  snap: SubscriptionSnapshot,
): Promise<void> {
  const before = await trx
    .selectFrom('subscriptions')
    .select(['tier', 'status', 'billing_type'])
    .where('organisation_id', '=', organisationId)
    .forUpdate()
    .executeTakeFirst();
  await trx
    .updateTable('subscriptions')
    .set({
      provider: snap.provider,
      customer_id: snap.customerId,
      provider_subscription_id: snap.subscriptionId,
      tier: snap.tier,
      status: snap.status,
      billing_type: snap.billingType,
      current_period_end: snap.currentPeriodEnd,
      trial_end: snap.trialEnd,
      cancel_at_period_end: snap.cancelAtPeriodEnd,
      updated_at: new Date(),
    })
    .where('organisation_id', '=', organisationId)
    .execute();
  // One free trial per organisation: a subscription that started (with a trial or not) used it.
  if (snap.tier === 'premium' || snap.trialEnd) {
    await trx
      .updateTable('subscriptions')
      .set({ trial_used_at: new Date() })
      .where('organisation_id', '=', organisationId)
      .where('trial_used_at', 'is', null)
      .execute();
  }
  // The CRM contacts working in the organisation follow every change of plan, in the same transaction.
  if (
    before &&
    (before.tier !== snap.tier || before.status !== snap.status || before.billing_type !== snap.billingType)
  ) {
    await enqueueOrganisationContactSync(trx, organisationId);
  }
}

/** Days of free trial a new checkout of this organisation gets: the whole trial, or none once used. */
export async function trialDaysFor(db: Kysely<DB>, organisationId: string): Promise<number> {
  const row = await db
    .selectFrom('subscriptions')
    .select('trial_used_at')
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  return row?.trial_used_at ? 0 : PRICES.trialDays;
}

export async function readBillingSubscription(
  db: Kysely<DB>,
  organisationId: string,
  provider: 'stripe' | 'demo',
): Promise<BillingSubscription> {
  const row = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  const summary = summarizeSubscription(subscriptionState(row));
  return {
    subscribed: summary.subscribed,
    subscriptionTier: summary.tier,
    subscriptionEnd: summary.subscriptionEnd,
    customerId: row?.customer_id ?? null,
    willExpire: summary.willExpire,
    status: summary.status,
    billingType: summary.subscribed ? (row?.billing_type ?? null) : null,
    provider,
    trialAvailable: !row?.trial_used_at,
  };
}
