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

/**
 * After a downgrade (DECISIONS 21, docs/product/downgrade.md): the server's 403 to a change of
 * what the free plan no longer keeps usable. Nothing is deleted; a new subscription gives it back.
 */
export const READ_ONLY_AFTER_DOWNGRADE = {
  recipes: `Cette recette est en lecture seule depuis la fin de votre abonnement Premium : le plan gratuit garde ${FREE_PLAN.recipes} modifiables, les plus anciennes. Rien n’est supprimé ; repassez au Premium pour la modifier.`,
  menus: `Ce menu est en lecture seule et n’est plus publié depuis la fin de votre abonnement Premium : le plan gratuit garde ${FREE_PLAN.menus}, le plus ancien. Rien n’est supprimé ; repassez au Premium pour le modifier et le republier.`,
  qrCodes: `Ce code QR est en pause depuis la fin de votre abonnement Premium : le plan gratuit garde ${FREE_PLAN.qrCodes}, le plus ancien. Rien n’est supprimé ; repassez au Premium pour le réactiver.`,
} as const satisfies Record<LimitedResource, string>;

/**
 * The banner of a list that holds more than the free plan keeps (only after a downgrade: a free
 * organisation cannot create past its limit), or null. Says what stays usable, what is kept
 * read-only, and how to get it all back.
 */
export function downgradeBanner(resource: LimitedResource, count: number, limit: number | null): string | null {
  if (limit === null || count <= limit) return null;
  const over = count - limit;
  const others = over === 1 ? 'l’autre est' : `les ${over} autres sont`;
  const start = 'Votre abonnement Premium est terminé, rien n’est supprimé.';
  const back = 'Repassez au Premium pour tout retrouver.';
  if (resource === 'recipes')
    return `${start} Vos ${FREE_PLAN.recipes} les plus anciennes restent modifiables ; ${others} en lecture seule. ${back}`;
  if (resource === 'menus')
    return `${start} Votre plus ancien menu reste publié ; ${others} en lecture seule et vos clients y voient « Ce menu n’est pas disponible pour le moment ». ${back}`;
  return `${start} Votre plus ancien code QR reste actif ; ${others} en pause et mène${over === 1 ? '' : 'nt'} vers une page « pas disponible ». ${back}`;
}

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
