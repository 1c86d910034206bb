import { useCallback, useSyncExternalStore, type CSSProperties } from 'react';
import { IDLE_ROW, useDragRows } from './drag-rows.ts';

const noop = () => {};

/** A row's drag state and the refs that register its element and its handle (./drag-rows.ts). */
function useRowDrag(id: string) {
  const rows = useDragRows();
  const subscribe = useCallback((listener: () => void) => rows?.subscribe(id, listener) ?? noop, [rows, id]);
  const state = useSyncExternalStore(subscribe, () => rows?.get(id) ?? IDLE_ROW);
  const setNodeRef = useCallback((element: HTMLElement | null) => rows?.setNode(id, element), [rows, id]);
  const setHandleRef = useCallback((element: HTMLElement | null) => rows?.setHandle(id, element), [rows, id]);
  return { state, setNodeRef, setHandleRef };
}

/**
 * A section or an item that can be dragged by its handle (src/web/features/menus/drag-handle.tsx).
 * Until dnd-kit has loaded (./menu-dnd.tsx), the handle is disabled and the row stays put.
 */
export function useSortableRow(id: string) {
  const { state, setNodeRef, setHandleRef } = useRowDrag(id);
  const style: CSSProperties = {
    transform: state.transform,
    transition: state.transition,
    position: 'relative',
    zIndex: state.isDragging ? 20 : undefined,
  };
  return {
    setNodeRef,
    setHandleRef,
    style,
    isDragging: state.isDragging,
    handleProps: state.handleProps ?? { disabled: true },
  };
}

/** An empty section's « drop here » zone, a target for items only. */
export function useEmptySectionDrop(id: string) {
  const { state, setNodeRef } = useRowDrag(id);
  return { setNodeRef, isOver: state.isOver };
}
