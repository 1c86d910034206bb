import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../lib/toast.ts';
import type { z } from '../../../shared/zod-fr.ts';
import { itemUpdateSchema, type MenuItem } from '../../../shared/api/menus.ts';
import { Badge } from '../../components/ui/card.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, TextAreaField } from '../../components/ui/field.tsx';
import { formatEuros, formatNumber } from '../../lib/format.ts';
import { ItemPriceForm } from './item-price-form.tsx';
import { useDeleteItem, useUpdateItem } from './api.ts';
import { MoveButtons } from './move-buttons.tsx';
import { SoldOutToggle } from './sold-out-toggle.tsx';
import type { DishTranslations } from '../../../shared/diner/translations.ts';
import { TranslationFields } from '../../components/translation-fields.tsx';
import { ItemPhotoField } from './item-photo-field.tsx';
import { showSaveError } from './show-save-error.ts';
import { useFormErrorToastFollows } from '../../lib/form-error-toast.ts';
import { EditDeleteButtons } from '../../components/ui/edit-delete-buttons.tsx';
import { useCan } from '../../lib/use-can.ts';
import { cn } from '../../lib/cn.ts';
import { DragHandle } from './drag-handle.tsx';
import { dragId } from './drag-rows.ts';
import { useSortableRow } from './sortable-row.tsx';

type ItemValues = z.input<typeof itemUpdateSchema>;

/** One item of a section: read view, or the inline edit form (name, description, Disponible). */
export function MenuItemRow({ menuId, item, index, count, onMove }: { menuId: string; item: MenuItem; index: number; count: number; onMove: (position: number) => void }) {
  const [editing, setEditing] = useState(false);
  const canWrite = useCan('content:write');
  const remove = useDeleteItem(menuId, {
    onSuccess: () => toast.success('Élément supprimé'),
    onError: () => toast.error('Erreur lors de la suppression'),
  });

  const onDelete = () => remove.mutate(item.id);
  const { setNodeRef, setHandleRef, style, isDragging, handleProps } = useSortableRow(dragId.item(item.id));

  if (editing) return <ItemEditForm menuId={menuId} item={item} onDone={() => setEditing(false)} />;
  // The item's own photo, else its recipe's: what diners see.
  const thumbnail = (item.photo ?? item.recipe?.photo)?.variants[0]?.url ?? null;

  return (
    <li
      ref={setNodeRef}
      style={style}
      className={cn(
        'flex flex-col gap-3 rounded-lg border border-stone-200 bg-stone-50 p-3 sm:flex-row sm:items-start sm:justify-between',
        isDragging && 'bg-white shadow-lg ring-2 ring-brand-600',
      )}
      data-testid="menu-item"
    >
      <div className="flex min-w-0 items-start gap-3">
        {canWrite && <DragHandle ref={setHandleRef} {...handleProps} label={`Déplacer l’élément ${item.name}`} />}
        {thumbnail && <img src={thumbnail} alt={item.name} loading="lazy" decoding="async" className="h-12 w-12 shrink-0 rounded-md object-cover" data-testid="item-photo" />}
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="break-words font-medium">{item.name}</h3>
          <Badge tone={item.isAvailable ? 'green' : 'orange'}>{item.isAvailable ? 'Disponible' : 'Indisponible'}</Badge>
          {item.soldOut && <Badge tone="red">Épuisé</Badge>}
          {item.price === null ? <Badge tone="orange">Prix à renseigner</Badge> : !canWrite && <span className="text-sm font-semibold">{formatEuros(item.price)}</span>}
          {!item.recipe && <Badge tone="neutral">Sans recette</Badge>}
        </div>
        {item.description && <p className="break-words text-sm text-stone-600">{item.description}</p>}
        {item.recipe && (
          <p className="break-words text-xs text-stone-500" data-testid="item-recipe">
            Recette : {item.recipe.name}
            {item.recipe.caloriesPerServing !== null && <> · {formatNumber(item.recipe.caloriesPerServing)} kcal</>}
          </p>
        )}
        {canWrite && <ItemPriceForm menuId={menuId} item={item} />}
      </div>
      </div>
      {canWrite && (
        <div className="flex shrink-0 flex-wrap items-center gap-2">
          <SoldOutToggle menuId={menuId} item={item} />
          <MoveButtons subject={`l’élément ${item.name}`} index={index} count={count} onMove={onMove} />
          <EditDeleteButtons confirmTitle="Êtes-vous sûr de vouloir supprimer cet élément ?" onEdit={() => setEditing(true)} onDelete={onDelete} />
        </div>
      )}
    </li>
  );
}

function ItemEditForm({ menuId, item, onDone }: { menuId: string; item: MenuItem; onDone: () => void }) {
  const update = useUpdateItem(menuId);
  const [translations, setTranslations] = useState<DishTranslations>(item.translations);
  const form = useForm<ItemValues>({
    resolver: zodResolver(itemUpdateSchema),
    defaultValues: { name: item.name, description: item.description, isAvailable: item.isAvailable },
  });
  const submit = form.handleSubmit((input) =>
    update.mutate(
      { id: item.id, input: { ...input, translations } },
      {
        onSuccess: () => {
          toast.success('Élément mis à jour');
          onDone();
        },
        onError: (error) => showSaveError(error, form, ['name', 'description'], 'Erreur lors de la mise à jour', `item:${item.id}`),
      },
    ),
  );
  const { errors } = form.formState;
  useFormErrorToastFollows(`item:${item.id}`, Object.keys(errors).length > 0);
  return (
    <li className="rounded-lg border border-brand-600 bg-white p-3" data-testid="menu-item">
      <form noValidate onSubmit={submit} className="space-y-3" aria-label={`Modifier l’élément ${item.name}`}>
        <Field label="Nom de l’élément" error={errors.name?.message} {...form.register('name')} />
        <TextAreaField label="Description" id={`item-description-${item.id}`} error={errors.description?.message} {...form.register('description')} />
        <ItemPhotoField menuId={menuId} item={item} />
        <label className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium text-stone-800">
          <input type="checkbox" className="h-4 w-4 accent-brand-700" {...form.register('isAvailable')} />
          Disponible
        </label>
        <TranslationFields idPrefix={`item-translation-${item.id}`} value={translations} onChange={setTranslations} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" disabled={update.isPending}>
            Sauvegarder
          </Button>
          <Button size="sm" variant="secondary" onClick={onDone}>
            Annuler
          </Button>
        </div>
      </form>
    </li>
  );
}
