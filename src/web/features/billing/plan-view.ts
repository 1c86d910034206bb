import type { MeResponse, Usage } from '../../../shared/api/account.ts';
import type { BillingSubscription, BillingType } from '../../../shared/api/billing.ts';
import { FREE_PLAN_FEATURES } from '../../../shared/plan-texts.ts';
import { isActiveStatus } from '../../../shared/plans.ts';

/** What « Mon Abonnement » shows about the plan, whichever answer it comes from. */
export interface PlanView {
  premium: boolean;
  subscribed: boolean;
  willExpire: boolean;
  end: string | null;
  active: boolean;
  trialing: boolean;
  billingType: BillingType | null;
  /** A new subscription starts with the free trial (once per owner). */
  trialAvailable: boolean;
}

/**
 * The billing answer when there is one; otherwise the summary of GET /api/me, so the page
 * still tells the truth when the subscription check fails (docs/product/spec.md: the tier stays free
 * only when nothing is known).
 */
export function toPlanView(billing: BillingSubscription | undefined, me: MeResponse): PlanView {
  if (billing) {
    return {
      premium: billing.subscriptionTier === 'premium',
      subscribed: billing.subscribed,
      willExpire: billing.willExpire,
      end: billing.subscriptionEnd,
      active: isActiveStatus(billing.status),
      trialing: billing.status === 'trialing',
      billingType: billing.billingType,
      trialAvailable: billing.trialAvailable,
    };
  }
  const sub = me.subscription;
  return {
    premium: sub.tier === 'premium',
    subscribed: sub.subscribed,
    willExpire: sub.willExpire,
    end: sub.subscriptionEnd,
    active: isActiveStatus(sub.status),
    trialing: sub.status === 'trialing',
    billingType: null,
    // Not in /api/me: the checkout page says whether a trial applies.
    trialAvailable: true,
  };
}

/** docs/product/spec.md « Mon Abonnement » « Fonctionnalités incluses ». */
export const PLAN_FEATURES = {
  premium: ['Recettes et menus illimités', 'Codes QR illimités', 'Calculs nutritionnels', 'Support prioritaire'],
  free: FREE_PLAN_FEATURES.subscription,
} as const;

export interface PremiumStatistics {
  recipes: number;
  menus: number;
  qrCodes: number;
}

/** « Statistiques Premium »: what was created this calendar month (docs/product/decisions.md 10). */
export function premiumStatistics(usage: Usage): PremiumStatistics {
  return { recipes: usage.recipesThisMonth, menus: usage.menusThisMonth, qrCodes: usage.qrCodesThisMonth };
}
