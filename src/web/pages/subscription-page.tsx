import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../lib/toast.ts';
import type { MeResponse } from '../../shared/api/account.ts';
import { billingMessages } from '../../shared/api/billing-messages.ts';
import { PRICES, type LimitedResource } from '../../shared/plans.ts';
import { Button, buttonClass } from '../components/ui/button.tsx';
import { Badge, Card, Spinner } from '../components/ui/card.tsx';
import { isFetchFailure, useBillingSubscription, useOpenPortal, useStartCheckout } from '../features/billing/api.ts';
import { PLAN_FEATURES, premiumStatistics, toPlanView, type PlanView } from '../features/billing/plan-view.ts';
import { BillingPeriodToggle, parseBillingType } from '../features/marketing/billing-period-toggle.tsx';
import { AlertIcon, CheckIcon, CrownIcon, MailIcon } from '../features/marketing/icons.tsx';
import { formatDate, formatEuros } from '../lib/format.ts';
import { useMe } from '../lib/queries.ts';
import { useCan } from '../lib/use-can.ts';

const SUPPORT_EMAIL = 'support@nutricarte.fr';
const euros = (value: number) => formatEuros(value, 0);

const usageRows: { key: LimitedResource; label: string }[] = [
  { key: 'recipes', label: 'Recettes' },
  { key: 'menus', label: 'Menus' },
  { key: 'qrCodes', label: 'Codes QR' },
];

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-b border-stone-100 py-3 last:border-0">
      <dt className="text-sm text-stone-600">{label}</dt>
      <dd className="text-sm font-semibold text-stone-900">{children}</dd>
    </div>
  );
}

function CurrentPlanCard({ plan }: { plan: PlanView }) {
  const expiring = plan.willExpire && plan.end;
  const price =
    plan.billingType === 'yearly'
      ? `${euros(PRICES.yearlyEuros)} / an`
      : plan.billingType === 'monthly'
        ? `${euros(PRICES.monthlyEuros)} / mois`
        : null;
  return (
    <Card data-testid="current-plan">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="mr-auto text-lg font-semibold">Plan actuel</h2>
        {plan.premium ? (
          <Badge tone="green" className="gap-1">
            <CrownIcon className="h-3.5 w-3.5" />
            Premium
          </Badge>
        ) : (
          <Badge>Gratuit</Badge>
        )}
        {plan.willExpire && (
          <span className="inline-flex items-center rounded-full bg-red-600 px-2.5 py-0.5 text-xs font-semibold text-white">
            Se termine bientôt
          </span>
        )}
      </div>
      <dl className="mt-3">
        <Row label="Offre">
          {plan.premium ? 'Premium actif' : 'Gratuit'}
          {plan.premium && price && <span className="font-normal text-stone-600"> · {price}</span>}
        </Row>
        {plan.end && (
          <Row label={plan.willExpire ? 'Se termine le' : 'Prochaine facturation'}>{formatDate(plan.end)}</Row>
        )}
        <Row label="Statut">
          <span className={plan.active ? 'text-brand-800' : 'text-red-700'}>{plan.active ? 'Actif' : 'Inactif'}</span>
          {plan.trialing && <span className="font-normal text-stone-600"> · période d’essai</span>}
        </Row>
      </dl>
      {expiring && (
        <p
          role="status"
          className="mt-3 flex gap-2 rounded-lg border border-orange-300 bg-orange-50 p-3 text-sm text-orange-900"
        >
          <AlertIcon className="mt-0.5 h-4 w-4 shrink-0" />
          <span>
            Votre abonnement a été annulé et se terminera le <strong>{formatDate(plan.end!)}</strong>. Vous conservez
            l’accès Premium jusqu’à cette date.
          </span>
        </p>
      )}
      <h3 className="mt-5 text-sm font-semibold text-stone-900">Fonctionnalités incluses</h3>
      <ul className="mt-2 grid gap-2 text-sm text-stone-800 sm:grid-cols-2">
        {(plan.premium ? PLAN_FEATURES.premium : PLAN_FEATURES.free).map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
            {feature}
          </li>
        ))}
      </ul>
    </Card>
  );
}

