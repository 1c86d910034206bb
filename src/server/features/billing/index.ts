import type { Config } from '../../config.ts';
import { createDemoProvider } from './demo-provider.ts';
import type { Billing } from './provider.ts';
import { createStripeClient, createStripeProvider } from './stripe-provider.ts';

/** Stripe when STRIPE_SECRET_KEY is set, the demo checkout otherwise (docs/product/decisions.md 4). */
export function createBilling(config: Config): Billing {
  if (!config.stripe) return { provider: createDemoProvider() };
  const client = createStripeClient(config.stripe);
  return {
    provider: createStripeProvider(config.stripe, config.publicOrigin, client),
    stripe: { client, webhookSecret: config.stripe.webhookSecret },
  };
}
