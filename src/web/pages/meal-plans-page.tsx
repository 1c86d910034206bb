import { Suspense, useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from '../lib/toast.ts';
import {
  addDays,
  isIsoDate,
  mondayOf,
  POPULATION_LABELS,
  POPULATIONS,
  SERVICE_LABELS,
  SERVICES,
  type Population,
  type Service,
} from '../../shared/catering/catering.ts';
import { Button, buttonClass } from '../components/ui/button.tsx';
import { Spinner } from '../components/ui/card.tsx';
import { useEstablishments } from '../features/establishments/api.ts';
import {
  fetchService,
  useDiets,
  useEgalim,
  useGemrcn,
  useMealPlan,
  useSaveService,
} from '../features/meal-plans/api.ts';
import { WeekBar } from '../features/meal-plans/week-bar.tsx';
import { isTexture, servedVariants } from '../../shared/catering/diets.ts';
import { isSchool } from '../../shared/catering/establishment.ts';
import { firstOfMonth, lastOfMonth, monthLabel, todayIso } from '../features/meal-plans/dates.ts';
import { DayCard } from '../features/meal-plans/day-card.tsx';
import { egalimPanelTitle, GEMRCN_PANEL_TITLE } from '../features/meal-plans/panel-titles.ts';
import { TitledCard } from '../components/ui/titled-card.tsx';
import { useRecipeSummaries } from '../features/recipes/api.ts';
import { ApiError } from '../lib/api.ts';
import { conflictOf } from '../lib/versions.ts';
import { useMe } from '../lib/queries.ts';
import { useCan } from '../lib/use-can.ts';
import { lazyComponent } from '../lib/lazy-component.ts';
import { mealPlanMessages } from '../../shared/api/meal-plan-messages.ts';

// The month view and the tools under the plan load apart from the page (its first load stays
// within docs/decisions/0022's budget); fetched in the background once the page has painted.
const { Component: MonthView, usePreload: usePreloadMonthView } = lazyComponent(
  () => import('../features/meal-plans/month-view.tsx'),
  (m) => m.MonthView,
);
const { Component: PlanTools, usePreload: usePreloadPlanTools } = lazyComponent(
  () => import('../features/meal-plans/plan-tools.tsx'),
  (m) => m.PlanTools,
);
// The GEMRCN and EGalim panels sit under the plan: their code follows the first paint (the 120 kB budget of docs/decisions/0041-first-load-javascript.md).
const { Component: GemrcnPanel, usePreload: usePreloadGemrcnPanel } = lazyComponent(
  () => import('../features/meal-plans/gemrcn-panel.tsx'),
  (m) => m.GemrcnPanel,
);
const { Component: EgalimPanel, usePreload: usePreloadEgalimPanel } = lazyComponent(
  () => import('../features/meal-plans/egalim-panel.tsx'),
  (m) => m.EgalimPanel,
);

/** A panel's card while its code loads: its title already, so nothing moves when it comes. */
function PanelLoading({ title }: { title: string }) {
  return (
    <TitledCard title={title}>
      <p className="text-sm text-stone-600">Chargement...</p>
    </TitledCard>
  );
}

const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/** « Plans de menus » (docs/product/meal-plans.md): a week or a month per establishment, the GEMRCN grid and EGalim. */
function MealPlansPageContent() {
  usePreloadMonthView();
  usePreloadPlanTools();
  usePreloadGemrcnPanel();
  usePreloadEgalimPanel();
  const [params, setParams] = useSearchParams();
  const establishments = useEstablishments();
  const recipes = useRecipeSummaries();
  const { data: me } = useMe();
  const free = me?.subscription.tier === 'free';
  const canWrite = useCan('meal_plans:write') && !free;
  const canValidate = useCan('meal_plans:validate') && !free;
  const canUpgrade = useCan('billing:manage');
  const datalistId = useId();

  const establishmentId = params.get('etablissement') ?? establishments.data?.[0]?.id ?? '';
  const asked = params.get('date');
  const date = asked && isIsoDate(asked) ? asked : todayIso();
  const view = pick(params.get('vue'), ['semaine', 'mois'] as const, 'semaine');
  const service = pick<Service>(params.get('service'), SERVICES, 'dejeuner');
  const population = pick<Population>(params.get('population'), POPULATIONS, 'elementaire');
  const monday = mondayOf(date);
  const [from, to] = view === 'semaine' ? [monday, addDays(monday, 6)] : [firstOfMonth(date), lastOfMonth(date)];

  const plan = useMealPlan(establishmentId, from, to, population);
  const gemrcn = useGemrcn(establishmentId, view === 'semaine' ? monday : mondayOf(firstOfMonth(date)), population);
  const egalim = useEgalim(establishmentId, firstOfMonth(date), lastOfMonth(date));
  const save = useSaveService(establishmentId);
  const diets = useDiets(establishmentId);
  const set = (changes: Record<string, string>) => setParams({ ...Object.fromEntries(params), ...changes });
  const step = view === 'semaine' ? 7 : 31;
  const move = (direction: 1 | -1) =>
    set({
      date:
        view === 'semaine'
          ? addDays(monday, direction * 7)
          : firstOfMonth(addDays(firstOfMonth(date), direction === 1 ? step : -1)),
    });

  if (establishments.isError || recipes.isError)
    return <p role="alert">Erreur lors du chargement des données. Vérifiez votre connexion, puis réessayez.</p>;
  if (!establishments.data || !recipes.data) return <Spinner label="Chargement des plans de menus..." />;
  const options = recipes.data.map((r) => ({ id: r.id, name: r.name }));
  const establishment = establishments.data.find((e) => e.id === establishmentId);
  // A school or a crèche never serves on weekends: its week shows Monday to Friday.
  const weekdaysOnly = establishment ? isSchool(establishment.kind) || establishment.kind === 'creche' : false;
  const variants = servedVariants(diets.data?.counts ?? {}, service)
    .map((v) => v.variant)
    .filter((v) => !isTexture(v));
  const weekState = plan.data?.weeks?.find((w) => w.week === monday);
  const select = 'h-9 rounded-lg border border-stone-300 bg-white px-2 text-sm ml-2';

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-stone-900">Plans de menus</h1>
          <p className="text-sm text-stone-600">
            Restauration collective&nbsp;: semaine, mois, grille GEMRCN et EGalim.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a
            className={buttonClass('secondary', 'sm')}
            href={`/semaine/${establishmentId}?date=${monday}`}
            target="_blank"
            rel="noreferrer"
          >
            Page des familles
          </a>
          <Link
            className={buttonClass('secondary', 'sm')}
            to={`/plans-de-menus/${establishmentId}/affiche?date=${monday}`}
          >
            Affiche de la semaine
          </Link>
          <Link
            className={buttonClass('secondary', 'sm')}
            to={`/plans-de-menus/${establishmentId}/temoins?date=${monday}`}
          >
            Plats témoins
          </Link>
        </div>
      </div>

      {free && (
        <p role="note" className="rounded-lg bg-orange-50 p-3 text-sm text-orange-900" data-testid="meal-plans-premium">
          {mealPlanMessages.premiumOnly}{' '}
          {canUpgrade && (
            <Link to="/subscription" className="font-medium underline">
              Passer au Premium
            </Link>
          )}
        </p>
      )}

      <div className="flex flex-wrap items-end gap-3">
        <label className="text-sm font-medium text-stone-800">
          Établissement
          <select className={select} value={establishmentId} onChange={(e) => set({ etablissement: e.target.value })}>
            {establishments.data.map((e) => (
              <option key={e.id} value={e.id}>
                {e.name}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-stone-800">
          Service
          <select className={select} value={service} onChange={(e) => set({ service: e.target.value })}>
            {SERVICES.map((s) => (
              <option key={s} value={s}>
                {SERVICE_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-stone-800">
          Population
          <select className={select} value={population} onChange={(e) => set({ population: e.target.value })}>
            {POPULATIONS.map((p) => (
              <option key={p} value={p}>
                {POPULATION_LABELS[p]}
              </option>
            ))}
          </select>
        </label>
        <div role="group" aria-label="Vue" className="flex gap-1">
          <Button
            size="sm"
            variant={view === 'semaine' ? 'primary' : 'secondary'}
            aria-pressed={view === 'semaine'}
            onClick={() => set({ vue: 'semaine' })}
          >
            Semaine
          </Button>
          <Button
            size="sm"
            variant={view === 'mois' ? 'primary' : 'secondary'}
            aria-pressed={view === 'mois'}
            onClick={() => set({ vue: 'mois' })}
          >
            Mois
          </Button>
        </div>
      </div>

      {/* At 320 px the period takes its own line above the two buttons (RGAA 10.11); the
          buttons say which period they lead to, their arrows are for the eyes (RGAA 11.9, 13.5). */}
      <nav className="flex flex-wrap items-center justify-between gap-2" aria-label="Période">
        <Button
          size="sm"
          variant="ghost"
          onClick={() => move(-1)}
          aria-label={view === 'semaine' ? 'Semaine précédente' : 'Mois précédent'}
        >
          <span aria-hidden="true">←</span> Précédent{view === 'semaine' ? 'e' : ''}
        </Button>
        <p className="order-first w-full text-center font-semibold first-letter:uppercase sm:order-none sm:w-auto">
          {view === 'semaine' ? `Semaine du ${monthDay(monday)}` : monthLabel(date)}
        </p>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => move(1)}
          aria-label={view === 'semaine' ? 'Semaine suivante' : 'Mois suivant'}
        >
          Suivant{view === 'semaine' ? 'e' : ''} <span aria-hidden="true">→</span>
        </Button>
      </nav>

      {view === 'semaine' && weekState && (
        <WeekBar
          establishmentId={establishmentId}
          state={weekState}
          canWrite={canWrite}
          canValidate={canValidate}
          needsValidation={establishment?.needsValidation ?? false}
        />
      )}

      <datalist id={datalistId}>
        {options.map((r) => (
          <option key={r.id} value={r.name} />
        ))}
      </datalist>
      {!plan.data ? (
        <Spinner label="Chargement du plan..." />
      ) : view === 'semaine' ? (
        <div className="grid gap-3 lg:grid-cols-2">
          {plan.data.days
            .filter((day) => !weekdaysOnly || day.closures?.[service]?.kind !== 'weekend' || day.services.length > 0)
            .map((day) => (
              <DayCard
                key={day.date}
                day={day}
                service={service}
                population={population}
                recipes={options}
                datalistId={datalistId}
                canWrite={canWrite}
                variants={variants}
                onSave={(components, version) =>
                  save.mutateAsync({ date: day.date, service, components, version }).catch((e: unknown) => {
                    if (conflictOf(e)) throw e; // the card shows who saved meanwhile
                    toast.error(
                      e instanceof ApiError && e.status > 0 && e.status < 500
                        ? e.message
                        : 'Erreur lors de l’enregistrement du plan',
                    );
                    return undefined;
                  })
                }
                loadSaved={() => fetchService(establishmentId, day.date, service)}
              />
            ))}
        </div>
      ) : (
        <Suspense fallback={<Spinner label="Chargement du mois..." />}>
          <MonthView days={plan.data.days} service={service} />
        </Suspense>
      )}

      <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <Suspense fallback={<PanelLoading title={GEMRCN_PANEL_TITLE} />}>
          <GemrcnPanel answer={gemrcn.data} />
        </Suspense>
        <div className="space-y-6">
          <Suspense fallback={<PanelLoading title={egalimPanelTitle(firstOfMonth(date))} />}>
            <EgalimPanel
              answer={egalim.data}
              month={firstOfMonth(date)}
              establishmentId={establishmentId}
              posterTo={`/plans-de-menus/${establishmentId}/affiche-egalim?annee=${date.slice(0, 4)}`}
            />
          </Suspense>
          <Suspense fallback={null}>
            <PlanTools
              establishmentId={establishmentId}
              monday={monday}
              recipes={options}
              canWrite={canWrite}
              population={population}
            />
          </Suspense>
        </div>
      </div>
    </div>
  );
}

const monthDay = (date: string) =>
  new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

/** The page under its own title (RGAA 8.6). */
export default function MealPlansPage() {
  return (
    <>
      <title>Plans de menus – NutriCarte</title>
      <MealPlansPageContent />
    </>
  );
}
