import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BillingSubscription } from '../../../shared/api/billing.ts';
import { emitSubscriptionVerified, onSubscriptionVerified } from './subscribe-event.ts';

const subscription: BillingSubscription = {
  subscribed: true,
  subscriptionTier: 'premium',
  subscriptionEnd: '2026-12-05T10:00:00.000Z',
  customerId: 'demo_cus_1',
  willExpire: false,
  status: 'trialing',
  billingType: 'yearly',
  provider: 'demo',
  trialAvailable: false,
};

describe('the « Subscribe » hook of the payment success page', () => {
  beforeEach(() => {
    const store = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('tells each listener once per checkout session, even when the page checks again', () => {
    const listener = vi.fn();
    const stop = onSubscriptionVerified(listener);
    expect(emitSubscriptionVerified({ sessionId: 'cs_1', subscription })).toBe(true);
    expect(emitSubscriptionVerified({ sessionId: 'cs_1', subscription })).toBe(false);
    expect(emitSubscriptionVerified({ sessionId: 'cs_2', subscription })).toBe(true);
    expect(listener.mock.calls.map(([event]) => event.sessionId)).toEqual(['cs_1', 'cs_2']);
    stop();
    emitSubscriptionVerified({ sessionId: 'cs_3', subscription });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('a failing listener does not stop the others', () => {
    const after = vi.fn();
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const stopFirst = onSubscriptionVerified(() => {
      throw new Error('pixel blocked');
    });
    const stopSecond = onSubscriptionVerified(after);
    emitSubscriptionVerified({ sessionId: 'cs_4', subscription });
    expect(after).toHaveBeenCalledOnce();
    stopFirst();
    stopSecond();
    spy.mockRestore();
  });
});
