import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from '../lib/toast.ts';
import type { DemoCheckoutSession } from '../../shared/api/billing.ts';
import { PRICES } from '../../shared/plans.ts';
import { Button, buttonClass } from '../components/ui/button.tsx';
import { Spinner } from '../components/ui/card.tsx';
import { useDemoCheckoutAction, useDemoCheckoutSession } from '../features/billing/api.ts';
import { DemoBanner } from '../features/billing/demo-banner.tsx';
import { ApiError } from '../lib/api.ts';
import { formatDate, formatEuros } from '../lib/format.ts';

const DAY_MS = 86_400_000;
const euros = (value: number) => formatEuros(value, Number.isInteger(value) ? 0 : 2);

/** The next charge after today's: at the end of the trial, or one period after a payment today. */
function nextCharge(openedAt: number, session: DemoCheckoutSession): Date {
  if (session.trialDays > 0) return new Date(openedAt + session.trialDays * DAY_MS);
  const next = new Date(openedAt);
  if (session.billingType === 'yearly') next.setFullYear(next.getFullYear() + 1);
  else next.setMonth(next.getMonth() + 1);
  return next;
}

function Offer({ session }: { session: DemoCheckoutSession }) {
  const yearly = session.billingType === 'yearly';
  const trial = session.trialDays > 0;
  const [openedAt] = useState(() => Date.now());
  const firstCharge = formatDate(nextCharge(openedAt, session));
  return (
    <>
      <div className="mt-6 rounded-xl border border-stone-200 p-5">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <h2 className="font-semibold">{yearly ? 'Premium annuel' : 'Premium mensuel'}</h2>
          <p className="whitespace-nowrap text-lg font-bold">
            {euros(session.amountEuros)} / {yearly ? 'an' : 'mois'}
          </p>
        </div>
        {yearly && (
          <p className="mt-1 text-sm text-stone-600">
            soit {euros(PRICES.yearlyPerMonthEuros)} / mois · Économisez {PRICES.yearlySavingPercent}
            {'\u00a0'}%
          </p>
        )}
        {trial ? (
          <p className="mt-3 inline-flex rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-800">
            {session.trialDays} jours d’essai gratuit
          </p>
        ) : (
          <p className="mt-3 rounded-lg bg-stone-100 px-3 py-2 text-sm text-stone-800">
            Sans essai gratuit : vous en avez déjà profité. Le premier paiement a lieu aujourd’hui.
          </p>
        )}
        <dl className="mt-4 space-y-1 border-t border-stone-100 pt-4 text-sm">
          <div className="flex justify-between">
            <dt className="text-stone-700">À payer aujourd’hui</dt>
            <dd className="font-semibold">{euros(trial ? 0 : session.amountEuros)}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-stone-700">Puis, à partir du {firstCharge}</dt>
            <dd className="whitespace-nowrap font-semibold">
              {euros(session.amountEuros)} / {yearly ? 'an' : 'mois'}
            </dd>
          </div>
        </dl>
      </div>
      <p className="mt-4 text-sm text-stone-600">
        Aucune carte n’est demandée : « Payer » active l’abonnement comme le ferait un vrai paiement, « Annuler » vous
        ramène comme si vous aviez quitté la page de paiement.
      </p>
    </>
  );
}

/** docs/product/decisions.md 4: the demo provider's checkout page, the stand-in for Stripe Checkout. */
function DemoCheckoutPageContent() {
  const { id = '' } = useParams();
  const session = useDemoCheckoutSession(id);
  const action = useDemoCheckoutAction(id);
  const act = (kind: 'pay' | 'cancel') =>
    action.mutate(kind, {
      onError: (error) =>
        toast.error(
          error instanceof ApiError && error.status !== 0 ? error.message : 'Erreur lors du paiement de démonstration',
        ),
    });

  let body;
  if (session.isPending) body = <Spinner label="Chargement de la session de paiement..." />;
  else if (session.isError || session.data.status !== 'open') {
    const text = session.isError
      ? 'Session de paiement introuvable.'
      : session.data.status === 'complete'
        ? 'Cette session de paiement est déjà réglée.'
        : 'Cette session de paiement a expiré.';
    body = (
      <div className="text-center">
        <p role="alert" className="text-stone-800">
          {text}
        </p>
        <Link to="/subscription" className={buttonClass('secondary', 'md', 'mt-6')}>
          Retour à mon abonnement
        </Link>
      </div>
    );
  } else {
    body = (
      <>
        <Offer session={session.data} />
        <div className="mt-6 flex flex-col gap-3 sm:flex-row-reverse">
          <Button size="lg" className="sm:flex-1" onClick={() => act('pay')} disabled={action.isPending}>
            Payer
          </Button>
          <Button
            size="lg"
            variant="secondary"
            className="sm:flex-1"
            onClick={() => act('cancel')}
            disabled={action.isPending}
          >
            Annuler
          </Button>
        </div>
      </>
    );
  }

  return (
    <div className="min-h-screen bg-stone-100">
      <DemoBanner />
      <main className="mx-auto max-w-lg px-4 py-8 sm:py-12">
        <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
          <p className="text-sm font-semibold text-brand-800">NutriCarte · Paiement de démonstration</p>
          <h1 className="mt-1 text-2xl font-bold">Abonnement NutriCarte Premium</h1>
          {body}
        </div>
      </main>
    </div>
  );
}

/** The page under its own title (RGAA 8.6). */
export default function DemoCheckoutPage() {
  return (
    <>
      <title>Paiement de l’abonnement (démonstration) – NutriCarte</title>
      <DemoCheckoutPageContent />
    </>
  );
}
