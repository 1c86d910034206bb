import { useState } from 'react';
import { Link } from 'react-router';
import { SALE_MODE_LABELS } from '../../../shared/costs.ts';
import { formatEuros } from '../../lib/format.ts';
import { coefficientText, percentText } from '../../lib/cost-text.ts';
import { sortCostRows, type CostColumn, type CostRow, type SortDirection } from './cost-rows.ts';

const COLUMNS: { id: CostColumn; label: string; numeric: boolean }[] = [
  { id: 'name', label: 'Recette', numeric: false },
  { id: 'costPerServing', label: 'Coût / portion', numeric: true },
  { id: 'price', label: 'Prix de vente TTC', numeric: true },
  { id: 'foodCostPercent', label: 'Coût matière', numeric: true },
  { id: 'coefficient', label: 'Coefficient', numeric: true },
  { id: 'complete', label: 'Complétude', numeric: false },
];

const euros = (value: number | null) => (value === null ? '–' : formatEuros(value));

/**
 * The lines of a recipe without a price, by name, and the way to price them: the recipe's form,
 * where each such line has « Donner un prix » (a Ciqual food) or « Le donner dans Mes produits »
 * (docs/product/costs.md). Under the recipe's name, so a phone that shows only the first column
 * of the table still says which ingredient lacks a price.
 */
function MissingPrices({ row }: { row: CostRow }) {
  return (
    <span className="mt-0.5 block text-xs text-orange-800" data-testid="missing-prices">
      {`Prix manquant : ${row.costMissing.join(', ')} `}
      <Link
        to={`/recipes?modifier=${encodeURIComponent(row.id)}`}
        className="font-medium text-brand-700 underline underline-offset-2"
        aria-label={`Donner les prix manquants de ${row.name}`}
      >
        Donner les prix
      </Link>
    </span>
  );
}

function Cell({ row, column }: { row: CostRow; column: CostColumn }) {
  switch (column) {
    case 'name':
      return (
        <>
          <span className="font-medium">{row.name}</span>
          {row.costPerServing === null && row.costMissing.length > 0 && <MissingPrices row={row} />}
        </>
      );
    case 'costPerServing':
      return <>{euros(row.costPerServing)}</>;
    case 'price':
      return (
        <>
          {euros(row.price)}
          {row.priceHt !== null && (
            <span className="block text-xs text-stone-500">{`${formatEuros(row.priceHt)} HT · ${SALE_MODE_LABELS[row.saleMode]}`}</span>
          )}
          {/* The prices diners see on a menu with a price of its own, and the food cost there. */}
          {row.menuPrices.map((own) => (
            <span
              key={`${own.menuName}-${own.price}`}
              className="block text-xs text-amber-900"
              data-testid="menu-price"
            >
              {`${own.menuName} : ${formatEuros(own.price)} (prix propre au menu)`}
              {own.foodCostPercent !== null && ` · coût matière ${percentText(own.foodCostPercent)}`}
            </span>
          ))}
        </>
      );
    case 'foodCostPercent':
      return (
        <>{row.foodCostPercent === null ? '–' : `${euros(row.costPerServing)} · ${percentText(row.foodCostPercent)}`}</>
      );
    case 'coefficient':
      return <>{coefficientText(row.coefficient)}</>;
    case 'complete':
      return row.costPerServing === null ? (
        // The lines to price are named under the recipe's name, the first column, in view at any width.
        <span className="text-orange-800">Incomplet</span>
      ) : (
        <span className="text-green-800">Complet</span>
      );
  }
}

/** The « Coûts » table (docs/decisions/0018-products-sub-recipes-costs.md): every recipe's cost and margins, sorted by any column. */
export function CostsTable({ rows }: { rows: readonly CostRow[] }) {
  const [sort, setSort] = useState<{ column: CostColumn; direction: SortDirection }>({
    column: 'name',
    direction: 'asc',
  });
  const sorted = sortCostRows(rows, sort.column, sort.direction);
  const toggle = (column: CostColumn) =>
    setSort((current) => ({
      column,
      direction: current.column === column && current.direction === 'asc' ? 'desc' : 'asc',
    }));
  return (
    <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white">
      <table className="w-full min-w-[44rem] text-sm" data-testid="costs-table">
        <caption className="sr-only">Coûts matière et marges des recettes, triables par colonne</caption>
        <thead className="bg-stone-50 text-left">
          <tr>
            {COLUMNS.map((column) => (
              <th
                key={column.id}
                scope="col"
                aria-sort={
                  sort.column === column.id ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined
                }
                className={`px-3 py-2 font-semibold ${column.numeric ? 'text-right' : ''} ${column.id === 'name' ? 'sticky left-0 bg-stone-50' : ''}`}
              >
                <button
                  type="button"
                  onClick={() => toggle(column.id)}
                  className="inline-flex items-center gap-1 hover:text-brand-700"
                >
                  {column.label}
                  <span aria-hidden="true" className="text-xs text-stone-500">
                    {sort.column === column.id ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}
                  </span>
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sorted.map((row) => (
            <tr key={row.id} className="border-t border-stone-100" data-testid="cost-row">
              {COLUMNS.map((column) =>
                column.id === 'name' ? (
                  <th
                    key={column.id}
                    scope="row"
                    className="sticky left-0 max-w-48 bg-white px-3 py-2 text-left font-normal"
                  >
                    <Cell row={row} column={column.id} />
                  </th>
                ) : (
                  <td key={column.id} className={`px-3 py-2 ${column.numeric ? 'text-right tabular-nums' : ''}`}>
                    <Cell row={row} column={column.id} />
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
