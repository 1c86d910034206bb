import { useEffect, useRef, useState } from 'react';
import { toast } from '../../lib/toast.ts';
import type { Photo } from '../../../shared/api/photos.ts';
import type { Recipe } from '../../../shared/api/recipes.ts';
import { PhotoField } from '../../components/photo-field.tsx';
import { useRecipePhoto } from './api.ts';

/** The narrowest copy: enough for a 6rem preview. */
const previewOf = (photo: Photo | null | undefined) => photo?.variants[0]?.url ?? null;

/**
 * The recipe form's « Photo ». A saved recipe's photo is sent (or removed) at once, with the
 * server's French message under the field if refused. A new recipe has no id yet: the chosen
 * file waits (`pending`) and RecipeForm sends it right after the recipe is created.
 */
export function RecipePhotoField({
  recipe,
  version,
  onSaved,
  onPendingChange,
}: {
  recipe: Recipe | null;
  /** The recipe's version the form holds, sent with the photo (a stale one answers 409). */
  version?: number | undefined;
  /** The recipe's version after the photo: the form saves on it next (not a conflict with itself). */
  onSaved?: (version: number) => void;
  onPendingChange: (file: File | null) => void;
}) {
  const photo = useRecipePhoto();
  const [stored, setStored] = useState<string | null>(previewOf(recipe?.photo));
  const [error, setError] = useState<string | null>(null);
  // The waiting file's preview (a blob: URL), released when replaced or when the form closes.
  const [local, setLocal] = useState<string | null>(null);
  const localRef = useRef<string | null>(null);
  useEffect(() => () => void (localRef.current && URL.revokeObjectURL(localRef.current)), []);

  const send = (file: File | null) => {
    if (!recipe) {
      if (localRef.current) URL.revokeObjectURL(localRef.current);
      localRef.current = file ? URL.createObjectURL(file) : null;
      setLocal(localRef.current);
      onPendingChange(file);
      return;
    }
    setError(null);
    photo.mutate(
      { recipeId: recipe.id, file, version },
      {
        onSuccess: (result) => {
          // A removal answers 204: the claim took exactly the next version.
          const saved = result?.version ?? (version === undefined ? undefined : version + 1);
          if (saved !== undefined) onSaved?.(saved);
          setStored(previewOf(result?.photo));
          toast.success(file ? 'Photo enregistrée' : 'Photo retirée');
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };
  return (
    <PhotoField
      label="Photo de la recette"
      src={local ?? stored}
      onChoose={send}
      onRemove={() => send(null)}
      busy={photo.isPending}
      error={error}
    />
  );
}
