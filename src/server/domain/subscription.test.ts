import { describe, expect, it } from 'vitest';
import { tierOf } from '../../shared/plans.ts';
import { subscriptionState } from './subscription.ts';

describe('subscriptionState', () => {
  it('is null without a row, or for the empty columns of a LEFT JOIN', () => {
    expect(subscriptionState(undefined)).toBeNull();
    expect(subscriptionState(null)).toBeNull();
    expect(
      subscriptionState({ tier: null, status: null, current_period_end: null, cancel_at_period_end: null }),
    ).toBeNull();
  });

  it('maps the stored columns to what tierOf reads', () => {
    const end = new Date('2026-12-21T12:00:00Z');
    const state = subscriptionState({
      tier: 'premium',
      status: 'trialing',
      current_period_end: end,
      cancel_at_period_end: true,
    });
    expect(state).toEqual({ tier: 'premium', status: 'trialing', currentPeriodEnd: end, cancelAtPeriodEnd: true });
    expect(tierOf(state, new Date('2026-11-21T12:00:00Z'))).toBe('premium');
    expect(tierOf(state, end)).toBe('free');
  });
});
