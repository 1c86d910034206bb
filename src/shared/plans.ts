/** Plans, limits and prices: one source of truth for the server and the web app. */
export type Tier = 'free' | 'premium';
/** What editors create, counted on the dashboard and « Mon Abonnement ». */
export type LimitedResource = 'recipes' | 'menus' | 'qrCodes';
/**
 * What an organisation's sites and team count against (docs/product/organisations.md):
 * `members` counts the members and the pending invitations.
 */
export type TeamResource = 'establishments' | 'members';
/** Everything a plan limits. */
export type PlanResource = LimitedResource | TeamResource;
export type Limits = Record<PlanResource, number | null>;

/** The free plan's limits: the only place their figures are written (texts: src/shared/plan-texts.ts). */
export const FREE_LIMITS: Record<PlanResource, number> = {
  recipes: 5,
  menus: 1,
  qrCodes: 1,
  establishments: 1,
  members: 1,
};
export const PREMIUM_LIMITS: Limits = {
  recipes: null,
  menus: null,
  qrCodes: null,
  establishments: null,
  members: null,
};

export function limitsFor(tier: Tier): Limits {
  return tier === 'premium' ? PREMIUM_LIMITS : FREE_LIMITS;
}

/** Near-limit warning threshold (docs/product/spec.md section 9: 80 % of the limit). */
const NEAR_LIMIT_RATIO = 0.8;

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

/** A subscription in force: running, or in its free trial. */
export const isActiveStatus = (status: string): boolean => status === 'active' || status === 'trialing';

/**
 * The tier that applies now: the one owner of this fact, on the server (limits, GET /api/me,
 * billing, the public menu's crown) and in the web app. A premium subscription keeps its
 * rights until its period ends, even when it is set to cancel at period end.
 */
export function tierOf(subscription: SubscriptionState | null | undefined, now: Date = new Date()): Tier {
  if (!subscription || subscription.tier !== 'premium') return 'free';
  if (!isActiveStatus(subscription.status)) return 'free';
  if (subscription.currentPeriodEnd && subscription.currentPeriodEnd.getTime() <= now.getTime()) return 'free';
  return 'premium';
}

/** The subscription as the app shows it (docs/product/spec.md « Client-side subscription state »). */
export interface SubscriptionSummary {
  subscribed: boolean;
  tier: Tier;
  status: string;
  subscriptionEnd: string | null;
  willExpire: boolean;
}

export function summarizeSubscription(
  subscription: SubscriptionState | null | undefined,
  now: Date = new Date(),
): SubscriptionSummary {
  const tier = tierOf(subscription, now);
  const premium = tier === 'premium';
  const end = premium ? (subscription?.currentPeriodEnd ?? null) : null;
  return {
    subscribed: premium,
    tier,
    status: premium
      ? (subscription?.status ?? 'active')
      : subscription?.status === 'active' || !subscription
        ? 'active'
        : 'inactive',
    subscriptionEnd: end ? end.toISOString() : null,
    willExpire: premium && Boolean(subscription?.cancelAtPeriodEnd),
  };
}

/**
 * The rows a downgrade keeps read-only (DECISIONS 21): past the oldest `limit` of the whole list,
 * by creation then id, as the server decides (src/server/domain/plan-limits.ts `beyondFreePlan`).
 * Empty when the plan has no limit or the list is within it. Only for a complete list.
 */
export function beyondFreePlanIds(
  rows: readonly { id: string; createdAt: string }[],
  limit: number | null,
): Set<string> {
  if (limit === null || rows.length <= limit) return new Set();
  const oldestFirst = [...rows].sort((a, b) =>
    a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : Date.parse(a.createdAt) - Date.parse(b.createdAt),
  );
  return new Set(oldestFirst.slice(limit).map((row) => row.id));
}
