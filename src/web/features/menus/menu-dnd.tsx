import { createContext, useContext, useState, type ReactNode } from 'react';
import {
  closestCorners,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { MenuSection } from '../../../shared/api/menus.ts';
import type { MoveTarget } from './move-target.ts';
import { dragAnnouncements, dragInstructions, type DragData } from './drag-announcements.ts';
import { dragId, dropTarget } from './drop-target.ts';

type DragKind = DragData['kind'] | null;
const DraggingKind = createContext<DragKind>(null);

/** What is being dragged: a section's rows then stop being drop targets for a section, and the reverse. */
export const useDraggingKind = () => useContext(DraggingKind);

const kindOf = (data: unknown): DragKind => (data && typeof data === 'object' && 'kind' in data ? (data.kind as DragKind) : null);

/**
 * Only rows of the dragged kind are targets (an item goes among items, or into an empty
 * section); the pointer picks what it is over, the keyboard the nearest corners.
 */
const collision: CollisionDetection = (args) => {
  const dragged = kindOf(args.active.data.current);
  const droppableContainers = args.droppableContainers.filter((c) => {
    const kind = kindOf(c.data.current);
    return dragged === 'section' ? kind === 'section' : kind === 'item' || kind === 'empty';
  });
  const within = args.pointerCoordinates ? pointerWithin({ ...args, droppableContainers }) : [];
  return within.length > 0 ? within : closestCorners({ ...args, droppableContainers });
};

/**
 * Drag and drop of the menu editor (docs/decisions/0025-menu-editor-and-recipe-form.md):
 * sections among sections, items within and across sections, by pointer (mouse, finger on the
 * handle) or keyboard, announced in French. A drop asks for one move; the page saves it.
 */
export function MenuDnd({ sections, onMove, children }: { sections: readonly MenuSection[]; onMove: (target: MoveTarget) => void; children: ReactNode }) {
  const [dragging, setDragging] = useState<DragKind>(null);
  const sensors = useSensors(
    // A few pixels before a drag starts: a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragStart = (event: DragStartEvent) => setDragging(kindOf(event.active.data.current));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    const target = dropTarget(sections, active.id, over?.id);
    if (target) onMove(target);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      accessibility={{ announcements: dragAnnouncements, screenReaderInstructions: dragInstructions }}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragging(null)}
    >
      <DraggingKind.Provider value={dragging}>
        <SortableContext items={sections.map((s) => dragId.section(s.id))} strategy={verticalListSortingStrategy}>
          {children}
        </SortableContext>
      </DraggingKind.Provider>
    </DndContext>
  );
}
