import { foldText } from '../../../shared/allergens.ts';

/** Case- and accent-insensitive match of `query` over name and description; a blank query keeps all. */
function matchesText(row: { name: string; description: string }, query: string): boolean {
  const q = foldText(query);
  return q === '' || foldText(row.name).includes(q) || foldText(row.description).includes(q);
}

export function filterByText<T extends { name: string; description: string }>(rows: readonly T[], query: string): T[] {
  return rows.filter((row) => matchesText(row, query));
}
