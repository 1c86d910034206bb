import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Card, Spinner } from '../components/ui/card.tsx';
import { Field } from '../components/ui/field.tsx';
import { decimalInputProps } from '../components/ui/decimal-input.tsx';
import { useEstablishments } from '../features/establishments/api.ts';
import { useLabel } from '../features/labels/api.ts';
import { LabelPreview, LabelWarnings } from '../features/labels/label-preview.tsx';
import { LabelSettingsForm } from '../features/labels/label-settings-form.tsx';
import { PrintPanel } from '../features/labels/print-panel.tsx';
import { ApiError } from '../lib/api.ts';
import { formatDecimal } from '../../shared/decimal.ts';
import { useCan } from '../lib/use-can.ts';
import { queryKeys } from '../lib/query-keys.ts';

/**
 * /recipes/:id/etiquette: a recipe's label (docs/product/labels.md): what it says, computed
 * from the recipe, what to check, its settings, and printing it as a PDF in n copies.
 */
function RecipeLabelPageContent() {
  const id = useParams().id ?? '';
  const label = useLabel(id);
  const establishments = useEstablishments();
  const canWrite = useCan('content:write');
  const queryClient = useQueryClient();

  if (label.error instanceof ApiError && label.error.status === 404)
    return (
      <Card className="py-12 text-center">
        <p className="text-lg font-semibold">Recette non trouvée</p>
        <Link to="/recipes" className="mt-2 inline-block text-brand-700 underline">
          Retour aux recettes
        </Link>
      </Card>
    );
  if (label.isError)
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-700">
        Erreur lors du chargement de l’étiquette
      </p>
    );
  if (!label.data) return <Spinner label="Chargement de l’étiquette..." />;
  const data = label.data;

  return (
    <div className="space-y-6">
      <div>
        <Link to="/recipes" className="text-sm font-medium text-brand-700 hover:underline">
          <span aria-hidden="true">←</span> Retour aux recettes
        </Link>
        <h1 className="mt-1 text-2xl font-bold sm:text-3xl">Étiquette : {data.recipeName}</h1>
        <p className="text-sm text-stone-600">
          Vente à emporter et préemballée (règlement (UE) n° 1169/2011) : la liste des ingrédients, les allergènes et
          les valeurs nutritionnelles viennent de la recette.
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="min-w-0 space-y-4">
          <Card className="space-y-3">
            <h2 className="text-lg font-semibold">Aperçu</h2>
            <LabelPreview label={data} />
            <LabelWarnings label={data} />
          </Card>
          <Card className="space-y-3">
            <h2 className="text-lg font-semibold">Imprimer</h2>
            <PrintPanel
              key={data.settings.version}
              path={`/api/recipes/${id}/label.pdf`}
              fits={(format) => data.fits.find((f) => f.format === format)?.message ?? null}
              fields={(choice, set) => (
                <>
                  <Field
                    label="Numéro de lot"
                    placeholder="Lot daté par défaut"
                    value={choice.lot ?? ''}
                    onChange={(e) => set({ lot: e.target.value })}
                    maxLength={20}
                  />
                  <Field
                    label="Durée de conservation pour cette impression (jours)"
                    placeholder={String(data.shelfLifeDays)}
                    {...decimalInputProps({
                      value: choice.shelfLifeDays ?? '',
                      onValueChange: (shelfLifeDays) => set({ shelfLifeDays }),
                      integer: true,
                    })}
                  />
                  <Field
                    label="Poids pesé pour cette impression (g)"
                    placeholder={formatDecimal(data.netQuantityGrams)}
                    {...decimalInputProps({
                      value: choice.net ?? '',
                      onValueChange: (net) => set({ net }),
                      maxDigits: 1,
                    })}
                  />
                </>
              )}
            />
          </Card>
        </div>
        <Card className="min-w-0 space-y-3">
          <h2 className="text-lg font-semibold">Réglages de l’étiquette</h2>
          <LabelSettingsForm
            key={data.settings.version}
            label={data}
            establishments={establishments.data ?? []}
            canWrite={canWrite}
            onReload={(saved) => queryClient.setQueryData(queryKeys.label(id), saved)}
          />
        </Card>
      </div>
    </div>
  );
}

/** The page under its own title (RGAA 8.6, docs/decisions/0040-rgaa-public-pages.md). */
export default function RecipeLabelPage() {
  return (
    <>
      <title>Étiquette de la recette – NutriCarte</title>
      <RecipeLabelPageContent />
    </>
  );
}
