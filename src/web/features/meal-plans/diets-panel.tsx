import { useState } from 'react';
import { SERVICE_LABELS, SERVICES, type Service } from '../../../shared/catering/catering.ts';
import {
  BASE_VARIANTS,
  PAI_VARIANTS,
  variantLabel,
  type DietCounts,
  type Variant,
} from '../../../shared/catering/diets.ts';
import { Button } from '../../components/ui/button.tsx';
import { TitledCard } from '../../components/ui/titled-card.tsx';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { useDiets, useSaveDiets } from './api.ts';

const field = 'mt-0.5 block h-9 w-full rounded-lg border border-stone-300 bg-white px-2 text-sm';

/**
 * « Menus de substitution »: per service, how many covers take each variant, textures (IDDSI)
 * and PAI per allergen included. Numbers only: no child is named anywhere.
 */
export function DietsPanel({ establishmentId, canWrite }: { establishmentId: string; canWrite: boolean }) {
  const diets = useDiets(establishmentId);
  const save = useSaveDiets(establishmentId);
  const [service, setService] = useState<Service>('dejeuner');
  const [edited, setEdited] = useState<DietCounts | null>(null);
  if (!diets.data)
    return (
      <TitledCard title="Menus de substitution">
        <p className="text-sm text-stone-600">Chargement...</p>
      </TitledCard>
    );
  const counts = edited ?? diets.data.counts;
  const set = (variant: Variant, value: number) =>
    setEdited({ ...counts, [service]: { ...counts[service], [variant]: value } });
  const input = (variant: Variant) => (
    <label key={variant} className="text-xs text-stone-700">
      {variantLabel(variant)}
      <input
        className={field}
        type="number"
        inputMode="numeric"
        min={0}
        max={10000}
        disabled={!canWrite}
        value={counts[service]?.[variant] || ''}
        placeholder="0"
        onChange={(e) => set(variant, Math.max(0, Math.trunc(Number(e.target.value) || 0)))}
      />
    </label>
  );
  return (
    <TitledCard
      title="Menus de substitution"
      description="Nombre de convives de chaque régime, par service. Les PAI sont comptés par allergène, sans jamais nommer d’enfant."
    >
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(
            { counts, version: diets.data.version },
            {
              onSuccess: () => (setEdited(null), toast.success('Menus de substitution enregistrés')),
              onError: (error) =>
                toast.error(
                  error instanceof ApiError && error.status === 409 ? error.message : 'Erreur lors de l’enregistrement',
                ),
            },
          );
        }}
      >
        <label className="block text-sm font-medium text-stone-800">
          Service
          <select className={field} value={service} onChange={(e) => setService(e.target.value as Service)}>
            {SERVICES.map((s) => (
              <option key={s} value={s}>
                {SERVICE_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">{BASE_VARIANTS.map(input)}</div>
        <details>
          <summary className="cursor-pointer text-sm text-stone-700">PAI (allergies), par allergène</summary>
          <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">{PAI_VARIANTS.map(input)}</div>
        </details>
        {canWrite && (
          <Button
            type="submit"
            size="sm"
            className="h-auto! min-h-8 py-1.5 whitespace-normal!"
            disabled={save.isPending || edited === null}
          >
            Enregistrer les menus de substitution
          </Button>
        )}
      </form>
    </TitledCard>
  );
}
