import type { MeResponse, Usage } from '../../../shared/api/account.ts';
import type { BillingSubscription, BillingType } from '../../../shared/api/billing.ts';

/** What « Mon Abonnement » shows about the plan, whichever answer it comes from. */
export interface PlanView {
  premium: boolean;
  subscribed: boolean;
  willExpire: boolean;
  end: string | null;
  active: boolean;
  trialing: boolean;
  billingType: BillingType | null;
}

const ACTIVE_STATUSES = new Set(['active', 'trialing']);

/**
 * The billing answer when there is one; otherwise the summary of GET /api/me, so the page
 * still tells the truth when the subscription check fails (SPEC.md: the tier stays free
 * only when nothing is known).
 */
export function toPlanView(billing: BillingSubscription | undefined, me: MeResponse): PlanView {
  if (billing) {
    return {
      premium: billing.subscriptionTier === 'premium',
      subscribed: billing.subscribed,
      willExpire: billing.willExpire,
      end: billing.subscriptionEnd,
      active: ACTIVE_STATUSES.has(billing.status),
      trialing: billing.status === 'trialing',
      billingType: billing.billingType,
    };
  }
  const sub = me.subscription;
  return {
    premium: sub.tier === 'premium',
    subscribed: sub.subscribed,
    willExpire: sub.willExpire,
    end: sub.subscriptionEnd,
    active: ACTIVE_STATUSES.has(sub.status),
    trialing: sub.status === 'trialing',
    billingType: null,
  };
}

/** SPEC.md « Mon Abonnement » « Fonctionnalités incluses ». */
export const PLAN_FEATURES = {
  premium: ['Recettes et menus illimités', 'Codes QR illimités', 'Calculs nutritionnels', 'Support prioritaire'],
  free: ['1 menu max', '5 recettes max', '1 code QR max', 'Calculs nutritionnels de base', 'Support par email'],
} as const;

/** Month counts, when the API gives them (DECISIONS.md 10: premium statistics count this month). */
type MonthUsage = Partial<Record<'recipesThisMonth' | 'menusThisMonth' | 'qrCodesThisMonth', number>>;

export interface PremiumStatistics {
  recipes: number;
  menus: number;
  qrCodes: number;
  /** False while the API only gives totals: the page then says « au total », never « ce mois ». */
  thisMonth: boolean;
}

export function premiumStatistics(usage: Usage & MonthUsage): PremiumStatistics {
  const { recipesThisMonth, menusThisMonth, qrCodesThisMonth } = usage;
  if (recipesThisMonth !== undefined && menusThisMonth !== undefined && qrCodesThisMonth !== undefined) {
    return { recipes: recipesThisMonth, menus: menusThisMonth, qrCodes: qrCodesThisMonth, thisMonth: true };
  }
  return { recipes: usage.recipes, menus: usage.menus, qrCodes: usage.qrCodes, thisMonth: false };
}
