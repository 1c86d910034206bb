import type { Recipe } from '../../../shared/api/recipes.ts';
import { SALE_MODE_LABELS } from '../../../shared/costs.ts';
import { formatEuros } from '../../lib/format.ts';
import { coefficientText, percentText } from '../../lib/cost-text.ts';

const euros = (value: number | null) => (value === null ? '–' : formatEuros(value));

/** « Coûts » of the fiche technique (issue 17): for the kitchen, never printed for diners. */
export function SheetCostBlock({ recipe }: { recipe: Recipe }) {
  const total = recipe.costPerServing === null ? null : recipe.costPerServing * recipe.servings;
  const rows: [string, string][] = [
    ['Coût matière de la recette', euros(total)],
    ['Coût matière par portion', euros(recipe.costPerServing)],
    ['Prix de vente TTC', euros(recipe.price)],
    [`Prix de vente HT · ${SALE_MODE_LABELS[recipe.saleMode]}`, euros(recipe.priceHt)],
    ['Coût matière / prix HT', percentText(recipe.foodCostPercent)],
    ['Coefficient', coefficientText(recipe.coefficient)],
  ];
  return (
    <div className="space-y-2" data-testid="sheet-costs">
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-0.5">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-stone-600">{label}</dt>
            <dd className="text-right font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {recipe.costPerServing === null && (
        <p className="rounded-md border border-orange-400 bg-orange-50 p-2 text-orange-900" data-testid="sheet-cost-incomplete">
          Coût incomplet : prix manquant pour {recipe.costMissing.join(', ')}
        </p>
      )}
    </div>
  );
}
