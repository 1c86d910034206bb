import { Link } from 'react-router';
import { toast } from '../lib/toast.ts';
import { billingMessages } from '../../shared/api/billing-messages.ts';
import type { BillingSubscription } from '../../shared/api/billing.ts';
import { Button, buttonClass } from '../components/ui/button.tsx';
import { Spinner } from '../components/ui/card.tsx';
import { useBillingSubscription, useDemoPortalAction, type DemoPortalAction } from '../features/billing/api.ts';
import { ConfirmDialog } from '../components/ui/confirm-dialog.tsx';
import { DemoBanner } from '../features/billing/demo-banner.tsx';
import { ApiError } from '../lib/api.ts';
import { formatDate } from '../lib/format.ts';

const statusLabels: Record<string, string> = {
  active: 'Actif',
  trialing: 'Actif · période d’essai',
  past_due: 'Paiement en retard',
  canceled: 'Terminé',
  incomplete: 'Inactif',
  unpaid: 'Impayé',
};

function successText(action: DemoPortalAction, subscription: BillingSubscription) {
  if (action === 'cancel')
    return subscription.subscriptionEnd
      ? `Abonnement annulé : il se terminera le ${formatDate(subscription.subscriptionEnd)}`
      : 'Abonnement annulé';
  if (action === 'resume') return 'Abonnement repris';
  return 'Période terminée : votre compte est repassé au plan gratuit';
}

function Details({ subscription }: { subscription: BillingSubscription }) {
  const offer = !subscription.subscribed
    ? 'Gratuit'
    : subscription.billingType === 'yearly'
      ? 'Premium annuel'
      : subscription.billingType === 'monthly'
        ? 'Premium mensuel'
        : 'Premium';
  return (
    <dl className="mt-6 divide-y divide-stone-100 rounded-xl border border-stone-200 px-4 text-sm">
      <div className="flex justify-between gap-3 py-3">
        <dt className="text-stone-700">Offre</dt>
        <dd className="font-semibold">{offer}</dd>
      </div>
      <div className="flex justify-between gap-3 py-3">
        <dt className="text-stone-700">Statut</dt>
        <dd className="font-semibold">
          {subscription.subscribed ? (statusLabels[subscription.status] ?? 'Actif') : 'Aucun abonnement actif'}
        </dd>
      </div>
      {subscription.subscribed && subscription.subscriptionEnd && (
        <div className="flex justify-between gap-3 py-3">
          <dt className="text-stone-700">{subscription.willExpire ? 'Se termine le' : 'Prochaine facturation'}</dt>
          <dd className="font-semibold">{formatDate(subscription.subscriptionEnd)}</dd>
        </div>
      )}
    </dl>
  );
}

/** docs/product/decisions.md 4: the demo provider's customer portal, the stand-in for Stripe's. */
function DemoPortalPageContent() {
  const subscription = useBillingSubscription();
  const change = useDemoPortalAction();
  const run = (action: DemoPortalAction) =>
    change.mutate(action, {
      onSuccess: (next) => toast.success(successText(action, next)),
      onError: (error) =>
        toast.error(
          billingMessages.portalError,
          error instanceof ApiError && error.status !== 0 ? { description: error.message } : undefined,
        ),
    });

  let body;
  if (subscription.isPending) body = <Spinner label="Chargement de l’abonnement..." />;
  else if (subscription.isError)
    body = (
      <p role="alert" className="mt-6 text-red-700">
        {billingMessages.checkFailed}
      </p>
    );
  else {
    const sub = subscription.data;
    const end = sub.subscriptionEnd ? formatDate(sub.subscriptionEnd) : null;
    body = (
      <>
        <Details subscription={sub} />
        {sub.subscribed && sub.willExpire && end && (
          <p
            role="status"
            className="mt-4 rounded-lg border border-orange-300 bg-orange-50 p-3 text-sm text-orange-900"
          >
            Votre abonnement est annulé : il se terminera le {end}. Vous pouvez le reprendre d’ici là.
          </p>
        )}
        <div className="mt-6 flex flex-col gap-3">
          {sub.subscribed && !sub.willExpire && (
            <ConfirmDialog
              trigger={
                <Button variant="destructive" disabled={change.isPending}>
                  Annuler l’abonnement
                </Button>
              }
              title="Annuler l’abonnement ?"
              description={
                end
                  ? `Vous gardez l’accès Premium jusqu’au ${end}, puis votre compte repassera au plan gratuit. Vous pourrez reprendre l’abonnement d’ici là.`
                  : 'Votre compte repassera au plan gratuit à la fin de la période en cours.'
              }
              confirmLabel="Annuler l’abonnement"
              cancelLabel="Retour"
              onConfirm={() => run('cancel')}
            />
          )}
          {sub.subscribed && sub.willExpire && (
            <Button onClick={() => run('resume')} disabled={change.isPending}>
              Reprendre l’abonnement
            </Button>
          )}
          {sub.subscribed && (
            <ConfirmDialog
              trigger={
                <Button variant="secondary" disabled={change.isPending}>
                  Terminer la période maintenant (démo)
                </Button>
              }
              title="Terminer la période maintenant ?"
              description="Simule la fin de la période payée : votre compte repasse tout de suite au plan gratuit et ses limites s’appliquent."
              confirmLabel="Terminer maintenant"
              cancelLabel="Retour"
              onConfirm={() => run('end-now')}
            />
          )}
        </div>
      </>
    );
  }

  return (
    <div className="min-h-screen bg-stone-100">
      <DemoBanner />
      <main className="mx-auto max-w-lg px-4 py-8 sm:py-12">
        <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
          <p className="text-sm font-semibold text-brand-800">NutriCarte · Espace client de démonstration</p>
          <h1 className="mt-1 text-2xl font-bold">Gérer mon abonnement</h1>
          <p className="mt-2 text-sm text-stone-700">
            Avec un vrai prestataire de paiement, vous géreriez ici votre carte bancaire et vos factures.
          </p>
          {body}
          <Link to="/subscription" className={buttonClass('ghost', 'md', 'mt-6 w-full')}>
            Retour à mon abonnement
          </Link>
        </div>
      </main>
    </div>
  );
}

/** The page under its own title (RGAA 8.6). */
export default function DemoPortalPage() {
  return (
    <>
      <title>Gérer mon abonnement (démonstration) – NutriCarte</title>
      <DemoPortalPageContent />
    </>
  );
}
