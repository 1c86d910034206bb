import { useState } from 'react';
import { toast } from '../../lib/toast.ts';
import type { MenuItem } from '../../../shared/api/menus.ts';
import { PhotoField } from '../../components/photo-field.tsx';
import { useItemPhoto } from './api.ts';

/**
 * An item's own « Photo », sent or removed at once (docs/product/api.md « Photos »). Without
 * one, diners see its recipe's: the hint says so. A drink (no recipe) only has its own.
 */
export function ItemPhotoField({
  menuId,
  item,
  version,
  onSaved,
}: {
  menuId: string;
  item: MenuItem;
  /** The item's version the form holds, sent with the photo (a stale one answers 409). */
  version?: number | undefined;
  /** The item's version after the photo: the form saves on it next. */
  onSaved?: (version: number) => void;
}) {
  const photo = useItemPhoto(menuId);
  const [stored, setStored] = useState<string | null>(item.photo?.variants[0]?.url ?? null);
  const [error, setError] = useState<string | null>(null);
  const send = (file: File | null) => {
    setError(null);
    photo.mutate(
      { itemId: item.id, file, version },
      {
        onSuccess: (result) => {
          // A removal answers 204: the claim took exactly the next version.
          const saved = result?.version ?? (version === undefined ? undefined : version + 1);
          if (saved !== undefined) onSaved?.(saved);
          setStored(result?.photo.variants[0]?.url ?? null);
          toast.success(file ? 'Photo enregistrée' : 'Photo retirée');
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };
  const hint =
    !stored && item.recipe?.photoUrl
      ? 'Sans photo ici, la carte montre celle de la recette. JPEG, PNG ou WebP, 5 Mo au plus.'
      : undefined;
  return (
    <PhotoField
      label={`Photo de l’élément ${item.name}`}
      src={stored}
      onChoose={send}
      onRemove={() => send(null)}
      busy={photo.isPending}
      error={error}
      hint={hint}
    />
  );
}
