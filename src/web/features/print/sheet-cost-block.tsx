import type { Recipe } from '../../../shared/api/recipes.ts';
import { SALE_MODE_LABELS } from '../../../shared/costs.ts';
import { formatEuros } from '../../lib/format.ts';
import { coefficientText, percentText } from '../../lib/cost-text.ts';

const euros = (value: number | null) => (value === null ? '–' : formatEuros(value));

/** « Coûts » of the fiche technique (docs/decisions/0023): for the kitchen, never printed for diners. */
export function SheetCostBlock({ recipe }: { recipe: Recipe }) {
  const total = recipe.costPerServing === null ? null : recipe.costPerServing * recipe.servings;
  const rows: [string, string][] = [
    ['Coût matière (recette)', euros(total)],
    ['Coût matière (portion)', euros(recipe.costPerServing)],
    ['Prix TTC', euros(recipe.price)],
    [`Prix HT · ${SALE_MODE_LABELS[recipe.saleMode]}`, euros(recipe.priceHt)],
    ['Coût / prix HT', percentText(recipe.foodCostPercent)],
    ['Coefficient', coefficientText(recipe.coefficient)],
  ];
  // Six figures in a row of cells like the fiche's header (recipe-sheet.tsx): the fiche keeps to one A4 page.
  return (
    <div className="space-y-1.5" data-testid="sheet-costs">
      <dl className="grid grid-cols-3 divide-x divide-stone-200 rounded-lg border border-stone-200 sm:grid-cols-6 print:grid-cols-6">
        {rows.map(([label, value]) => (
          <div key={label} className="px-2 py-1">
            <dt className="text-[10px] uppercase leading-tight tracking-wide text-stone-500">{label}</dt>
            <dd className="font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {recipe.costPerServing === null && (
        <p className="text-[11px] text-orange-900" data-testid="sheet-cost-incomplete">
          Coût incomplet : prix manquant pour {recipe.costMissing.join(', ')}
        </p>
      )}
    </div>
  );
}
