import { describe, expect, it } from 'vitest';
import { summarizeSubscription } from './service.ts';

const now = new Date('2026-11-21T12:00:00Z');

describe('summarizeSubscription', () => {
  it('is free without a subscription row', () => {
    expect(summarizeSubscription(null, now)).toEqual({ subscribed: false, tier: 'free', status: 'active', subscriptionEnd: null, willExpire: false });
  });

  it('keeps premium until the end of a cancelled period, flagged as expiring', () => {
    const end = new Date('2026-12-01T00:00:00Z');
    const summary = summarizeSubscription({ tier: 'premium', status: 'active', currentPeriodEnd: end, cancelAtPeriodEnd: true }, now);
    expect(summary).toEqual({ subscribed: true, tier: 'premium', status: 'active', subscriptionEnd: end.toISOString(), willExpire: true });
  });

  it('returns to free once the period has ended', () => {
    const end = new Date('2026-11-01T00:00:00Z');
    const summary = summarizeSubscription({ tier: 'premium', status: 'active', currentPeriodEnd: end, cancelAtPeriodEnd: true }, now);
    expect(summary.tier).toBe('free');
    expect(summary.willExpire).toBe(false);
  });

  it('counts a trial as premium', () => {
    const summary = summarizeSubscription({ tier: 'premium', status: 'trialing', currentPeriodEnd: null, cancelAtPeriodEnd: false }, now);
    expect(summary).toMatchObject({ subscribed: true, tier: 'premium', status: 'trialing' });
  });
});
