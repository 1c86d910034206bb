import type Stripe from 'stripe';
import type { BillingType } from '../../../shared/api/billing.ts';
import type { SubscriptionSnapshot } from './snapshot.ts';

/** Who pays: the organisation (one Stripe customer each), and the owner starting the checkout. */
export interface CheckoutOwner {
  organisationId: string;
  userId: string;
  email: string;
  customerId: string | null;
}

/** Payments behind one small interface (docs/product/decisions.md 4): Stripe when configured, else the demo. */
export interface BillingProvider {
  readonly kind: 'stripe' | 'demo';
  /**
   * Returns where to send the browser, and the customer id to remember. `trialDays` is 0 when
   * the organisation's one free trial is used (src/server/features/billing/snapshot.ts).
   */
  createCheckout(
    owner: CheckoutOwner,
    billingType: BillingType,
    trialDays: number,
  ): Promise<{ url: string; sessionId: string; customerId: string | null }>;
  createPortal(customerId: string): Promise<{ url: string }>;
  /** Re-reads the truth from the provider (null: nothing to reconcile). */
  fetchSnapshot(customerId: string): Promise<SubscriptionSnapshot | null>;
  /**
   * Account deletion (RGPD): ends every subscription of the customer now, without renewal,
   * and erases the customer at the provider. Throws when the provider cannot be reached.
   */
  closeCustomer(customerId: string): Promise<void>;
}

/** The payments of the app (AppDeps.billing): the provider, and with Stripe what verifies its webhooks. */
export interface Billing {
  provider: BillingProvider;
  /** Present only with Stripe: verifies and parses a webhook. */
  stripe?: { client: Stripe; webhookSecret: string | undefined };
}
