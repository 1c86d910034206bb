import { useState } from 'react';
import { Link } from 'react-router';
import type { BillingType } from '../../../shared/api/billing.ts';
import { FREE_PLAN_FEATURES } from '../../../shared/plan-texts.ts';
import { PRICES } from '../../../shared/plans.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { formatEuros } from '../../lib/format.ts';
import { useMe } from '../../lib/queries.ts';
import { BillingPeriodToggle } from './billing-period-toggle.tsx';
import { CheckIcon } from './icons.tsx';
import { SIGN_UP_PATH } from '../../lib/auth-paths.ts';

const freeFeatures = FREE_PLAN_FEATURES.pricing;
const premiumFeatures = [
  `${PRICES.trialDays} jours d’essai gratuit`,
  'Menus, recettes et codes QR illimités',
  'Calculs nutritionnels et allergènes',
  'Support prioritaire',
];

const euros = (value: number) => formatEuros(value, Number.isInteger(value) ? 0 : 2);

function FeatureList({ items }: { items: readonly string[] }) {
  return (
    <ul className="mt-6 space-y-3 text-sm text-stone-800">
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2">
          <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
          {item}
        </li>
      ))}
    </ul>
  );
}

function Price({ amount, period }: { amount: number; period: string }) {
  return (
    <p className="mt-4 flex items-baseline gap-1">
      <span className="text-4xl font-extrabold tracking-tight text-stone-900">{euros(amount)}</span>{' '}
      <span className="text-stone-700">/ {period}</span>
    </p>
  );
}

/** A plan's button may wrap: « Créer mon compte gratuit » is wider than a card on a 320 px screen (RGAA 10.11). */
const PLAN_BUTTON = 'mt-8 w-full h-auto! min-h-12 py-3 whitespace-normal! text-center';

/**
 * docs/product/spec.md « Pricing section », on the landing and both marketing pages. Choosing a plan
 * leads a signed-in owner to /subscription (with the period for Premium), anyone else to /auth.
 */
export function PricingSection({
  title = 'Des tarifs simples et transparents',
  initialPeriod = 'monthly',
}: {
  title?: string;
  initialPeriod?: BillingType;
}) {
  const { data: me } = useMe();
  const [period, setPeriod] = useState<BillingType>(initialPeriod);
  const yearly = period === 'yearly';
  const premiumTarget = me ? `/subscription?billing=${period}` : SIGN_UP_PATH;
  const freeTarget = me ? '/subscription' : SIGN_UP_PATH;

  return (
    <section id="tarifs" aria-labelledby="tarifs-titre" className="scroll-mt-4 bg-white">
      <div className="mx-auto max-w-5xl px-4 py-16">
        <h2 id="tarifs-titre" className="text-center text-2xl font-bold sm:text-3xl">
          {title}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-stone-700">
          Commencez gratuitement, passez au Premium quand votre carte s’agrandit. Sans engagement.
        </p>
        <div className="mt-8 flex justify-center" data-billing-toggle="">
          <BillingPeriodToggle value={period} onChange={setPeriod} legend="Facturation mensuelle ou annuelle" />
        </div>

        <div className="mt-10 grid gap-6 md:grid-cols-2">
          <article
            className="flex flex-col rounded-2xl border border-stone-200 bg-stone-50 p-6 sm:p-8"
            data-testid="plan-free"
          >
            <h3 className="text-xl font-bold">Gratuit</h3>
            <p className="mt-1 text-sm text-stone-700">Pour découvrir NutriCarte avec une première carte.</p>
            <Price amount={0} period="mois" />
            <FeatureList items={freeFeatures} />
            <Link to={freeTarget} className={buttonClass('secondary', 'lg', PLAN_BUTTON)}>
              {me ? 'Voir mon abonnement' : 'Créer mon compte gratuit'}
            </Link>
          </article>

          <article
            className="relative flex flex-col rounded-2xl border-2 border-brand-700 bg-white p-6 shadow-lg sm:p-8"
            data-testid="plan-premium"
          >
            <p className="absolute -top-3 left-6 rounded-full bg-orange-700 px-3 py-1 text-xs font-bold uppercase tracking-wide text-white">
              Recommandé
            </p>
            <h3 className="text-xl font-bold">Premium</h3>
            <p className="mt-1 text-sm text-stone-700">
              Pour les cartes qui changent et les établissements à plusieurs salles.
            </p>
            <div aria-live="polite" data-premium-price="">
              {yearly ? (
                <>
                  <Price amount={PRICES.yearlyEuros} period="an" />
                  <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-stone-700">
                    <span>soit {euros(PRICES.yearlyPerMonthEuros)} / mois</span>
                    <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">
                      Économisez {PRICES.yearlySavingPercent}
                      {'\u00a0'}%
                    </span>
                  </p>
                </>
              ) : (
                <>
                  <Price amount={PRICES.monthlyEuros} period="mois" />
                  <p className="mt-1 text-sm text-stone-700">Sans engagement, résiliable à tout moment.</p>
                </>
              )}
            </div>
            <FeatureList items={premiumFeatures} />
            <Link to={premiumTarget} className={buttonClass('primary', 'lg', PLAN_BUTTON)}>
              Essayer Premium {PRICES.trialDays} jours
            </Link>
          </article>
        </div>
      </div>
    </section>
  );
}
