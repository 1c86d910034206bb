import type { MeResponse } from '../../shared/api/account.ts';
import type { MemberRole } from '../../shared/permissions.ts';
import { FREE_LIMITS } from '../../shared/plans.ts';

/** A /api/me answer for unit tests: the account `u1`, active in `org-1` with `role`. */
export function testMe(role: MemberRole = 'owner', overrides: Partial<MeResponse> = {}): MeResponse {
  const organisation = { id: 'org-1', name: 'Le Bistrot du Port', role };
  return {
    user: {
      id: 'u1',
      email: 'chef@example.fr',
      role: 'user',
      twoFactorEnabled: false,
      emailVerified: true,
      name: 'Marie Durand',
    },
    profile: { restaurantName: 'Le Bistrot du Port', address: null, postalCode: null, city: null, phone: null },
    subscription: { subscribed: false, tier: 'free', status: 'inactive', subscriptionEnd: null, willExpire: false },
    usage: {
      recipes: 0,
      menus: 0,
      qrCodes: 0,
      establishments: 1,
      members: 1,
      recipesThisMonth: 0,
      menusThisMonth: 0,
      qrCodesThisMonth: 0,
    },
    limits: FREE_LIMITS,
    organisation,
    organisations: [organisation],
    ...overrides,
  };
}
