import { Suspense, useState } from 'react';
import { DraftNotices } from '../components/draft-banner.tsx';
import { useDraftList } from '../lib/saved-drafts.ts';
import { Link } from 'react-router';
import { toast } from '../lib/toast.ts';
import type { Establishment } from '../../shared/api/organisations.ts';
import { limitsMessages } from '../../shared/messages/limits.ts';
import { Button } from '../components/ui/button.tsx';
import { Card, Spinner } from '../components/ui/card.tsx';
import { useDeleteEstablishment, useEstablishments } from '../features/establishments/api.ts';
import { EstablishmentCard } from '../features/establishments/establishment-card.tsx';
import { ApiError } from '../lib/api.ts';
import { lazyComponent } from '../lib/lazy-component.ts';
import { useMe } from '../lib/queries.ts';
import { useCan } from '../lib/use-can.ts';

// The form (react-hook-form, zod) is not needed to read the list.
const { Component: EstablishmentForm, usePreload } = lazyComponent(
  () => import('../features/establishments/establishment-form.tsx'),
  (m) => m.EstablishmentForm,
);

type FormState =
  | { mode: 'closed' }
  | { mode: 'create'; resume?: boolean }
  | { mode: 'edit'; establishment: Establishment; resume?: boolean };

/** « Établissements » (docs/product/organisations.md « Establishments »): everyone reads, owners write. */
function EstablishmentsPageContent() {
  const { data: me } = useMe();
  const establishments = useEstablishments();
  const remove = useDeleteEstablishment();
  const canWrite = useCan('establishments:write');
  const canUpgrade = useCan('billing:manage');
  const [form, setForm] = useState<FormState>({ mode: 'closed' });
  const [refusedByPlan, setRefusedByPlan] = useState(false);
  usePreload();
  // Establishments begun or changed and not saved (src/web/lib/saved-drafts.ts).
  const drafts = useDraftList<unknown>('etablissement').filter(
    (d) => form.mode === 'closed' && (d.id === null || Boolean(establishments.data?.some((e) => e.id === d.id))),
  );

  const limit = me?.limits.establishments ?? null;
  const atLimit =
    refusedByPlan || (limit !== null && (establishments.data?.length ?? me?.usage.establishments ?? 0) >= limit);

  const onDelete = (establishment: Establishment) =>
    remove.mutate(establishment.id, {
      onSuccess: () => toast.success('Établissement supprimé'),
      onError: (error) =>
        toast.error(
          error instanceof ApiError && error.status > 0 && error.status < 500
            ? error.message
            : 'Erreur lors de la suppression',
        ),
    });

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">Établissements</h1>
          <p className="text-sm text-stone-600">
            Chaque menu appartient à un établissement : son nom et son adresse figurent sur la carte publique et les
            documents imprimés.
          </p>
        </div>
        {canWrite && (
          <Button
            onClick={() => setForm({ mode: 'create' })}
            disabled={atLimit || form.mode !== 'closed'}
            className="self-start sm:self-auto"
          >
            Nouvel établissement
          </Button>
        )}
      </div>
      {canWrite && atLimit && (
        <div
          role="status"
          data-testid="establishments-limit"
          className="flex flex-col gap-2 rounded-xl border border-orange-300 bg-orange-50 p-4 text-sm text-orange-900 sm:flex-row sm:items-center sm:justify-between"
        >
          <p>{limitsMessages.establishments}</p>
          {canUpgrade && (
            <Link to="/subscription" className="font-semibold text-orange-800 underline underline-offset-2">
              Passer au Premium
            </Link>
          )}
        </div>
      )}
      {!canWrite && (
        <p className="text-sm text-stone-600">
          Seul un propriétaire peut ajouter, modifier ou supprimer un établissement.
        </p>
      )}

      {canWrite && (
        <DraftNotices
          drafts={drafts}
          describe={(d) =>
            d.id === null
              ? `Établissement commencé et pas encore enregistré : « ${d.title} ».`
              : `Modifications non enregistrées de « ${d.title} ».`
          }
          onResume={(d) => {
            const establishment = establishments.data?.find((e) => e.id === d.id);
            setForm(establishment ? { mode: 'edit', establishment, resume: true } : { mode: 'create', resume: true });
          }}
        />
      )}

      {form.mode !== 'closed' && (
        <Card>
          <h2 className="mb-4 text-xl font-semibold">
            {form.mode === 'edit' ? 'Modifier l’établissement' : 'Nouvel établissement'}
          </h2>
          <Suspense fallback={<Spinner label="Chargement du formulaire..." />}>
            <EstablishmentForm
              key={form.mode === 'edit' ? form.establishment.id : 'new'}
              establishment={form.mode === 'edit' ? form.establishment : null}
              onDone={() => setForm({ mode: 'closed' })}
              onPlanLimit={() => setRefusedByPlan(true)}
              resumeDraft={form.resume === true}
            />
          </Suspense>
        </Card>
      )}

      {establishments.isPending ? (
        <Spinner label="Chargement des établissements..." />
      ) : establishments.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-700">
          Erreur lors du chargement des établissements
        </p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {establishments.data.map((establishment) => (
            <EstablishmentCard
              key={establishment.id}
              establishment={establishment}
              canWrite={canWrite}
              onEdit={() => {
                setForm({ mode: 'edit', establishment });
                window.scrollTo({ top: 0 });
              }}
              onDelete={() => onDelete(establishment)}
            />
          ))}
        </div>
      )}
    </div>
  );
}

/** The page under its own title (RGAA 8.6). */
export default function EstablishmentsPage() {
  return (
    <>
      <title>Établissements – NutriCarte</title>
      <EstablishmentsPageContent />
    </>
  );
}
