import { Suspense, useId, useState } from 'react';
import { toast } from '../../lib/toast.ts';
import type { MenuSection } from '../../../shared/api/menus.ts';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/card.tsx';
import { useDeleteSection, type MoveTarget } from './api.ts';
import { MenuItemRow, usePreloadItemRow } from './menu-item-row.tsx';
import { MoveButtons } from './move-buttons.tsx';
import { EditDeleteButtons } from '../../components/ui/edit-delete-buttons.tsx';
import { lazyComponent } from '../../lib/lazy-component.ts';
import { useCan } from '../../lib/use-can.ts';
import { cn } from '../../lib/cn.ts';
import { DragHandle } from './drag-handle.tsx';
import { dragId } from './drag-rows.ts';
import { useEmptySectionDrop, useSortableRow } from './sortable-row.tsx';

// The forms (react-hook-form, zod) open on demand: their code loads once the page has painted.
const { Component: SectionEditForm, usePreload: usePreloadEditForm } = lazyComponent(
  () => import('./section-edit-form.tsx'),
  (m) => m.SectionEditForm,
);
const { Component: OwnItemForm, usePreload: usePreloadOwnItemForm } = lazyComponent(
  () => import('./own-item-form.tsx'),
  (m) => m.OwnItemForm,
);

/** Fetches the code of a section's forms and of its items' (the page calls it while its data loads). */
export function usePreloadSectionCard() {
  usePreloadEditForm();
  usePreloadOwnItemForm();
  usePreloadItemRow();
}

/** A section of the editor: inline edit, delete, « Ajouter recette », reordering (for the roles that may write), and its items. */
export function SectionCard({
  menuId,
  section,
  index,
  count,
  onMove,
  onAddRecipe,
}: {
  menuId: string;
  section: MenuSection;
  index: number;
  count: number;
  onMove: (target: MoveTarget) => void;
  onAddRecipe: () => void;
}) {
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  const [addingOwn, setAddingOwn] = useState(false);
  const canWrite = useCan('content:write');
  usePreloadSectionCard();
  const remove = useDeleteSection(menuId, {
    onSuccess: () => toast.success('Section supprimée'),
    onError: () => toast.error('Erreur lors de la suppression'),
  });
  const items = [...section.items].sort((a, b) => a.displayOrder - b.displayOrder);
  const { setNodeRef, setHandleRef, style, isDragging, handleProps } = useSortableRow(dragId.section(section.id));

  const onDelete = () => remove.mutate(section.id);

  return (
    // Not <Card>: a phone needs the narrower padding to keep an item's actions on one line.
    <section
      ref={setNodeRef}
      style={style}
      className={cn(
        'space-y-4 rounded-xl border border-stone-200 bg-white p-3 shadow-sm sm:p-5',
        isDragging && 'opacity-80 shadow-lg ring-2 ring-brand-600',
      )}
      data-testid="menu-section"
      // Not a named region: two sections may bear one name (« Nouvelle section »), and two
      // landmarks of one name cannot be told apart (RGAA 12.6). Its h2 names it in the outline.
    >
      {editing ? (
        <Suspense fallback={<Spinner label="Chargement du formulaire..." />}>
          <SectionEditForm menuId={menuId} section={section} headingId={headingId} onDone={() => setEditing(false)} />
        </Suspense>
      ) : (
        <div className="flex flex-col gap-3">
          {/* Title, then actions: beside the « Aperçu » pane the column is too narrow for both on one row. */}
          <div className="flex min-w-0 items-start gap-2">
            {canWrite && (
              <DragHandle
                ref={setHandleRef}
                {...handleProps}
                label={`Déplacer la section ${section.name}`}
                className="mt-0.5"
              />
            )}
            <div className="min-w-0">
              <h2 id={headingId} className="break-words text-xl font-semibold">
                {section.name}
              </h2>
              {section.description && <p className="mt-1 break-words text-sm text-stone-600">{section.description}</p>}
            </div>
          </div>
          {/* Three groups that wrap as wholes on a phone. */}
          {canWrite && (
            <div className="flex shrink-0 flex-wrap items-center gap-2">
              <MoveButtons
                subject={`la section ${section.name}`}
                index={index}
                count={count}
                onMove={(position) => onMove({ kind: 'section', id: section.id, position })}
              />
              <Button size="sm" onClick={onAddRecipe}>
                Ajouter recette
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setAddingOwn(true)}>
                Ajouter sans recette
              </Button>
              <EditDeleteButtons
                subject={`la section ${section.name}`}
                confirmTitle="Êtes-vous sûr de vouloir supprimer cette section et tous ses éléments ?"
                onEdit={() => setEditing(true)}
                onDelete={onDelete}
              />
            </div>
          )}
        </div>
      )}

      {addingOwn && (
        <Suspense fallback={<Spinner label="Chargement du formulaire..." />}>
          <OwnItemForm menuId={menuId} sectionId={section.id} onDone={() => setAddingOwn(false)} />
        </Suspense>
      )}
      {items.length === 0 ? (
        <EmptySection sectionId={section.id} canWrite={canWrite} />
      ) : (
        <ul className="space-y-2" aria-label={`Éléments de la section ${section.name}`}>
          {items.map((item, itemIndex) => (
            <MenuItemRow
              key={item.id}
              menuId={menuId}
              item={item}
              index={itemIndex}
              count={items.length}
              onMove={(position) => onMove({ kind: 'item', id: item.id, sectionId: section.id, position })}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

/** An empty section still takes a dragged item: its message is the drop zone. */
function EmptySection({ sectionId, canWrite }: { sectionId: string; canWrite: boolean }) {
  const { setNodeRef, isOver } = useEmptySectionDrop(dragId.emptySection(sectionId));
  return (
    <p
      ref={setNodeRef}
      className={cn(
        'rounded-lg border border-dashed border-stone-300 p-4 text-center text-sm text-stone-500',
        isOver && 'border-brand-600 bg-brand-50 text-brand-800',
      )}
    >
      {canWrite
        ? 'Aucun élément dans cette section. Utilisez « Ajouter recette » pour y placer une de vos recettes, ou glissez-y un élément.'
        : 'Aucun élément dans cette section.'}
    </p>
  );
}
