import Stripe from 'stripe';
import type { BillingType } from '../../../shared/api/billing.ts';
import type { SubscriptionStatus } from '../../../shared/plans.ts';
import type { Config } from '../../config.ts';
import type { BillingProvider, CheckoutOwner } from './provider.ts';
import type { SubscriptionSnapshot } from './snapshot.ts';

type StripeConfig = NonNullable<Config['stripe']>;

export function createStripeClient(config: StripeConfig): Stripe {
  const options: ConstructorParameters<typeof Stripe>[1] = { maxNetworkRetries: 2, timeout: 15_000, telemetry: false };
  if (config.apiUrl) {
    const url = new URL(config.apiUrl);
    options.host = url.hostname;
    options.port = url.port || (url.protocol === 'https:' ? 443 : 80);
    options.protocol = url.protocol === 'http:' ? 'http' : 'https';
  }
  return new Stripe(config.secretKey, options);
}

const STATUS: Record<string, SubscriptionStatus> = {
  active: 'active',
  trialing: 'trialing',
  past_due: 'past_due',
  canceled: 'canceled',
  incomplete: 'incomplete',
  incomplete_expired: 'canceled',
  unpaid: 'unpaid',
  paused: 'unpaid',
};
const LIVE = new Set(['active', 'trialing', 'past_due', 'unpaid', 'paused', 'incomplete']);
const toDate = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/** Stripe's subscription → our row. `cancel_at` counts as « ends at period end » (newer portals use it). */
function snapshotFromStripe(
  sub: Stripe.Subscription | undefined,
  customerId: string,
  prices: StripeConfig,
): SubscriptionSnapshot {
  if (!sub) {
    return {
      provider: 'stripe',
      customerId,
      subscriptionId: null,
      tier: 'free',
      status: 'active',
      billingType: null,
      currentPeriodEnd: null,
      trialEnd: null,
      cancelAtPeriodEnd: false,
    };
  }
  const item = sub.items.data[0];
  const priceId = item?.price.id;
  const interval = item?.price.recurring?.interval;
  const billingType: BillingType | null =
    priceId === prices.priceYearly || interval === 'year'
      ? 'yearly'
      : priceId === prices.priceMonthly || interval === 'month'
        ? 'monthly'
        : null;
  const status = STATUS[sub.status] ?? 'incomplete';
  return {
    provider: 'stripe',
    customerId,
    subscriptionId: sub.id,
    tier: status === 'active' || status === 'trialing' ? 'premium' : 'free',
    status,
    billingType,
    currentPeriodEnd: toDate(sub.cancel_at) ?? toDate(item?.current_period_end),
    trialEnd: toDate(sub.trial_end),
    cancelAtPeriodEnd: sub.cancel_at_period_end || sub.cancel_at !== null,
  };
}

export function createStripeProvider(
  config: StripeConfig,
  publicOrigin: string,
  stripe = createStripeClient(config),
): BillingProvider {
  const priceFor = (billingType: BillingType) => {
    const price = billingType === 'yearly' ? config.priceYearly : config.priceMonthly;
    if (!price) throw new Error(`STRIPE_PRICE_${billingType.toUpperCase()} is not set`);
    return price;
  };
  return {
    kind: 'stripe',
    async createCheckout(owner: CheckoutOwner, billingType: BillingType, trialDays: number) {
      // One customer per organisation, created once; the idempotency key makes a double click create one.
      const metadata = { organisationId: owner.organisationId, userId: owner.userId };
      const customerId =
        owner.customerId ??
        (
          await stripe.customers.create(
            { email: owner.email, metadata },
            { idempotencyKey: `customer-${owner.organisationId}` },
          )
        ).id;
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: owner.organisationId,
        line_items: [{ price: priceFor(billingType), quantity: 1 }],
        // No trial_period_days at all once the trial is used: Stripe would start another one.
        subscription_data: {
          ...(trialDays > 0 ? { trial_period_days: trialDays } : {}),
          metadata: { ...metadata, billingType },
        },
        metadata: { ...metadata, billingType },
        locale: 'fr',
        success_url: `${publicOrigin}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${publicOrigin}/payment-cancel`,
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without URL');
      return { url: session.url, sessionId: session.id, customerId };
    },
    async createPortal(customerId: string) {
      const portal = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: `${publicOrigin}/subscription`,
        locale: 'fr',
      });
      return { url: portal.url };
    },
    async fetchSnapshot(customerId: string) {
      const list = await stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 10 });
      // The live subscription if there is one, else the newest (Stripe lists newest first).
      const sub = list.data.find((s) => LIVE.has(s.status)) ?? list.data[0];
      return snapshotFromStripe(sub, customerId, config);
    },
    async closeCustomer(customerId: string) {
      // Deleting the customer ends its subscriptions at once (no renewal, no refund): one call,
      // so a failure leaves both the customer and the subscription as they were.
      try {
        await stripe.customers.del(customerId);
      } catch (error) {
        // Already erased (a retried deletion): nothing left to do.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing'))
          throw error;
      }
    },
  };
}
