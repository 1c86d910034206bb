import type { CSSProperties } from 'react';
import { useDroppable } from '@dnd-kit/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { DragData } from './drag-announcements.ts';
import { useDraggingKind } from './menu-dnd.tsx';

/**
 * A section or an item that can be dragged by its handle (src/web/features/menus/drag-handle.tsx).
 * While the other kind is dragged, it is no drop target: the keyboard then skips it.
 */
export function useSortableRow(id: string, data: DragData, enabled: boolean) {
  const dragging = useDraggingKind();
  const otherKindDragged = dragging !== null && (dragging === 'section') !== (data.kind === 'section');
  const sortable = useSortable({ id, data, disabled: { draggable: !enabled, droppable: otherKindDragged }, attributes: { roleDescription: 'déplaçable' } });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(sortable.transform),
    transition: sortable.transition,
    position: 'relative',
    zIndex: sortable.isDragging ? 20 : undefined,
  };
  return { setNodeRef: sortable.setNodeRef, setHandleRef: sortable.setActivatorNodeRef, style, isDragging: sortable.isDragging, handleProps: { ...sortable.attributes, ...sortable.listeners } };
}

/** An empty section's « drop here » zone, a target for items only. */
export function useEmptySectionDrop(id: string, label: string) {
  const dragging = useDraggingKind();
  return useDroppable({ id, data: { kind: 'empty', label } satisfies DragData, disabled: dragging === 'section' });
}
