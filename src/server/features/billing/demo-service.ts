import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { BillingType, DemoCheckoutSession } from '../../../shared/api/billing.ts';
import { PRICES } from '../../../shared/plans.ts';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../lib/http.ts';
import { applySnapshot, trialDaysFor } from './snapshot.ts';

const DAY_MS = 86_400_000;

async function openSession(db: Kysely<DB>, organisationId: string, id: string) {
  const row = await db
    .selectFrom('checkout_sessions')
    .selectAll()
    .where('id', '=', id)
    .where('organisation_id', '=', organisationId)
    .where('provider', '=', 'demo')
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function getDemoCheckout(
  db: Kysely<DB>,
  organisationId: string,
  id: string,
): Promise<DemoCheckoutSession> {
  const row = await openSession(db, organisationId, id);
  return {
    id: row.id,
    billingType: row.billing_type,
    status: row.status,
    amountEuros: row.billing_type === 'yearly' ? PRICES.yearlyEuros : PRICES.monthlyEuros,
    trialDays: await trialDaysFor(db, organisationId),
  };
}

/** The end of a paid period started at `start` (one month or one year later). */
function paidPeriodEnd(start: Date, billingType: BillingType): Date {
  const end = new Date(start);
  if (billingType === 'yearly') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/**
 * « Payer » in the demo, as Stripe would do it: a 14-day trial for the organisation's first
 * subscription; once the trial is used (trial_used_at, set by applySnapshot), the first
 * period is paid at once.
 */
export async function payDemoCheckout(
  db: Kysely<DB>,
  organisationId: string,
  id: string,
  now = new Date(),
): Promise<{ redirectUrl: string }> {
  await db.transaction().execute(async (trx) => {
    const session = await trx
      .selectFrom('checkout_sessions')
      .selectAll()
      .where('id', '=', id)
      .where('organisation_id', '=', organisationId)
      .where('provider', '=', 'demo')
      .forUpdate()
      .executeTakeFirst();
    if (!session) throw notFound();
    if (session.status !== 'open') return;
    await trx
      .updateTable('checkout_sessions')
      .set({ status: 'complete', completed_at: now })
      .where('id', '=', id)
      .execute();
    const owner = await trx
      .selectFrom('subscriptions')
      .select('trial_used_at')
      .where('organisation_id', '=', organisationId)
      .forUpdate()
      .executeTakeFirst();
    const trialEnd = owner?.trial_used_at ? null : new Date(now.getTime() + PRICES.trialDays * DAY_MS);
    await applySnapshot(trx, organisationId, {
      provider: 'demo',
      customerId: `demo_cus_${organisationId}`,
      subscriptionId: `demo_sub_${randomUUID()}`,
      tier: 'premium',
      status: trialEnd ? 'trialing' : 'active',
      billingType: session.billing_type,
      currentPeriodEnd: trialEnd ?? paidPeriodEnd(now, session.billing_type),
      trialEnd,
      cancelAtPeriodEnd: false,
    });
  });
  return { redirectUrl: `/payment-success?session_id=${encodeURIComponent(id)}` };
}

export async function cancelDemoCheckout(
  db: Kysely<DB>,
  organisationId: string,
  id: string,
): Promise<{ redirectUrl: string }> {
  await openSession(db, organisationId, id);
  await db
    .updateTable('checkout_sessions')
    .set({ status: 'expired' })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .execute();
  return { redirectUrl: '/payment-cancel' };
}

/** The demo portal: cancel at period end, resume, or end the period now (to see the return to free). */
export async function demoPortalAction(
  db: Kysely<DB>,
  organisationId: string,
  action: 'cancel' | 'resume' | 'end-now',
  now = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('subscriptions')
      .selectAll()
      .where('organisation_id', '=', organisationId)
      .where('provider', '=', 'demo')
      .forUpdate()
      .executeTakeFirst();
    if (!row || row.tier !== 'premium') throw notFound();
    const ended = action === 'end-now';
    await applySnapshot(trx, organisationId, {
      provider: 'demo',
      customerId: row.customer_id,
      subscriptionId: row.provider_subscription_id,
      tier: ended ? 'free' : 'premium',
      status: ended ? 'canceled' : row.status,
      billingType: row.billing_type,
      currentPeriodEnd: ended ? now : row.current_period_end,
      trialEnd: row.trial_end,
      cancelAtPeriodEnd: action === 'cancel',
    });
  });
}
