import type { MenuSection } from '../../../shared/api/menus.ts';
import type { MoveTarget } from './move-target.ts';
import { moveInList } from './ordering.ts';

const renumber = <T extends { displayOrder: number }>(rows: readonly T[]) =>
  rows.map((row, index) => (row.displayOrder === index ? row : { ...row, displayOrder: index }));
const sorted = <T extends { displayOrder: number }>(rows: readonly T[]) =>
  [...rows].sort((a, b) => a.displayOrder - b.displayOrder);

/** The menu after `target`, computed the server's way (src/server/features/menus/content.ts), shown until its answer comes. */
export function applyMove(sections: readonly MenuSection[], target: MoveTarget): MenuSection[] {
  if (target.kind === 'section') return moveInList(sorted(sections), target.id, target.position);
  const into = target.toSectionId ?? target.sectionId;
  if (into === target.sectionId) {
    return sections.map((s) =>
      s.id === target.sectionId ? { ...s, items: moveInList(sorted(s.items), target.id, target.position) } : s,
    );
  }
  const moved = sections.find((s) => s.id === target.sectionId)?.items.find((i) => i.id === target.id);
  if (!moved) return [...sections];
  return sections.map((s) => {
    if (s.id === target.sectionId) return { ...s, items: renumber(sorted(s.items).filter((i) => i.id !== target.id)) };
    if (s.id === into) return { ...s, items: moveInList([...sorted(s.items), moved], moved.id, target.position) };
    return s;
  });
}
