import { Link, useSearchParams } from 'react-router';
import { useMetaPixelSubscribe } from '../features/billing/meta-pixel.ts';
import { useConsent } from '../features/consent/use-consent.ts';
import { billingMessages } from '../../shared/api/billing-messages.ts';
import { PRICES } from '../../shared/plans.ts';
import { Button, buttonClass } from '../components/ui/button.tsx';
import { ReturnPageFrame } from '../features/billing/return-page-frame.tsx';
import { usePaymentVerification } from '../features/billing/use-payment-verification.ts';
import { VERIFICATION } from '../features/billing/verification-schedule.ts';
import { AlertIcon, CheckCircleIcon, CheckIcon, XCircleIcon } from '../features/marketing/icons.tsx';

const unlocked = ['Menus illimités', 'Recettes illimitées', 'Codes QR illimités', 'Support prioritaire'];

function Actions() {
  return (
    <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
      <Link to="/dashboard" className={buttonClass('primary', 'lg')}>
        Accéder au tableau de bord
      </Link>
      <Link to="/subscription" className={buttonClass('secondary', 'lg')}>
        Voir mon abonnement
      </Link>
    </div>
  );
}

function PaymentSuccessPageContent() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  useMetaPixelSubscribe(useConsent().ads);
  const { state, retry } = usePaymentVerification(sessionId);

  if (state.phase === 'invalid') {
    return (
      <ReturnPageFrame>
        <XCircleIcon className="mx-auto h-14 w-14 text-red-600" />
        <h1 className="mt-4 text-2xl font-bold">{billingMessages.invalidSession}</h1>
        <p role="alert" className="mt-2 text-stone-700">
          Le lien de retour du paiement ne contient pas d’identifiant de session.
        </p>
        <Actions />
      </ReturnPageFrame>
    );
  }

  if (state.phase === 'waiting' || state.phase === 'checking') {
    return (
      <ReturnPageFrame>
        <span
          className="mx-auto block h-12 w-12 animate-spin rounded-full border-4 border-brand-600 border-t-transparent"
          aria-hidden="true"
        />
        <div role="status">
          <h1 className="mt-6 text-xl font-bold">Vérification du paiement en cours...</h1>
          <p className="mt-2 text-stone-700">
            {state.phase === 'checking'
              ? `Tentative ${state.attempt}/${VERIFICATION.attempts}`
              : 'Nous attendons la confirmation de notre prestataire de paiement.'}
          </p>
        </div>
        <p className="mt-6 flex items-start justify-center gap-2 rounded-lg bg-orange-50 p-3 text-sm text-orange-900">
          <AlertIcon className="mt-0.5 h-4 w-4 shrink-0" />
          Merci de ne pas fermer cette fenêtre pendant la vérification.
        </p>
      </ReturnPageFrame>
    );
  }

  if (state.phase === 'success') {
    const trialing = state.subscription.status === 'trialing';
    return (
      <ReturnPageFrame>
        <CheckCircleIcon className="mx-auto h-14 w-14 text-brand-700" />
        {/* A trial starts without any payment: it says so (docs/decisions/0036-the-owners-day.md). */}
        <h1 className="mt-4 text-2xl font-bold">{trialing ? 'Essai gratuit activé !' : 'Paiement réussi !'}</h1>
        <p className="mt-2 text-stone-700">
          Bienvenue dans NutriCarte Premium.
          {trialing && ` Vos ${PRICES.trialDays} jours d’essai gratuit commencent aujourd’hui.`}
        </p>
        <div className="mt-6 rounded-xl bg-brand-50 p-5 text-left">
          <h2 className="font-semibold text-brand-800">Fonctionnalités débloquées</h2>
          <ul className="mt-3 space-y-2 text-sm text-stone-800">
            {unlocked.map((feature) => (
              <li key={feature} className="flex items-center gap-2">
                <CheckIcon className="h-4 w-4 shrink-0 text-brand-700" />
                {feature}
              </li>
            ))}
          </ul>
        </div>
        <Actions />
      </ReturnPageFrame>
    );
  }

  return (
    <ReturnPageFrame>
      <XCircleIcon className="mx-auto h-14 w-14 text-red-600" />
      <h1 className="mt-4 text-2xl font-bold">Vérification en cours</h1>
      <p role="alert" className="mt-2 font-medium text-red-700">
        {state.error}
      </p>
      <p className="mt-4 text-sm text-stone-700">
        Votre paiement a bien été traité. La mise à jour du statut de votre abonnement peut prendre quelques minutes.
      </p>
      <Button size="lg" className="mt-6" onClick={() => void retry()} disabled={state.retrying}>
        {state.retrying ? 'Vérification...' : 'Vérifier à nouveau'}
      </Button>
      <p className="mt-6 text-sm">
        <Link to="/subscription" className="font-medium text-brand-800 underline underline-offset-2">
          Voir mon abonnement
        </Link>
      </p>
    </ReturnPageFrame>
  );
}

/** The page under its own title (RGAA 8.6). */
export default function PaymentSuccessPage() {
  return (
    <>
      <title>Confirmation du paiement – NutriCarte</title>
      <PaymentSuccessPageContent />
    </>
  );
}
