import type { RecipeCostRow } from '../../../shared/api/recipes.ts';
import { lazy } from '../../../shared/lazy.ts';

/** A column of the « Coûts » table that sorts. */
export type CostColumn = 'name' | 'costPerServing' | 'price' | 'foodCostPercent' | 'coefficient' | 'complete';
export type SortDirection = 'asc' | 'desc';

/** A row of the table: what GET /api/recipes?view=costs gives of each recipe. */
export type CostRow = RecipeCostRow;

const collator = lazy(() => new Intl.Collator('fr', { sensitivity: 'base', numeric: true }));

function valueOf(row: CostRow, column: CostColumn): number | string | null {
  if (column === 'name') return row.name;
  if (column === 'complete') return row.costPerServing === null ? 0 : 1;
  return row[column];
}

/**
 * The rows sorted by a column. A figure that is unknown (no price, an incomplete cost) goes
 * last in both directions: it is not a small number and must not head a « cheapest » list.
 */
export function sortCostRows(rows: readonly CostRow[], column: CostColumn, direction: SortDirection): CostRow[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = valueOf(a, column);
    const y = valueOf(b, column);
    if (x === null || y === null) return x === y ? collator().compare(a.name, b.name) : x === null ? 1 : -1;
    const order = typeof x === 'string' || typeof y === 'string' ? collator().compare(String(x), String(y)) : x - y;
    return order === 0 ? collator().compare(a.name, b.name) : sign * order;
  });
}
