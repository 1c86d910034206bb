import { FREE_LIMITS, type LimitedResource, type PlanResource } from './plans.ts';
import { countOf } from './typography.ts';

/**
 * The free plan's limits in words, « 5 recettes », « 1 menu », « 1 code QR », built from
 * FREE_LIMITS: every text that names them uses these, so changing a limit changes every
 * sentence (src/shared/plan-texts.test.ts refuses a figure written by hand).
 */
export const FREE_PLAN = {
  recipes: countOf(FREE_LIMITS.recipes, 'recette'),
  menus: countOf(FREE_LIMITS.menus, 'menu'),
  qrCodes: countOf(FREE_LIMITS.qrCodes, 'code QR', 'codes QR'),
  establishments: countOf(FREE_LIMITS.establishments, 'établissement'),
  members: countOf(FREE_LIMITS.members, 'membre'),
} as const satisfies Record<PlanResource, string>;

/** The text of the « Limite atteinte » toast when the server refuses a creation (docs/product/spec.md section 8). */
export const PLAN_LIMIT_TOASTS = {
  recipes: `Le plan gratuit est limité à ${FREE_PLAN.recipes}. Passez au Premium pour en créer davantage.`,
  menus: `Le plan gratuit est limité à ${FREE_PLAN.menus}. Passez au Premium pour créer plus de menus.`,
  qrCodes: `Le plan gratuit est limité à ${FREE_PLAN.qrCodes}. Passez au Premium pour générer plus de codes QR.`,
} as const satisfies Record<LimitedResource, string>;

/** « Gratuit » in the pricing section and « Fonctionnalités incluses » of « Mon Abonnement » (docs/product/spec.md). */
export const FREE_PLAN_FEATURES = {
  pricing: [
    FREE_PLAN.menus,
    `${FREE_PLAN.recipes} max`,
    `${FREE_PLAN.qrCodes} max`,
    'Calculs nutritionnels',
    'Support par email',
  ],
  subscription: [
    `${FREE_PLAN.menus} max`,
    `${FREE_PLAN.recipes} max`,
    `${FREE_PLAN.qrCodes} max`,
    'Calculs nutritionnels de base',
    'Support par email',
  ],
} as const;
