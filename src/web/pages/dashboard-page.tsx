import { Link } from 'react-router';
import { greetingName } from './dashboard/greeting.ts';
import type { LimitedResource } from '../../shared/plans.ts';
import { Card, Spinner } from '../components/ui/card.tsx';
import { buttonClass } from '../components/ui/button.tsx';
import { useMe } from '../lib/queries.ts';
import { useCan } from '../lib/use-can.ts';
import { UnverifiedAllergensCard } from '../features/recipes/unverified-allergens-card.tsx';
import { FirstHourChecklist } from './dashboard/first-hour-checklist.tsx';
import { dashboardSummary, firstHourSteps, type DashboardData } from './dashboard/first-hour.ts';
import { LivingSummary } from './dashboard/living-summary.tsx';
import { useDashboardData } from './dashboard/use-dashboard-data.ts';

/** Until its four steps are done, the first hour's checklist; then what needs the owner's hand. */
function GuideOrSummary({ data }: { data: DashboardData }) {
  const steps = firstHourSteps(data);
  return steps.every((s) => s.done) ? (
    <LivingSummary summary={dashboardSummary(data)} />
  ) : (
    <FirstHourChecklist steps={steps} />
  );
}

const counters: { key: LimitedResource; label: string; unit: [string, string] }[] = [
  { key: 'recipes', label: 'Recettes', unit: ['recette', 'recettes'] },
  { key: 'menus', label: 'Menus', unit: ['menu', 'menus'] },
  { key: 'qrCodes', label: 'Codes QR', unit: ['code QR', 'codes QR'] },
];

const shortcuts = [
  {
    to: '/recipes',
    title: 'Mes Recettes',
    text: 'Créez vos fiches recettes avec la nutrition calculée depuis la table Ciqual.',
  },
  {
    to: '/menus',
    title: 'Mes Menus',
    text: 'Organisez vos plats en sections et choisissez ce que vos clients voient.',
  },
  { to: '/qr-codes', title: 'Codes QR', text: 'Générez le code QR à poser sur vos tables pour ouvrir votre menu.' },
  {
    to: '/subscription',
    title: 'Abonnement',
    text: 'Consultez votre plan et passez au Premium pour un usage illimité.',
  },
];

function DashboardPageContent() {
  const { data: me } = useMe();
  const canManageBilling = useCan('billing:manage');
  const data = useDashboardData();
  if (!me) return <Spinner label="Chargement..." />;
  const isFree = me.subscription.tier === 'free';

  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">Bonjour, {greetingName(me)} !</h1>
        <p className="mt-1 text-stone-600">Bienvenue sur le tableau de bord de {me.organisation.name}.</p>
      </div>

      {/* The rest appears at once with the guide (it goes first): nothing already shown moves
          down (Lighthouse « layout shift », docs/decisions/0022); the wait keeps the footer out of view. */}
      {data ? (
        <DashboardBody data={data} isFree={isFree} canManageBilling={canManageBilling} />
      ) : (
        <div className="min-h-[80vh]">
          <Spinner label="Chargement..." />
        </div>
      )}
    </div>
  );
}

function DashboardBody({
  data,
  isFree,
  canManageBilling,
}: {
  data: DashboardData;
  isFree: boolean;
  canManageBilling: boolean;
}) {
  const { data: me } = useMe();
  if (!me) return null;
  return (
    <>
      <GuideOrSummary data={data} />

      <section aria-label="Utilisation" className="grid gap-4 sm:grid-cols-3">
        {counters.map(({ key, label, unit }) => {
          const count = me.usage[key];
          const limit = me.limits[key];
          const reached = limit !== null && count >= limit;
          return (
            <Card key={key} data-testid={`counter-${key}`}>
              <p className="text-sm font-medium text-stone-600">{label}</p>
              <p className="mt-1 text-3xl font-bold">{count}</p>
              <p className={reached ? 'mt-1 text-sm font-semibold text-orange-700' : 'mt-1 text-sm text-stone-500'}>
                {reached
                  ? 'Limite atteinte'
                  : limit === null
                    ? 'Illimité'
                    : `${count} / ${limit} ${limit > 1 ? unit[1] : unit[0]}`}
              </p>
            </Card>
          );
        })}
      </section>

      <UnverifiedAllergensCard />

      {isFree && canManageBilling && (
        <section className="flex flex-col gap-3 rounded-xl border border-orange-200 bg-orange-50 p-5 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 className="font-semibold text-orange-900">Passez au Premium</h2>
            <p className="text-sm text-orange-900">
              Recettes, menus et codes QR illimités, support prioritaire. 14 jours d’essai gratuit.
            </p>
          </div>
          <Link to="/subscription" className={buttonClass('accent')}>
            Découvrir Premium
          </Link>
        </section>
      )}

      <section aria-label="Raccourcis" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {shortcuts.map((s) => (
          <Link
            key={s.to}
            to={s.to}
            className="group rounded-xl border border-stone-200 bg-white p-5 shadow-sm hover:border-brand-600"
          >
            <h2 className="font-semibold text-stone-900 group-hover:text-brand-700">{s.title}</h2>
            <p className="mt-1 text-sm text-stone-600">{s.text}</p>
          </Link>
        ))}
      </section>
    </>
  );
}

/** The page under its own title (RGAA 8.6). */
export default function DashboardPage() {
  return (
    <>
      <title>Tableau de bord – NutriCarte</title>
      <DashboardPageContent />
    </>
  );
}
