import { Suspense, useState, type ReactNode } from 'react';
import type { MenuSection } from '../../../shared/api/menus.ts';
import { lazyComponent } from '../../lib/lazy-component.ts';
import type { MoveTarget } from './move-target.ts';
import { createDragRows, DragRowsProvider } from './drag-rows.ts';

// dnd-kit (16 kB gzip) is not needed to read the menu: it loads once the page has painted.
const { Component: MenuDndLayer, usePreload } = lazyComponent(
  () => import('./menu-dnd-layer.tsx'),
  (m) => m.MenuDndLayer,
);

/** Fetches dnd-kit's code (the page calls it while the menu loads). */
export const usePreloadMenuDnd = usePreload;

/**
 * Drag and drop of the menu editor (docs/decisions/0025-menu-editor-and-recipe-form.md):
 * sections among sections, items within and across sections, by pointer (mouse, finger on the
 * handle) or keyboard, announced in French. A drop asks for one move; the page saves it.
 * dnd-kit's layer sits beside the list, not around it (./drag-rows.ts): the rows paint first.
 */
export function MenuDnd({
  sections,
  onMove,
  children,
}: {
  sections: readonly MenuSection[];
  onMove: (target: MoveTarget) => void;
  children: ReactNode;
}) {
  const [rows] = useState(createDragRows);
  return (
    <DragRowsProvider value={rows}>
      {children}
      <Suspense fallback={null}>
        <MenuDndLayer sections={sections} onMove={onMove} />
      </Suspense>
    </DragRowsProvider>
  );
}
