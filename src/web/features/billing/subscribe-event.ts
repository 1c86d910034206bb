import type { BillingSubscription } from '../../../shared/api/billing.ts';

/** What a listener learns when a payment has been verified on /payment-success. */
export interface VerifiedSubscription {
  sessionId: string;
  subscription: BillingSubscription;
}

type Listener = (event: VerifiedSubscription) => void;

const listeners = new Set<Listener>();
const STORAGE_PREFIX = 'nutricarte:subscribe-emitted:';

/**
 * Hook point for the ad pixel « Subscribe » event (docs/product/spec.md section 1, docs/product/decisions.md 4: Meta
 * pixel when `META_PIXEL_ID` is set, off otherwise). Nothing listens yet: the pixel is wired
 * later with `onSubscriptionVerified((e) => fbq('track', 'Subscribe', …))`.
 * Returns the function that removes the listener.
 */
export function onSubscriptionVerified(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Called by the payment success page once the subscription is verified. Emits at most once
 * per checkout session, even after a reload of the page or a manual re-check.
 */
export function emitSubscriptionVerified(event: VerifiedSubscription): boolean {
  const key = STORAGE_PREFIX + event.sessionId;
  try {
    if (sessionStorage.getItem(key)) return false;
    sessionStorage.setItem(key, '1');
  } catch {
    // Storage refused (private mode): still emit, the in-memory guard of the page applies.
  }
  for (const listener of listeners) {
    try {
      listener(event);
    } catch (error) {
      console.error('Subscribe listener failed', error);
    }
  }
  return true;
}
