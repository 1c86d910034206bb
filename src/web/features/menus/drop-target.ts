import type { MenuSection } from '../../../shared/api/menus.ts';
import type { MoveTarget } from './move-target.ts';

/** An id of ./drag-rows.ts's `dragId`, read back. */
type Parsed = { kind: 'section' | 'item' | 'empty'; id: string };

function parse(value: string | number): Parsed | null {
  const [kind, id] = String(value).split(':') as [string, string | undefined];
  if (!id || (kind !== 'section' && kind !== 'item' && kind !== 'empty')) return null;
  return { kind, id };
}

const sorted = <T extends { displayOrder: number }>(rows: readonly T[]) =>
  [...rows].sort((a, b) => a.displayOrder - b.displayOrder);

/**
 * The move a drop asks for, in the API's terms (POST /api/sections/:id/move, POST
 * /api/items/:id/move with `sectionId`), or null when nothing moves. Dropped on a row of
 * another section, an item takes that row's place (pointer and keyboard alike); the ↑/↓
 * buttons then fine-tune, e.g. to reach the section's end.
 */
export function dropTarget(
  sections: readonly MenuSection[],
  activeId: string | number,
  overId: string | number | undefined,
): MoveTarget | null {
  const active = parse(activeId);
  const over = overId === undefined ? null : parse(overId);
  if (!active || !over) return null;
  const ordered = sorted(sections);
  if (active.kind === 'section') {
    if (over.kind !== 'section' || over.id === active.id) return null;
    const position = ordered.findIndex((s) => s.id === over.id);
    return position === -1 ? null : { kind: 'section', id: active.id, position };
  }
  if (active.kind !== 'item') return null;
  const from = ordered.find((s) => s.items.some((i) => i.id === active.id));
  if (!from) return null;
  if (over.kind === 'empty') {
    const into = ordered.find((s) => s.id === over.id);
    return into && into.id !== from.id
      ? { kind: 'item', id: active.id, sectionId: from.id, toSectionId: into.id, position: 0 }
      : null;
  }
  if (over.kind !== 'item' || over.id === active.id) return null;
  const into = ordered.find((s) => s.items.some((i) => i.id === over.id));
  if (!into) return null;
  const index = sorted(into.items).findIndex((i) => i.id === over.id);
  return into.id === from.id
    ? { kind: 'item', id: active.id, sectionId: from.id, position: index }
    : { kind: 'item', id: active.id, sectionId: from.id, toSectionId: into.id, position: index };
}
