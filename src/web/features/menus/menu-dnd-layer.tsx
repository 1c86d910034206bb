import { createContext, Fragment, useContext, useLayoutEffect, useMemo, useState } from 'react';
import {
  closestCorners,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useDroppable,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { MenuSection } from '../../../shared/api/menus.ts';
import { useCan } from '../../lib/use-can.ts';
import type { MoveTarget } from './move-target.ts';
import { dragAnnouncements, dragInstructions, type DragData } from './drag-announcements.ts';
import { dragId, useDragRows } from './drag-rows.ts';
import { dropTarget } from './drop-target.ts';

type DragKind = DragData['kind'] | null;
/** What is being dragged: a section's rows then stop being drop targets for a section, and the reverse. */
const DraggingKind = createContext<DragKind>(null);

const kindOf = (data: unknown): DragKind =>
  data && typeof data === 'object' && 'kind' in data ? (data.kind as DragKind) : null;

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

const byOrder = <T extends { displayOrder: number }>(rows: readonly T[]) =>
  [...rows].sort((a, b) => a.displayOrder - b.displayOrder);

/**
 * dnd-kit for the menu editor (./menu-dnd.tsx): one `DndContext`, the sections' sortable list
 * and each section's items (or its empty drop zone), mirrored from the page's data. It renders
 * no element of the list: each sortable binds to its row's element through ./drag-rows.ts.
 */
export function MenuDndLayer({
  sections,
  onMove,
}: {
  sections: readonly MenuSection[];
  onMove: (target: MoveTarget) => void;
}) {
  const [dragging, setDragging] = useState<DragKind>(null);
  const canWrite = useCan('content:write');
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
          {sections.map((section) => {
            const items = byOrder(section.items);
            return (
              <Fragment key={section.id}>
                <SortableRow
                  id={dragId.section(section.id)}
                  kind="section"
                  label={`la section ${section.name}`}
                  enabled={canWrite}
                />
                {items.length === 0 ? (
                  <EmptySectionDrop id={dragId.emptySection(section.id)} label={`la section vide ${section.name}`} />
                ) : (
                  <SortableContext
                    items={items.map((item) => dragId.item(item.id))}
                    strategy={verticalListSortingStrategy}
                  >
                    {items.map((item) => (
                      <SortableRow
                        key={item.id}
                        id={dragId.item(item.id)}
                        kind="item"
                        label={`l’élément ${item.name}`}
                        enabled={canWrite}
                      />
                    ))}
                  </SortableContext>
                )}
              </Fragment>
            );
          })}
        </SortableContext>
      </DraggingKind.Provider>
    </DndContext>
  );
}

/**
 * A section or an item (./sortable-row.tsx draws it). While the other kind is dragged, it is
 * no drop target: the keyboard then skips it. A row in its edit form has no handle to drag by.
 */
function SortableRow({
  id,
  kind,
  label,
  enabled,
}: {
  id: string;
  kind: 'section' | 'item';
  label: string;
  enabled: boolean;
}) {
  const rows = useDragRows();
  const dragging = useContext(DraggingKind);
  const otherKindDragged = dragging !== null && (dragging === 'section') !== (kind === 'section');
  const sortable = useSortable({
    id,
    data: { kind, label } satisfies DragData,
    disabled: { draggable: !enabled, droppable: otherKindDragged },
    attributes: { roleDescription: 'déplaçable' },
  });
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, transition, isDragging } = sortable;
  const transform = CSS.Translate.toString(sortable.transform);
  const handleProps = useMemo(() => ({ ...attributes, ...listeners }), [attributes, listeners]);
  useLayoutEffect(
    () => rows?.bind(id, { setNode: setNodeRef, setHandle: setActivatorNodeRef }),
    [rows, id, setNodeRef, setActivatorNodeRef],
  );
  useLayoutEffect(
    () => rows?.report(id, { transform, transition, isDragging, isOver: false, handleProps }),
    [rows, id, transform, transition, isDragging, handleProps],
  );
  return null;
}

/** An empty section's « drop here » zone, a target for items only. */
function EmptySectionDrop({ id, label }: { id: string; label: string }) {
  const rows = useDragRows();
  const dragging = useContext(DraggingKind);
  const { setNodeRef, isOver } = useDroppable({
    id,
    data: { kind: 'empty', label } satisfies DragData,
    disabled: dragging === 'section',
  });
  useLayoutEffect(() => rows?.bind(id, { setNode: setNodeRef, setHandle: () => {} }), [rows, id, setNodeRef]);
  useLayoutEffect(
    () =>
      rows?.report(id, { transform: undefined, transition: undefined, isDragging: false, isOver, handleProps: null }),
    [rows, id, isOver],
  );
  return null;
}
