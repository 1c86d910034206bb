import { describe, expect, it } from 'vitest';
import {
  beyondFreePlanIds,
  FREE_LIMITS,
  limitState,
  limitsFor,
  PREMIUM_LIMITS,
  summarizeSubscription,
  tierOf,
  type SubscriptionState,
} from './plans.ts';

describe('limits', () => {
  it('free is 5 recipes, 1 menu, 1 QR code, 1 establishment and 1 member; premium is unlimited', () => {
    expect(limitsFor('free')).toEqual({ recipes: 5, menus: 1, qrCodes: 1, establishments: 1, members: 1 });
    expect(limitsFor('premium')).toEqual({
      recipes: null,
      menus: null,
      qrCodes: null,
      establishments: null,
      members: null,
    });
    expect(FREE_LIMITS).toBe(limitsFor('free'));
    expect(PREMIUM_LIMITS).toBe(limitsFor('premium'));
  });
});

describe('limitState', () => {
  it('is hidden below 80 % of the limit', () => {
    expect(limitState(0, 5)).toBe('hidden');
    expect(limitState(3, 5)).toBe('hidden');
    expect(limitState(7, 10)).toBe('hidden');
  });

  it('is near from 80 % of the limit', () => {
    expect(limitState(4, 5)).toBe('near');
    expect(limitState(8, 10)).toBe('near');
    expect(limitState(9, 10)).toBe('near');
  });

  it('is reached at the limit and above', () => {
    expect(limitState(5, 5)).toBe('reached');
    expect(limitState(6, 5)).toBe('reached');
    expect(limitState(1, 1)).toBe('reached');
  });

  it('with a limit of 1, none used is hidden', () => {
    expect(limitState(0, 1)).toBe('hidden');
  });

  it('is hidden when unlimited', () => {
    expect(limitState(0, null)).toBe('hidden');
    expect(limitState(1000, null)).toBe('hidden');
  });
});

describe('tierOf', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  const premium = (over: Partial<SubscriptionState> = {}): SubscriptionState => ({
    tier: 'premium',
    status: 'active',
    currentPeriodEnd: new Date('2026-12-21T12:00:00Z'),
    cancelAtPeriodEnd: false,
    ...over,
  });

  it('is free without a subscription or with a free one', () => {
    expect(tierOf(null, now)).toBe('free');
    expect(tierOf({ tier: 'free', status: 'active', currentPeriodEnd: null, cancelAtPeriodEnd: false }, now)).toBe(
      'free',
    );
  });

  it('is premium for an active or trialing premium subscription in its period', () => {
    expect(tierOf(premium(), now)).toBe('premium');
    expect(tierOf(premium({ status: 'trialing' }), now)).toBe('premium');
    expect(tierOf(premium({ currentPeriodEnd: null }), now)).toBe('premium');
  });

  it('keeps premium until the period ends when cancelled at period end', () => {
    expect(tierOf(premium({ cancelAtPeriodEnd: true }), now)).toBe('premium');
  });

  it('is free once the period has ended (the end itself included)', () => {
    expect(tierOf(premium({ currentPeriodEnd: new Date('2026-11-20T00:00:00Z') }), now)).toBe('free');
    expect(tierOf(premium({ currentPeriodEnd: now }), now)).toBe('free');
  });

  it.each(['past_due', 'canceled', 'incomplete', 'unpaid'] as const)(
    'is free when the premium subscription is %s',
    (status) => {
      expect(tierOf(premium({ status }), now)).toBe('free');
    },
  );
});

describe('summarizeSubscription', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  it('is free without a subscription row', () => {
    expect(summarizeSubscription(null, now)).toEqual({
      subscribed: false,
      tier: 'free',
      status: 'active',
      subscriptionEnd: null,
      willExpire: false,
    });
  });

  it('keeps premium until the end of a cancelled period, flagged as expiring', () => {
    const end = new Date('2026-12-01T00:00:00Z');
    const summary = summarizeSubscription(
      { tier: 'premium', status: 'active', currentPeriodEnd: end, cancelAtPeriodEnd: true },
      now,
    );
    expect(summary).toEqual({
      subscribed: true,
      tier: 'premium',
      status: 'active',
      subscriptionEnd: end.toISOString(),
      willExpire: true,
    });
  });

  it('returns to free once the period has ended', () => {
    const end = new Date('2026-11-01T00:00:00Z');
    const summary = summarizeSubscription(
      { tier: 'premium', status: 'active', currentPeriodEnd: end, cancelAtPeriodEnd: true },
      now,
    );
    expect(summary.tier).toBe('free');
    expect(summary.willExpire).toBe(false);
  });

  it('says inactive for a lapsed subscription, active for a free one', () => {
    expect(
      summarizeSubscription(
        { tier: 'premium', status: 'past_due', currentPeriodEnd: null, cancelAtPeriodEnd: false },
        now,
      ),
    ).toMatchObject({ tier: 'free', status: 'inactive' });
    expect(
      summarizeSubscription({ tier: 'free', status: 'active', currentPeriodEnd: null, cancelAtPeriodEnd: false }, now),
    ).toMatchObject({ tier: 'free', status: 'active' });
  });

  it('counts a trial as premium', () => {
    const summary = summarizeSubscription(
      { tier: 'premium', status: 'trialing', currentPeriodEnd: null, cancelAtPeriodEnd: false },
      now,
    );
    expect(summary).toMatchObject({ subscribed: true, tier: 'premium', status: 'trialing' });
  });
});

describe('beyondFreePlanIds (DECISIONS 21)', () => {
  const row = (id: string, createdAt: string) => ({ id, createdAt });
  it('keeps the oldest `limit` rows, by creation then id, whatever the list’s order', () => {
    const rows = [
      row('c', '2026-03-03T10:00:00.000Z'),
      row('a', '2026-03-01T10:00:00.000Z'),
      row('e', '2026-03-02T10:00:00.000Z'),
      row('b', '2026-03-02T10:00:00.000Z'),
    ];
    expect([...beyondFreePlanIds(rows, 1)].sort()).toEqual(['b', 'c', 'e']);
    expect([...beyondFreePlanIds(rows, 2)].sort()).toEqual(['c', 'e']);
    expect(beyondFreePlanIds(rows, 4).size).toBe(0);
    expect(beyondFreePlanIds(rows, null).size).toBe(0);
  });
});
