import { Link } from 'react-router';
import { downgradeBanner } from '../../shared/plan-texts.ts';
import { limitState, type LimitedResource } from '../../shared/plans.ts';
import { useMe } from '../lib/queries.ts';

const nouns: Record<LimitedResource, [string, string]> = {
  recipes: ['recette', 'recettes'],
  menus: ['menu', 'menus'],
  qrCodes: ['code QR', 'codes QR'],
};

/**
 * docs/product/spec.md « Limit banner »: hidden, « Attention ! » from 80 % of the limit, « Limite
 * atteinte ! » at the limit; free tier only, once usage is loaded. Limits count what exists
 * (docs/product/decisions.md 10), so no monthly wording.
 */
export function LimitBanner({ resource }: { resource: LimitedResource }) {
  const { data: me } = useMe();
  if (!me) return null;
  const count = me.usage[resource];
  const limit = me.limits[resource];
  // More than the free plan keeps: a subscription ended (DECISIONS 21, docs/product/downgrade.md).
  const downgraded = downgradeBanner(resource, count, limit);
  if (downgraded)
    return (
      <div
        role="status"
        data-testid="downgrade-banner"
        className="flex flex-col gap-2 rounded-xl border border-orange-300 bg-orange-50 p-4 text-sm text-orange-900 sm:flex-row sm:items-center sm:justify-between"
      >
        <p>
          <strong>Lecture seule au-delà du plan gratuit.</strong> {downgraded}
        </p>
        <Link to="/subscription" className="shrink-0 font-semibold text-orange-800 underline underline-offset-2">
          Repasser au Premium
        </Link>
      </div>
    );
  const state = limitState(count, limit);
  if (state === 'hidden' || limit === null) return null;
  const noun = nouns[resource][limit > 1 ? 1 : 0];
  return (
    <div
      role="status"
      data-testid="limit-banner"
      className="flex flex-col gap-2 rounded-xl border border-orange-300 bg-orange-50 p-4 text-sm text-orange-900 sm:flex-row sm:items-center sm:justify-between"
    >
      <p>
        <strong>{state === 'reached' ? 'Limite atteinte !' : 'Attention !'}</strong>{' '}
        {state === 'reached'
          ? `Vous utilisez ${count}/${limit} ${noun} du plan gratuit.`
          : `Vous approchez de la limite : ${count}/${limit} ${noun} du plan gratuit.`}
      </p>
      <Link to="/subscription" className="font-semibold text-orange-800 underline underline-offset-2">
        Passer au Premium
      </Link>
    </div>
  );
}
