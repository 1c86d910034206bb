import { useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { toastConflict } from '../../lib/versions.ts';
import { CATERING_TAGS, CATERING_TAG_LABELS, type CateringTag } from '../../../shared/catering/catering.ts';
import { Button } from '../../components/ui/button.tsx';
import { TitledCard } from '../../components/ui/titled-card.tsx';
import { useCateringTags, useSaveCateringTags } from './api.ts';
import type { RecipeOption } from './day-card.tsx';

function TagBoxes({ recipeId, canWrite }: { recipeId: string; canWrite: boolean }) {
  const stored = useCateringTags(recipeId);
  const save = useSaveCateringTags();
  const [edited, setEdited] = useState<CateringTag[] | null>(null);
  // The recipe's version when the first box was ticked: a list read again meanwhile (another
  // member's save) must not make this save overwrite theirs (docs/decisions/0034).
  const [base, setBase] = useState<number | null>(null);
  if (!stored.data) return <p className="text-sm text-stone-600">Chargement...</p>;
  const data = stored.data;
  const tags = edited ?? data.tags;
  const toggle = (tag: CateringTag, on: boolean) => {
    if (base === null) setBase(data.version);
    setEdited(on ? [...tags, tag] : tags.filter((t) => t !== tag));
  };
  const send = (version: number) =>
    save.mutate(
      { recipeId, tags, version },
      {
        onSuccess: () => (setEdited(null), setBase(null), toast.success('Classification enregistrée')),
        onError: (error) => {
          // « Garder mes modifications » sends these boxes on the saved version; « Recharger » drops them.
          if (toastConflict(error, send)) return setBase(null);
          toast.error('Erreur lors de l’enregistrement');
        },
      },
    );
  return (
    <form
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        send(base ?? data.version);
      }}
    >
      <fieldset className="grid gap-1 sm:grid-cols-2" disabled={!canWrite}>
        <legend className="sr-only">Classification du plat</legend>
        {CATERING_TAGS.map((tag) => (
          <label key={tag} className="flex items-start gap-2 text-sm text-stone-800">
            <input
              type="checkbox"
              className="mt-1"
              checked={tags.includes(tag)}
              onChange={(e) => toggle(tag, e.currentTarget.checked)}
            />
            {CATERING_TAG_LABELS[tag]}
          </label>
        ))}
      </fieldset>
      {canWrite && (
        <Button type="submit" size="sm" disabled={save.isPending || edited === null}>
          Enregistrer la classification
        </Button>
      )}
    </form>
  );
}

/** What the data cannot tell (« produit frit ou pré-frit », « viande non hachée »…), said by the owner and saved on the recipe. */
export function ClassificationForm({ recipes, canWrite }: { recipes: readonly RecipeOption[]; canWrite: boolean }) {
  const [recipeId, setRecipeId] = useState('');
  return (
    <TitledCard
      title="Classer un plat pour la grille"
      description="Ce que les données ne disent pas&nbsp;: friture, viande non hachée, crudités… La classification est enregistrée sur la recette."
    >
      <label className="block text-sm font-medium text-stone-800">
        Recette
        <select
          className="mt-0.5 block h-9 w-full rounded-lg border border-stone-300 bg-white px-2 text-sm"
          value={recipeId}
          onChange={(e) => setRecipeId(e.target.value)}
        >
          <option value="">Choisir une recette</option>
          {recipes.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
      </label>
      {recipeId && <TagBoxes key={recipeId} recipeId={recipeId} canWrite={canWrite} />}
    </TitledCard>
  );
}
