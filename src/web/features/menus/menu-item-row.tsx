import { Suspense, useState } from 'react';
import { toast } from '../../lib/toast.ts';
import type { MenuItem } from '../../../shared/api/menus.ts';
import { Badge, Spinner } from '../../components/ui/card.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Button } from '../../components/ui/button.tsx';
import { formatEuros, formatNumber } from '../../lib/format.ts';
import { useDeleteItem } from './api.ts';
import { MoveButtons } from './move-buttons.tsx';
import { SoldOutToggle } from './sold-out-toggle.tsx';
import { EditDeleteButtons } from '../../components/ui/edit-delete-buttons.tsx';
import { lazyComponent } from '../../lib/lazy-component.ts';
import { useCan } from '../../lib/use-can.ts';
import { cn } from '../../lib/cn.ts';
import { DragHandle } from './drag-handle.tsx';
import { dragId } from './drag-rows.ts';
import { useSortableRow } from './sortable-row.tsx';

// The price form (react-hook-form, zod) shows on every row: a disabled copy stands in until its
// code has loaded, after the page has painted; the edit form opens on demand.
const { Component: ItemPriceForm, usePreload: usePreloadPriceForm } = lazyComponent(
  () => import('./item-price-form.tsx'),
  (m) => m.ItemPriceForm,
);
const { Component: ItemEditForm, usePreload: usePreloadEditForm } = lazyComponent(
  () => import('./item-edit-form.tsx'),
  (m) => m.ItemEditForm,
);

/** Fetches the code of an item's forms (src/web/features/menus/section-card.tsx calls it). */
export function usePreloadItemRow() {
  usePreloadPriceForm();
  usePreloadEditForm();
}

/** One item of a section: read view, or the inline edit form (name, description, Disponible). */
export function MenuItemRow({
  menuId,
  item,
  index,
  count,
  onMove,
}: {
  menuId: string;
  item: MenuItem;
  index: number;
  count: number;
  onMove: (position: number) => void;
}) {
  const [editing, setEditing] = useState(false);
  const canWrite = useCan('content:write');
  // The floor staff (« Service ») marks dishes sold out and nothing else (src/shared/permissions.ts).
  const canMarkSoldOut = useCan('items:sold-out');
  // The price diners see: the item's own, else its recipe's (docs/product/api.md « Kitchen »).
  const price = item.price ?? item.recipe?.price ?? null;
  const remove = useDeleteItem(menuId, {
    onSuccess: () => toast.success('Élément supprimé'),
    onError: () => toast.error('Erreur lors de la suppression'),
  });

  const onDelete = () => remove.mutate(item.id);
  const { setNodeRef, setHandleRef, style, isDragging, handleProps } = useSortableRow(dragId.item(item.id));

  if (editing) {
    return (
      <Suspense
        fallback={
          <li className="rounded-lg border border-brand-600 bg-white p-3" data-testid="menu-item">
            <Spinner label="Chargement du formulaire..." />
          </li>
        }
      >
        <ItemEditForm menuId={menuId} item={item} onDone={() => setEditing(false)} />
      </Suspense>
    );
  }
  // The item's own photo, else its recipe's: what diners see.
  const thumbnail = (item.photo ?? item.recipe?.photo)?.variants[0]?.url ?? null;

  return (
    <li
      ref={setNodeRef}
      style={style}
      className={cn(
        'flex flex-col gap-3 rounded-lg border border-stone-200 bg-stone-50 p-3 sm:flex-row sm:flex-wrap sm:items-start sm:justify-between',
        isDragging && 'bg-white shadow-lg ring-2 ring-brand-600',
      )}
      data-testid="menu-item"
    >
      <div className="flex min-w-0 items-start gap-3">
        {canWrite && <DragHandle ref={setHandleRef} {...handleProps} label={`Déplacer l’élément ${item.name}`} />}
        {thumbnail && (
          <img
            src={thumbnail}
            alt={item.name}
            loading="lazy"
            decoding="async"
            className="h-12 w-12 shrink-0 rounded-md object-cover"
            data-testid="item-photo"
          />
        )}
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="break-words font-medium">{item.name}</h3>
            <Badge tone={item.isAvailable ? 'green' : 'orange'}>
              {item.isAvailable ? 'Disponible' : 'Indisponible'}
            </Badge>
            {item.soldOut && <Badge tone="red">Épuisé</Badge>}
            {price === null ? (
              <Badge tone="orange">Prix à renseigner</Badge>
            ) : (
              !canWrite && <span className="text-sm font-semibold">{formatEuros(price)}</span>
            )}
            {item.recipe && item.priceSource === 'item' && <Badge tone="neutral">Prix propre au menu</Badge>}
            {!item.recipe && <Badge tone="neutral">Sans recette</Badge>}
          </div>
          {item.description && <p className="break-words text-sm text-stone-600">{item.description}</p>}
          {item.recipe && (
            <p className="break-words text-xs text-stone-500" data-testid="item-recipe">
              Recette : {item.recipe.name}
              {item.recipe.caloriesPerServing !== null && <> · {formatNumber(item.recipe.caloriesPerServing)} kcal</>}
            </p>
          )}
          {canWrite && (
            <Suspense fallback={<PriceStandIn item={item} />}>
              <ItemPriceForm menuId={menuId} item={item} />
            </Suspense>
          )}
        </div>
      </div>
      {!canWrite && canMarkSoldOut && (
        <div className="flex shrink-0 items-center">
          <SoldOutToggle menuId={menuId} item={item} />
        </div>
      )}
      {canWrite && (
        <div className="flex shrink-0 flex-wrap items-center gap-2">
          <SoldOutToggle menuId={menuId} item={item} />
          <MoveButtons subject={`l’élément ${item.name}`} index={index} count={count} onMove={onMove} />
          <EditDeleteButtons
            subject={`l’élément ${item.name}`}
            confirmTitle="Êtes-vous sûr de vouloir supprimer cet élément ?"
            onEdit={() => setEditing(true)}
            onDelete={onDelete}
          />
        </div>
      )}
    </li>
  );
}

/**
 * The price form's look (./item-price-form.tsx, ../../components/ui/field.tsx), disabled, while
 * its code loads: no layout shift when it comes.
 */
function PriceStandIn({ item }: { item: MenuItem }) {
  return (
    <div className="flex items-start gap-2">
      <Field
        label="Prix (€)"
        className="w-28"
        disabled
        placeholder="Ex. : 12,50"
        value={item.price === null ? '' : formatNumber(item.price, 2)}
      />
      <Button size="sm" variant="secondary" className="mt-6" disabled aria-label={`OK, prix de ${item.name}`}>
        OK
      </Button>
    </div>
  );
}
