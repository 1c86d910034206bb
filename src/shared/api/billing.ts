import { z } from '../zod-fr.ts';
import { billingMessages, BILLING_TYPES, type BillingType } from './billing-messages.ts';

// Messages and periods without zod, for the web app's pages (docs/decisions/0041-first-load-javascript.md).
export { billingMessages, BILLING_TYPES, type BillingType } from './billing-messages.ts';

/** POST /api/billing/checkout. `tier: 'free'` answers « Vous êtes déjà sur le plan gratuit ! ». */
export const checkoutSchema = z.object({
  tier: z.enum(['free', 'premium'], { error: billingMessages.tierInvalid }),
  billingType: z.enum(BILLING_TYPES, { error: billingMessages.billingTypeInvalid }).default('monthly'),
});

/** GET /api/billing/subscription (docs/product/api.md « Billing »). */
export interface BillingSubscription {
  subscribed: boolean;
  subscriptionTier: 'free' | 'premium';
  subscriptionEnd: string | null;
  customerId: string | null;
  willExpire: boolean;
  /** Extra: what the « Mon Abonnement » page shows. */
  status: string;
  billingType: BillingType | null;
  provider: 'stripe' | 'demo';
  /** Extra: the free trial is offered once per owner; false once a subscription has started. */
  trialAvailable: boolean;
}

/** Demo provider (docs/product/decisions.md 4): its checkout and portal are pages of the app. */
export interface DemoCheckoutSession {
  id: string;
  billingType: BillingType;
  status: 'open' | 'complete' | 'expired';
  amountEuros: number;
  /** 0 when the owner's one free trial is already used: the first payment is today. */
  trialDays: number;
}

export const demoPortalActionSchema = z.object({ action: z.enum(['cancel', 'resume', 'end-now']) });
