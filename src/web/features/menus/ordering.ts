/** Moves the row `id` to `position` (clamped) and renumbers displayOrder 0..n-1, like the server. */
export function moveInList<T extends { id: string; displayOrder: number }>(
  rows: readonly T[],
  id: string,
  position: number,
): T[] {
  const from = rows.findIndex((row) => row.id === id);
  if (from === -1) return [...rows];
  const next = [...rows];
  const [moved] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(position, next.length)), 0, moved!);
  return next.map((row, index) => (row.displayOrder === index ? row : { ...row, displayOrder: index }));
}