function UsageCard({ me }: { me: MeResponse }) {
  return (
    <Card>
      <h2 className="text-lg font-semibold">Utilisation</h2>
      <ul className="mt-3 space-y-4">
        {usageRows.map(({ key, label }) => {
          const count = me.usage[key];
          const limit = me.limits[key];
          const ratio = limit ? Math.min(count / limit, 1) : 0;
          return (
            <li key={key} data-testid={`usage-${key}`}>
              <div className="flex items-center justify-between text-sm">
                <span className="text-stone-700">{label}</span>
                <span className="font-semibold">{limit === null ? `${count} · Illimité` : `${count} / ${limit}`}</span>
              </div>
              {limit !== null && (
                <div className="mt-1.5 h-2 overflow-hidden rounded-full bg-stone-100" aria-hidden="true">
                  <div
                    className={ratio >= 1 ? 'h-full bg-orange-500' : 'h-full bg-brand-600'}
                    style={{ width: `${ratio * 100}%` }}
                  />
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

function PremiumStatisticsCard({ me }: { me: MeResponse }) {
  const stats = premiumStatistics(me.usage);
  const when = 'ce mois';
  const tiles = [
    { value: stats.recipes, label: `Recettes créées ${when}` },
    { value: stats.menus, label: `Menus créés ${when}` },
    { value: stats.qrCodes, label: `Codes QR générés ${when}` },
  ];
  return (
    <Card className="border-brand-100 bg-brand-50">
      <h2 className="text-lg font-semibold text-brand-800">Statistiques Premium</h2>
      <dl className="mt-3 grid grid-cols-3 gap-3 text-center">
        {tiles.map((tile) => (
          <div key={tile.label} className="flex flex-col-reverse rounded-lg bg-white p-3">
            <dt className="text-xs text-stone-700">{tile.label}</dt>
            <dd className="text-2xl font-bold text-stone-900">{tile.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm font-semibold text-brand-800">Accès illimité à toutes les fonctionnalités !</p>
    </Card>
  );
}

function ManageCard({ plan, initialPeriod }: { plan: PlanView; initialPeriod: 'monthly' | 'yearly' }) {
  const [period, setPeriod] = useState(initialPeriod);
  const checkout = useStartCheckout();
  const portal = useOpenPortal();
  return (
    <Card>
      <h2 className="text-lg font-semibold">Gérer l’abonnement</h2>
      {plan.subscribed ? (
        <>
          <p className="mt-2 text-sm text-stone-700">
            Moyen de paiement, factures, résiliation : tout se gère depuis votre espace client.
          </p>
          <Button className="mt-4 w-full" onClick={() => portal.mutate()} disabled={portal.isPending}>
            {portal.isPending ? 'Redirection...' : 'Gérer mon abonnement'}
          </Button>
        </>
      ) : (
        <>
          <BillingPeriodToggle value={period} onChange={setPeriod} className="mt-4" />
          <Button
            size="lg"
            className="mt-4 w-full"
            onClick={() => checkout.mutate(period)}
            disabled={checkout.isPending}
          >
            {checkout.isPending
              ? 'Redirection...'
              : plan.trialAvailable
                ? `Essai gratuit ${PRICES.trialDays} jours`
                : 'Passer au Premium'}
          </Button>
          {!plan.trialAvailable && (
            <p className="mt-3 text-center text-sm text-stone-600">
              Vous avez déjà profité de l’essai gratuit : l’abonnement commence dès le paiement.
            </p>
          )}
          <p className="mt-3 text-center text-sm font-semibold text-stone-800">
            {period === 'yearly'
              ? `${euros(PRICES.yearlyEuros)}/an - Économisez ${PRICES.yearlySavingPercent}\u00a0%`
              : `${euros(PRICES.monthlyEuros)}/mois`}
          </p>
          <p className="text-center text-sm text-stone-600">Débloquez toutes les fonctionnalités</p>
        </>
      )}
    </Card>
  );
}

/** Members who are not owners see the plan, not its buttons (docs/product/organisations.md « Billing »). */
function OwnerOnlyCard() {
  return (
    <Card data-testid="billing-owner-only">
      <h2 className="text-lg font-semibold">Gérer l’abonnement</h2>
      <p className="mt-2 text-sm text-stone-700">Seul un propriétaire peut gérer l’abonnement.</p>
    </Card>
  );
}

function HelpCard() {
  return (
    <Card>
      <h2 className="text-lg font-semibold">Besoin d’aide ?</h2>
      <p className="mt-2 text-sm text-stone-700">
        Une question sur votre abonnement ou votre facture ? Notre équipe vous répond par email.
      </p>
      <a
        href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Mon abonnement NutriCarte')}`}
        className={buttonClass('secondary', 'md', 'mt-4 w-full')}
      >
        <MailIcon className="h-4 w-4" />
        Contacter le support
      </a>
    </Card>
  );
}

/** docs/product/spec.md section 8: the check error toast (silent for a network failure) and the expiry warning, once. */
function useSubscriptionToasts(billing: ReturnType<typeof useBillingSubscription>) {
  const warned = useRef(false);
  const { error, errorUpdatedAt, data } = billing;
  useEffect(() => {
    if (error && !isFetchFailure(error)) toast.error(billingMessages.checkFailed, { id: 'subscription-check' });
  }, [error, errorUpdatedAt]);
  useEffect(() => {
    if (warned.current || !data?.willExpire || !data.subscriptionEnd) return;
    warned.current = true;
    toast.warning(`Votre abonnement se terminera le ${formatDate(data.subscriptionEnd)}`, {
      id: 'subscription-expiring',
    });
  }, [data]);
}

function SubscriptionPageContent() {
  const [params] = useSearchParams();
  const { data: me } = useMe();
  const billing = useBillingSubscription();
  const canManage = useCan('billing:manage');
  useSubscriptionToasts(billing);

  if (!me || billing.isPending) return <Spinner label="Chargement de votre abonnement..." />;
  const plan = toPlanView(billing.data, me);

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">Mon Abonnement</h1>
        <p className="mt-1 text-stone-600">Votre plan, votre utilisation et la gestion de votre abonnement.</p>
      </div>
      {/* Phone: plan, then what to do about it, then the details. Wide: details left, actions right. */}
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2 lg:row-start-1">
          <CurrentPlanCard plan={plan} />
        </div>
        <div className="lg:col-start-3 lg:row-start-1">
          {canManage ? (
            <ManageCard
              key={params.get('billing')}
              plan={plan}
              initialPeriod={parseBillingType(params.get('billing'))}
            />
          ) : (
            <OwnerOnlyCard />
          )}
        </div>
        <div className="lg:col-span-2 lg:row-start-2">
          <UsageCard me={me} />
        </div>
        {plan.premium && (
          <div className="lg:col-span-2 lg:row-start-3">
            <PremiumStatisticsCard me={me} />
          </div>
        )}
        <div className="lg:col-start-3 lg:row-start-2">
          <HelpCard />
        </div>
      </div>
    </div>
  );
}

/** The page under its own title (RGAA 8.6). */
export default function SubscriptionPage() {
  return (
    <>
      <title>Mon abonnement – NutriCarte</title>
      <SubscriptionPageContent />
    </>
  );
}
