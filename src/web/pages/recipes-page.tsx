import { Suspense, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from '../lib/toast.ts';
import { limitsMessages } from '../../shared/messages/limits.ts';
import { LimitBanner } from '../components/limit-banner.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card, Spinner } from '../components/ui/card.tsx';
import { useDeleteRecipe, useRecipeToEdit } from '../features/recipes/api.ts';
import { ApiError } from '../lib/api.ts';
import { useRecipePages } from '../features/recipes/recipe-pages-api.ts';
import { RecipeCard } from '../features/recipes/recipe-card.tsx';
import { lazyComponent } from '../lib/lazy-component.ts';
import { useMe } from '../lib/queries.ts';
import { useCan } from '../lib/use-can.ts';
import type { Recipe } from '../../shared/api/recipes.ts';
import { countOf } from '../../shared/counts.ts';
import { formatNumber } from '../lib/format.ts';
import { useDraftList } from '../lib/saved-drafts.ts';
import { DraftNotices } from '../components/draft-banner.tsx';

// The form (react-hook-form, zod, the ingredient search) is not needed to read the list.
const { Component: RecipeForm, usePreload: usePreloadRecipeForm } = lazyComponent(
  () => import('../features/recipes/recipe-form.tsx'),
  (m) => m.RecipeForm,
);
// Nor the history dialog (Radix's dialog, its focus trap and scroll lock: 10 kB gzip), opened from a card.
const { Component: RecipeHistoryDialog, usePreload: usePreloadHistoryDialog } = lazyComponent(
  () => import('../features/history/recipe-history-dialog.tsx'),
  (m) => m.RecipeHistoryDialog,
);

type FormState =
  { mode: 'closed' } | { mode: 'create'; resume?: boolean } | { mode: 'edit'; recipe: Recipe; resume?: boolean };

export default function RecipesPage() {
  const { data: me } = useMe();
  // From the dashboard's count: only the recipes whose allergens are still to confirm.
  const [params, setParams] = useSearchParams();
  const onlyUnverified = params.get('allergenes') === 'non-verifies';
  // A page at a time: an organisation of 2,000 recipes reads 48 of them first (bench/growth.ts).
  const recipes = useRecipePages(onlyUnverified ? 'unverified' : undefined);
  const shown = recipes.data?.pages.flatMap((page) => page.recipes) ?? [];
  const total = recipes.data?.pages[0]?.total ?? 0;
  const remove = useDeleteRecipe();
  const canWrite = useCan('content:write');
  const seesCosts = useCan('costs:read');
  const [form, setForm] = useState<FormState>({ mode: 'closed' });
  // « Donner les prix » of the « Coûts » table (/recipes?modifier=<id>): that recipe's form opens,
  // each line without a price showing how to give one (docs/product/costs.md).
  const editId = canWrite ? params.get('modifier') : null;
  const toEdit = useRecipeToEdit(editId);
  const [openedFromLink, setOpenedFromLink] = useState<string | null>(null);
  if (toEdit.data && editId === toEdit.data.id && openedFromLink !== editId) {
    setOpenedFromLink(editId);
    setForm({ mode: 'edit', recipe: toEdit.data });
  } else if (editId === null && openedFromLink !== null) setOpenedFromLink(null);
  useEffect(() => {
    if (openedFromLink === null) return;
    setParams(
      (current) => {
        current.delete('modifier');
        return current;
      },
      { replace: true },
    );
  }, [openedFromLink, setParams]);
  // Recipes begun or changed and not saved, kept in this browser (src/web/lib/saved-drafts.ts).
  const drafts = useDraftList<unknown>('recette').filter(
    (d) =>
      !(form.mode === 'create' && d.id === null) &&
      !(form.mode === 'edit' && d.id === form.recipe.id) &&
      (d.id === null || shown.some((r) => r.id === d.id)),
  );
  const [historyOf, setHistoryOf] = useState<Recipe | null>(null);
  usePreloadRecipeForm();
  usePreloadHistoryDialog();
  const atLimit = Boolean(me && me.limits.recipes !== null && me.usage.recipes >= me.limits.recipes);

  // A recipe planned on days: the server names them; the page asks before removing it from them.
  const [planned, setPlanned] = useState<{ id: string; message: string } | null>(null);
  const onDelete = (id: string, removeFromPlans = false) =>
    remove.mutate(
      { id, removeFromPlans },
      {
        onSuccess: () => (setPlanned(null), toast.success('Recette supprimée avec succès')),
        onError: (error) => {
          if (error instanceof ApiError && error.fields.plannedDays)
            setPlanned({ id, message: error.fields.plannedDays });
          else if (error instanceof ApiError && error.status === 409) toast.error(error.message);
          else toast.error('Erreur lors de la suppression');
        },
      },
    );

  const openCreate = () => setForm({ mode: 'create' });

  return (
    <div className="space-y-6">
      {/* Its own title (RGAA 8.6): the page has one return, so no wrapper (the first-load budget). */}
      <title>Mes recettes – NutriCarte</title>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">Mes Recettes</h1>
          <p className="text-sm text-stone-600">Nutrition calculée à partir de la table Ciqual de l’Anses.</p>
          {seesCosts && (
            <span className="flex flex-wrap gap-x-4">
              <Link
                to="/recipes/couts"
                className="text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
              >
                Voir les coûts et marges
              </Link>
              <Link
                to="/produits/prix"
                className="text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
              >
                Prix des ingrédients
              </Link>
            </span>
          )}
        </div>
        {canWrite && (
          <Button onClick={openCreate} disabled={atLimit || form.mode !== 'closed'}>
            Nouvelle recette
          </Button>
        )}
      </div>
      {canWrite && atLimit && <p className="text-sm text-orange-800">{limitsMessages.recipes}</p>}
      {planned && (
        <div
          role="alertdialog"
          aria-label="Recette planifiée"
          className="space-y-2 rounded-lg bg-orange-50 p-4 text-sm text-orange-900"
        >
          <p>{planned.message}</p>
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="destructive"
              onClick={() => onDelete(planned.id, true)}
              disabled={remove.isPending}
            >
              Retirer des plans et supprimer
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setPlanned(null)}>
              Annuler
            </Button>
          </div>
        </div>
      )}
      {canWrite && <LimitBanner resource="recipes" />}
      {canWrite && (
        <DraftNotices
          drafts={drafts}
          describe={(d) =>
            d.id === null
              ? `Recette commencée et pas encore enregistrée : « ${d.title} ».`
              : `Modifications non enregistrées de « ${d.title} ».`
          }
          onResume={(d) => {
            const recipe = shown.find((r) => r.id === d.id);
            setForm(recipe ? { mode: 'edit', recipe, resume: true } : { mode: 'create', resume: true });
            window.scrollTo({ top: 0 });
          }}
        />
      )}

      {form.mode !== 'closed' && (
        <Card>
          <h2 className="mb-4 text-xl font-semibold">
            {form.mode === 'edit' ? 'Modifier la recette' : 'Nouvelle recette'}
          </h2>
          <Suspense fallback={<Spinner label="Chargement du formulaire..." />}>
            <RecipeForm
              key={form.mode === 'edit' ? `${form.recipe.id}@${form.recipe.version}` : 'new'}
              recipe={form.mode === 'edit' ? form.recipe : null}
              resumeDraft={form.resume === true}
              onDone={() => setForm({ mode: 'closed' })}
              onReload={(saved) => setForm({ mode: 'edit', recipe: saved })}
            />
          </Suspense>
        </Card>
      )}

      {recipes.isPending ? (
        <Spinner label="Chargement des recettes..." />
      ) : recipes.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-700">
          Erreur lors du chargement des recettes
        </p>
      ) : total === 0 && !onlyUnverified ? (
        <Card className="py-12 text-center">
          <p className="text-lg font-semibold">Aucune recette trouvée</p>
          <p className="mt-1 text-sm text-stone-600">
            {canWrite
              ? 'Créez votre première fiche : la nutrition se calcule pendant que vous ajoutez les ingrédients.'
              : 'L’équipe n’a pas encore créé de recette.'}
          </p>
          {canWrite && form.mode === 'closed' && (
            <Button className="mt-4" onClick={openCreate} disabled={atLimit}>
              Créer ma première recette
            </Button>
          )}
        </Card>
      ) : (
        <>
          {onlyUnverified && (
            <p className="flex flex-wrap items-center gap-x-3 text-sm text-orange-900" data-testid="unverified-filter">
              <span>
                {shown.length === 0
                  ? 'Toutes vos recettes ont des allergènes confirmés.'
                  : `Recettes aux allergènes non vérifiés : ${shown.length}`}
              </span>
              <Link to="/recipes" className="font-medium text-brand-700 underline underline-offset-2">
                Voir toutes les recettes
              </Link>
            </p>
          )}
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {shown.map((recipe) => (
              <RecipeCard
                key={recipe.id}
                recipe={recipe}
                onEdit={
                  canWrite
                    ? () => {
                        setForm({ mode: 'edit', recipe });
                        window.scrollTo({ top: 0 });
                      }
                    : undefined
                }
                onDelete={canWrite ? () => onDelete(recipe.id) : undefined}
                onShowHistory={() => setHistoryOf(recipe)}
              />
            ))}
          </div>
          {recipes.hasNextPage && (
            <div className="flex flex-col items-center gap-2 text-sm text-stone-600">
              <p aria-live="polite">{`${countOf(shown.length, 'recette')} affichées sur ${formatNumber(total)}`}</p>
              <Button
                variant="secondary"
                onClick={() => void recipes.fetchNextPage()}
                disabled={recipes.isFetchingNextPage}
              >
                {recipes.isFetchingNextPage ? 'Chargement...' : 'Afficher plus de recettes'}
              </Button>
            </div>
          )}
        </>
      )}
      {historyOf && (
        <Suspense fallback={null}>
          <RecipeHistoryDialog recipeId={historyOf.id} recipeName={historyOf.name} onClose={() => setHistoryOf(null)} />
        </Suspense>
      )}
    </div>
  );
}
