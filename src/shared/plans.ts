/** Plans, limits and prices: one source of truth for the server and the web app. */
export type Tier = 'free' | 'premium';
export type LimitedResource = 'recipes' | 'menus' | 'qrCodes';
export type Limits = Record<LimitedResource, number | null>;

export const FREE_LIMITS: Limits = { recipes: 5, menus: 1, qrCodes: 1 };
export const PREMIUM_LIMITS: Limits = { recipes: null, menus: null, qrCodes: null };

export function limitsFor(tier: Tier): Limits {
  return tier === 'premium' ? PREMIUM_LIMITS : FREE_LIMITS;
}

/** Near-limit warning threshold (docs/product/spec.md section 9: 80 % of the limit). */
export const NEAR_LIMIT_RATIO = 0.8;

export type LimitState = 'hidden' | 'near' | 'reached';

export function limitState(count: number, limit: number | null): LimitState {
  if (limit === null) return 'hidden';
  if (count >= limit) return 'reached';
  if (count >= limit * NEAR_LIMIT_RATIO) return 'near';
  return 'hidden';
}

export const PRICES = {
  monthlyEuros: 10,
  yearlyEuros: 80,
  trialDays: 14,
  /** 80 € / 12 months, shown as « 6,67 €/mois ». */
  yearlyPerMonthEuros: 80 / 12,
  yearlySavingPercent: 33,
} as const;

export type SubscriptionStatus = 'active' | 'trialing' | 'past_due' | 'canceled' | 'incomplete' | 'unpaid';

export interface SubscriptionState {
  tier: Tier;
  status: SubscriptionStatus;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

/**
 * The tier that applies now. A premium subscription keeps its rights until its
 * period ends, even when it is set to cancel at period end.
 */
export function effectiveTier(sub: SubscriptionState | null, now: Date = new Date()): Tier {
  if (!sub || sub.tier !== 'premium') return 'free';
  if (sub.status !== 'active' && sub.status !== 'trialing') return 'free';
  if (sub.currentPeriodEnd && sub.currentPeriodEnd.getTime() <= now.getTime()) return 'free';
  return 'premium';
}
