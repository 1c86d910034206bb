import { randomUUID } from 'node:crypto';
import type { BillingType } from '../../../shared/api/billing.ts';
import type { BillingProvider, CheckoutOwner } from './provider.ts';

/**
 * Without STRIPE_SECRET_KEY: checkout and portal are pages of the app, clearly marked
 * « Mode démonstration », that drive the same subscription rows (see demo-service.ts).
 */
export function createDemoProvider(): BillingProvider {
  return {
    kind: 'demo',
    // The trial is decided when « Payer » is pressed (demo-service.ts), from the organisation's row.
    async createCheckout(owner: CheckoutOwner, _billingType: BillingType, _trialDays: number) {
      const sessionId = `demo_cs_${randomUUID()}`;
      return {
        url: `/demo/checkout/${sessionId}`,
        sessionId,
        customerId: owner.customerId ?? `demo_cus_${owner.organisationId}`,
      };
    },
    async createPortal() {
      return { url: '/demo/portal' };
    },
    async fetchSnapshot() {
      return null;
    },
    // The demo subscription lives only in our own rows, deleted with the organisation.
    async closeCustomer() {},
  };
}
