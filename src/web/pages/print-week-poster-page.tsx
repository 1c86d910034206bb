import { useParams, useSearchParams } from 'react-router';
import { ALLERGEN_STATEMENTS } from '../../shared/allergens.ts';
import { addDays, isIsoDate, mondayOf, SERVICE_LABELS, SLOT_LABELS } from '../../shared/catering/catering.ts';
import type { Recipe } from '../../shared/api/recipes.ts';
import { variantLabel } from '../../shared/catering/diets.ts';
import { Spinner } from '../components/ui/card.tsx';
import { useEstablishments } from '../features/establishments/api.ts';
import { servicesWithDishes, useMealPlan } from '../features/meal-plans/api.ts';
import { dayLabel, todayIso } from '../features/meal-plans/dates.ts';
import { DocumentMessage, PrintDocument } from '../features/print/print-document.tsx';
import { QrDrawing } from '../features/qr/qr-drawing.tsx';
import { useRecipes } from '../features/recipes/api.ts';

/** Allergens in the allergens' colour; « Aucun des 14 allergènes » and « demandez au personnel » in plain text. */
function AllergenLines({ recipe }: { recipe: Recipe | undefined }) {
  if (!recipe || recipe.allergenStatus !== 'declared')
    return <span className="block text-stone-600">{ALLERGEN_STATEMENTS.unverified}</span>;
  return (
    <>
      {recipe.allergens.length ? (
        <span className="block text-orange-800">Allergènes&nbsp;: {recipe.allergens.join(', ')}</span>
      ) : (
        <span className="block text-stone-600">{ALLERGEN_STATEMENTS.none}</span>
      )}
      {recipe.traces.length > 0 && (
        <span className="block text-stone-600">Peut contenir&nbsp;: {recipe.traces.join(', ')}</span>
      )}
    </>
  );
}

/**
 * /plans-de-menus/:establishmentId/affiche: the week's meals on one A4 page for the school gate,
 * with allergens, « Peut contenir » traces and the QR code of the families' page. Only a
 * published week is on that page: an unpublished one is marked « brouillon ».
 */
export default function PrintWeekPosterPage() {
  const establishmentId = useParams().establishmentId ?? '';
  const asked = useSearchParams()[0].get('date');
  const monday = mondayOf(asked && isIsoDate(asked) ? asked : todayIso());
  const establishments = useEstablishments();
  const recipes = useRecipes();
  const plan = useMealPlan(establishmentId, monday, addDays(monday, 6));
  const back = {
    to: `/plans-de-menus?etablissement=${establishmentId}&date=${monday}`,
    label: 'Retour aux plans de menus',
  };

  if (plan.isError || establishments.isError || recipes.isError)
    return (
      <DocumentMessage
        title="Erreur lors du chargement des données"
        text="Vérifiez votre connexion, puis réessayez."
        back={back}
      />
    );
  if (!plan.data || !establishments.data || !recipes.data) return <Spinner label="Chargement de l’affiche..." />;
  const establishment = establishments.data.find((e) => e.id === establishmentId);
  if (!establishment)
    return (
      <DocumentMessage
        title="Établissement non trouvé"
        text="Cet établissement n’existe pas ou n’appartient pas à votre organisation."
        back={back}
      />
    );
  const byId = new Map(recipes.data.map((r) => [r.id, r]));
  const days = plan.data.days
    .map((d) => ({ ...d, services: servicesWithDishes(d) }))
    .filter((d) => d.services.length > 0);
  const published = plan.data.weeks?.find((w) => w.week === monday)?.status === 'published';
  const url = `${window.location.origin}/semaine/${establishmentId}`;

  return (
    <PrintDocument
      paper="A4 portrait"
      title={`Menus de la semaine - ${establishment.name}`}
      back={back}
      notice={
        published ? undefined : (
          <p role="note" className="rounded-lg bg-orange-50 p-3 text-sm text-orange-900">
            Cette semaine n’est pas publiée&nbsp;: son code QR mène à une page « pas disponible ». Publiez-la depuis les
            plans de menus avant d’afficher cette page.
          </p>
        )
      }
    >
      <div className="space-y-3 text-[13px] leading-snug print:text-[11px]" data-testid="week-poster">
        <header className="flex items-start justify-between gap-4 border-b-2 border-brand-700 pb-2">
          {/* The code's caption wraps under it, so the title keeps its room at 320 px (RGAA 10.11). */}
          <div className="min-w-0">
            <p className="text-sm text-stone-600">{establishment.name}</p>
            <h1 className="text-xl font-bold first-letter:uppercase">Menus de la semaine du {dayLabel(monday)}</h1>
            {!published && <p className="font-semibold text-orange-800">Brouillon, non publié</p>}
          </div>
          <figure
            role="figure"
            aria-label="Les menus sur votre téléphone"
            className="w-28 shrink-0 text-center text-xs text-stone-600"
          >
            <QrDrawing key={url} data={url} size={96} type="svg" label="Code QR des menus de la semaine" />
            <figcaption>Les menus sur votre téléphone</figcaption>
          </figure>
        </header>
        {days.length === 0 && <p>Les menus de cette semaine ne sont pas encore planifiés.</p>}
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 print:grid-cols-2">
          {days.map((day) => (
            <section key={day.date} className="break-inside-avoid rounded-lg border border-stone-300 p-2">
              <h2 className="font-semibold first-letter:uppercase">
                {dayLabel(day.date)}{' '}
                {day.vegetarianLunch && (
                  <span className="ml-1 whitespace-nowrap rounded-full bg-brand-100 px-2 text-xs text-brand-800">
                    Menu végétarien
                  </span>
                )}
              </h2>
              {day.services.map((s) => (
                <div key={s.service}>
                  <h3 className="mt-1 text-[0.7rem] font-semibold uppercase text-stone-500">
                    {SERVICE_LABELS[s.service]}
                  </h3>
                  <ul>
                    {s.components.map((c) => (
                      <li key={c.slot} className="mt-0.5">
                        <span className="text-stone-500">{SLOT_LABELS[c.slot]}&nbsp;:</span> {c.recipeName}
                        <span className="block text-[0.85em]">
                          <AllergenLines recipe={byId.get(c.recipeId)} />
                        </span>
                        {/* A substitute is served too: named, with its own allergens. */}
                        {c.substitutes?.map((sub) => (
                          <span key={sub.variant} className="ml-2 block border-l-2 border-stone-200 pl-2 text-[0.85em]">
                            <span className="text-stone-500">{variantLabel(sub.variant)}&nbsp;:</span> {sub.recipeName}
                            <AllergenLines recipe={byId.get(sub.recipeId)} />
                          </span>
                        ))}
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </section>
          ))}
        </div>
        <footer className="text-xs text-stone-600">
          Les 14&nbsp;allergènes réglementaires sont indiqués pour chaque plat. Menus susceptibles de modifications.
          Pour toute question, adressez-vous au personnel de restauration.
        </footer>
      </div>
    </PrintDocument>
  );
}
