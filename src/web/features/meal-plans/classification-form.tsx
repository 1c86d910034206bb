import { useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { toastConflict } from '../../lib/versions.ts';
import { CATERING_TAGS, CATERING_TAG_LABELS, type CateringTag } from '../../../shared/catering/catering.ts';
import type { CateringTagsAnswer } from '../../../shared/api/meal-plans.ts';
import { Button } from '../../components/ui/button.tsx';
import { TitledCard } from '../../components/ui/titled-card.tsx';
import { useCateringTags, useSaveCateringTags } from './api.ts';
import type { RecipeOption } from './day-card.tsx';

type Choice = 'auto' | 'compte' | 'exclu';
const CHOICES: { value: Choice; label: string }[] = [
  { value: 'auto', label: 'Selon les données' },
  { value: 'compte', label: 'Compte' },
  { value: 'exclu', label: 'Ne compte pas' },
];

interface Edited {
  tags: CateringTag[];
  excluded: CateringTag[];
  seasonal: boolean;
}

function TagChoices({ recipeId, canWrite }: { recipeId: string; canWrite: boolean }) {
  const stored = useCateringTags(recipeId);
  const save = useSaveCateringTags();
  const [edited, setEdited] = useState<Edited | null>(null);
  // The recipe's version when the first choice was made: a list read again meanwhile (another
  // member's save) must not make this save overwrite theirs (docs/decisions/0034).
  const [base, setBase] = useState<number | null>(null);
  if (!stored.data) return <p className="text-sm text-stone-600">Chargement...</p>;
  const answer: CateringTagsAnswer = stored.data;
  const current: Edited = edited ?? { tags: answer.tags, excluded: answer.excluded, seasonal: answer.seasonal };
  const choiceOf = (tag: CateringTag): Choice =>
    current.tags.includes(tag) ? 'compte' : current.excluded.includes(tag) ? 'exclu' : 'auto';
  const edit = (next: Edited) => {
    if (base === null) setBase(answer.version);
    setEdited(next);
  };
  const choose = (tag: CateringTag, choice: Choice) =>
    edit({
      ...current,
      tags: [...current.tags.filter((t) => t !== tag), ...(choice === 'compte' ? [tag] : [])],
      excluded: [...current.excluded.filter((t) => t !== tag), ...(choice === 'exclu' ? [tag] : [])],
    });
  const send = (version: number) =>
    save.mutate(
      { recipeId, ...current, version },
      {
        onSuccess: () => (setEdited(null), setBase(null), toast.success('Classification enregistrée')),
        onError: (error) => {
          // « Garder mes modifications » sends these choices on the saved version; « Recharger » drops them.
          if (toastConflict(error, send)) return setBase(null);
          toast.error('Erreur lors de l’enregistrement');
        },
      },
    );
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        send(base ?? answer.version);
      }}
    >
      <ul className="divide-y divide-stone-100" aria-label="Classification du plat">
        {CATERING_TAGS.map((tag) => {
          const auto = answer.automatic.find((a) => a.tag === tag);
          return (
            <li key={tag} className="py-2">
              <fieldset disabled={!canWrite}>
                <legend className="text-sm text-stone-800">{CATERING_TAG_LABELS[tag]}</legend>
                <p className="text-xs text-stone-500">
                  {auto ? `Selon les données\u00a0: oui, ${auto.reason}` : 'Selon les données\u00a0: non'}
                </p>
                <div className="mt-1 flex flex-wrap gap-3">
                  {CHOICES.map((c) => (
                    <label key={c.value} className="flex items-center gap-1 text-xs text-stone-700">
                      <input
                        type="radio"
                        name={`${recipeId}-${tag}`}
                        checked={choiceOf(tag) === c.value}
                        onChange={() => choose(tag, c.value)}
                      />
                      {c.label}
                    </label>
                  ))}
                </div>
              </fieldset>
            </li>
          );
        })}
      </ul>
      <label className="flex items-center gap-2 text-sm text-stone-800">
        <input
          type="checkbox"
          disabled={!canWrite}
          checked={current.seasonal}
          onChange={(e) => edit({ ...current, seasonal: e.currentTarget.checked })}
        />
        De saison (affiché aux familles, quel que soit le mois)
      </label>
      {canWrite && (
        <Button type="submit" size="sm" disabled={save.isPending || edited === null}>
          Enregistrer la classification
        </Button>
      )}
    </form>
  );
}

/**
 * The grid's classification of a dish: for each criterion, what the data says and why, and the
 * owner's (or dietitian's) « compte » / « ne compte pas », saved on the recipe.
 */
export function ClassificationForm({ recipes, canWrite }: { recipes: readonly RecipeOption[]; canWrite: boolean }) {
  const [recipeId, setRecipeId] = useState('');
  return (
    <TitledCard
      title="Classer un plat pour la grille"
      description="Ce que disent les données, et pourquoi&nbsp;; votre choix l’emporte (compte ou ne compte pas). Enregistré sur la recette."
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
      {recipeId && <TagChoices key={recipeId} recipeId={recipeId} canWrite={canWrite} />}
    </TitledCard>
  );
}
