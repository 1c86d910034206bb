import { describe, expect, it } from 'vitest';
import type { MeResponse } from '../../../shared/api/account.ts';
import { FREE_LIMITS } from '../../../shared/plans.ts';
import { premiumStatistics, toPlanView } from './plan-view.ts';

const me: MeResponse = {
  user: {
    id: 'u1',
    email: 'chef@example.fr',
    role: 'user',
    twoFactorEnabled: false,
    emailVerified: true,
    name: 'Marie Durand',
  },
  profile: { restaurantName: 'Le Bistrot du Port', address: null, postalCode: null, city: null, phone: null },
  organisation: { id: 'o1', name: 'Le Bistrot du Port', role: 'owner' },
  organisations: [{ id: 'o1', name: 'Le Bistrot du Port', role: 'owner' }],
  subscription: {
    subscribed: true,
    tier: 'premium',
    status: 'active',
    subscriptionEnd: '2026-12-05T10:00:00.000Z',
    willExpire: true,
  },
  usage: {
    recipes: 7,
    menus: 2,
    qrCodes: 3,
    establishments: 1,
    members: 1,
    recipesThisMonth: 1,
    menusThisMonth: 0,
    qrCodesThisMonth: 2,
  },
  limits: FREE_LIMITS,
};

describe('toPlanView', () => {
  it('prefers the billing answer', () => {
    const view = toPlanView(
      {
        subscribed: false,
        subscriptionTier: 'free',
        subscriptionEnd: null,
        customerId: null,
        willExpire: false,
        status: 'canceled',
        billingType: null,
        provider: 'demo',
        trialAvailable: true,
      },
      me,
    );
    expect(view).toMatchObject({ premium: false, subscribed: false, active: false, end: null });
  });

  it('falls back on GET /api/me when the subscription check failed', () => {
    expect(toPlanView(undefined, me)).toMatchObject({
      premium: true,
      willExpire: true,
      end: '2026-12-05T10:00:00.000Z',
      active: true,
    });
  });
});

describe('premiumStatistics', () => {
  it('counts what was created this month', () => {
    expect(premiumStatistics(me.usage)).toEqual({ recipes: 1, menus: 0, qrCodes: 2 });
  });
});
