import { createContext, useContext, type ButtonHTMLAttributes } from 'react';

/**
 * Drag and drop ids (./menu-dnd.tsx): one id space for the whole editor,
 * so a section, an item and an empty section's drop zone never collide.
 */
export const dragId = {
  section: (id: string) => `section:${id}`,
  item: (id: string) => `item:${id}`,
  emptySection: (id: string) => `empty:${id}`,
};

/** What a row shows of a drag, as the drag and drop layer (./menu-dnd-layer.tsx) reports it. */
export interface RowDrag {
  /** CSS transform and transition while the rows make room. */
  transform: string | undefined;
  transition: string | undefined;
  isDragging: boolean;
  /** An empty section's drop zone, under a dragged item. */
  isOver: boolean;
  /** dnd-kit's attributes and listeners for the handle; null until the layer has loaded. */
  handleProps: ButtonHTMLAttributes<HTMLButtonElement> | null;
}

export const IDLE_ROW: RowDrag = {
  transform: undefined,
  transition: undefined,
  isDragging: false,
  isOver: false,
  handleProps: null,
};

/** dnd-kit's refs for a row (useSortable's or useDroppable's), held by the layer. */
export interface RowBinding {
  setNode: (element: HTMLElement | null) => void;
  setHandle: (element: HTMLElement | null) => void;
}

const sameDrag = (a: RowDrag, b: RowDrag) =>
  a.transform === b.transform &&
  a.transition === b.transition &&
  a.isDragging === b.isDragging &&
  a.isOver === b.isOver &&
  a.handleProps === b.handleProps;

/**
 * Where the rows and the drag and drop layer meet (./menu-dnd.tsx). The rows render first and
 * register their elements by drag id; the layer, loaded after the page has painted, binds them
 * to dnd-kit and reports each row's drag state back. The list is never wrapped in dnd-kit's
 * context, so its arrival mounts nothing again: an open form keeps its text and the focus.
 */
export function createDragRows() {
  const nodes = new Map<string, HTMLElement>();
  const handles = new Map<string, HTMLElement>();
  const bindings = new Map<string, RowBinding>();
  const states = new Map<string, RowDrag>();
  const listeners = new Map<string, Set<() => void>>();
  const notify = (id: string) => listeners.get(id)?.forEach((listener) => listener());
  const keep = (map: Map<string, HTMLElement>, id: string, element: HTMLElement | null) =>
    element ? map.set(id, element) : map.delete(id);
  return {
    // The rows' side (./sortable-row.tsx).
    setNode(id: string, element: HTMLElement | null) {
      keep(nodes, id, element);
      bindings.get(id)?.setNode(element);
    },
    setHandle(id: string, element: HTMLElement | null) {
      keep(handles, id, element);
      bindings.get(id)?.setHandle(element);
    },
    get: (id: string): RowDrag => states.get(id) ?? IDLE_ROW,
    subscribe(id: string, listener: () => void) {
      let set = listeners.get(id);
      if (!set) listeners.set(id, (set = new Set()));
      set.add(listener);
      return () => void set.delete(listener);
    },
    // The layer's side. A row moved to another section gets a new binding: the old one, undone
    // before or after it, only clears what is still its own.
    bind(id: string, binding: RowBinding) {
      bindings.set(id, binding);
      binding.setNode(nodes.get(id) ?? null);
      binding.setHandle(handles.get(id) ?? null);
      return () => {
        if (bindings.get(id) !== binding) return;
        bindings.delete(id);
        states.delete(id);
        notify(id);
      };
    },
    report(id: string, next: RowDrag) {
      const current = states.get(id);
      if (current && sameDrag(current, next)) return;
      states.set(id, next);
      notify(id);
    },
  };
}

export type DragRows = ReturnType<typeof createDragRows>;

const DragRowsContext = createContext<DragRows | null>(null);
export const DragRowsProvider = DragRowsContext.Provider;
export const useDragRows = () => useContext(DragRowsContext);
