import { useEffect } from 'react';
import { RecipePickerDialog, type PickableRecipe } from '../../features/menus/recipe-picker-dialog.tsx';
import { useRecipeSummaries } from '../../features/recipes/api.ts';

/** The page composes the two features: the recipes are loaded when the picker opens. */
export function RecipePicker({
  onSelect,
  onClose,
}: {
  onSelect: (recipe: PickableRecipe) => void;
  onClose: () => void;
}) {
  const recipes = useRecipeSummaries();
  // docs/product/spec.md section 8: a failed recipe list in the picker is only logged.
  useEffect(() => {
    if (recipes.error) console.error('Recipe picker: the recipes could not be loaded', recipes.error);
  }, [recipes.error]);
  return (
    <RecipePickerDialog
      recipes={recipes.data}
      loading={recipes.isPending && !recipes.isError}
      onSelect={onSelect}
      onClose={onClose}
    />
  );
}
