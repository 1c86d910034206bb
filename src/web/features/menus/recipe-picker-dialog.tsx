import { useState } from 'react';
import { Link } from 'react-router';
import type { Recipe } from '../../../shared/api/recipes.ts';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/card.tsx';
import { formatNumber } from '../../lib/format.ts';
import { PickerDialog } from './picker-dialog.tsx';
import { filterByText } from './text-filter.ts';

export type PickableRecipe = Pick<
  Recipe,
  'id' | 'name' | 'description' | 'caloriesPerServing' | 'proteinPerServing' | 'prepTime' | 'cookTime'
>;

/**
 * docs/product/spec.md « Recipe picker dialog »: the owner's recipes, searched on the client over name and
 * description (case and accents ignored). The page gives the list, so this feature does not
 * reach into the recipes feature; a failed load leaves `recipes` undefined (only logged).
 */
export function RecipePickerDialog({
  recipes,
  loading,
  onSelect,
  onClose,
}: {
  recipes: readonly PickableRecipe[] | undefined;
  loading: boolean;
  onSelect: (recipe: PickableRecipe) => void;
  onClose: () => void;
}) {
  const [query, setQuery] = useState('');
  const searching = query.trim() !== '';
  const shown = filterByText(recipes ?? [], query);

  return (
    <PickerDialog
      title="Ajouter une recette"
      description="Choisissez la recette à placer dans cette section."
      searchLabel="Rechercher une recette"
      placeholder="Rechercher une recette..."
      query={query}
      onQueryChange={setQuery}
      onClose={onClose}
    >
      {loading ? (
        <Spinner label="Chargement des recettes..." />
      ) : shown.length === 0 ? (
        searching ? (
          <p className="py-10 text-center text-stone-600">Aucune recette trouvée</p>
        ) : (
          <div className="py-10 text-center">
            <p className="font-semibold text-stone-800">Aucune recette disponible</p>
            <p className="mt-1 text-sm text-stone-600">
              Créez d’abord vos recettes dans{' '}
              <Link to="/recipes" className="font-medium text-brand-700 underline underline-offset-2">
                Mes Recettes
              </Link>
              , puis ajoutez-les à vos menus.
            </p>
          </div>
        )
      ) : (
        <ul className="divide-y divide-stone-100" aria-label="Recettes">
          {shown.map((recipe) => (
            <li
              key={recipe.id}
              className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
              data-testid="picker-recipe"
            >
              <div className="min-w-0">
                <p className="break-words font-medium">{recipe.name}</p>
                {recipe.description && (
                  <p className="line-clamp-2 break-words text-sm text-stone-600">{recipe.description}</p>
                )}
                <p className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-stone-500">
                  <span>
                    {recipe.caloriesPerServing === null ? '– kcal' : `${formatNumber(recipe.caloriesPerServing)} kcal`}{' '}
                    / portion
                  </span>
                  {recipe.proteinPerServing !== null && (
                    <span>{formatNumber(recipe.proteinPerServing, 1)} g de protéines</span>
                  )}
                  {totalTime(recipe) !== null && <span>{totalTime(recipe)} min</span>}
                </p>
              </div>
              <Button
                size="sm"
                className="self-start sm:self-auto"
                onClick={() => onSelect(recipe)}
                aria-label={`Sélectionner ${recipe.name}`}
              >
                Sélectionner
              </Button>
            </li>
          ))}
        </ul>
      )}
    </PickerDialog>
  );
}

/** Preparation plus cooking, in minutes; unknown when neither is given. */
function totalTime(recipe: PickableRecipe): number | null {
  if (recipe.prepTime === null && recipe.cookTime === null) return null;
  return (recipe.prepTime ?? 0) + (recipe.cookTime ?? 0);
}
