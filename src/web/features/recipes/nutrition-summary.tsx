import { missingHeadlineIngredients } from '../../../shared/nutrition-headline.ts';
import type { Nutrient } from '../../../shared/nutrition.ts';
import { formatNumber } from '../../lib/format.ts';

export interface HeadlineNutrition {
  caloriesPerServing: number | null;
  proteinPerServing: number | null;
  carbsPerServing: number | null;
  fatPerServing: number | null;
  missing: Partial<Record<Nutrient, string[]>>;
}

const grams = (v: number | null) => (v === null ? '–' : `${formatNumber(v, 1)} g`);

/** Per-serving values, and an honest « valeur partielle » naming the ingredients Ciqual lacks. */
export function NutritionSummary({ value }: { value: HeadlineNutrition }) {
  const missing = missingHeadlineIngredients(value.missing);
  return (
    <div className="rounded-lg bg-brand-50 p-3 text-sm" aria-live="polite" data-testid="nutrition-summary">
      <p className="font-medium text-brand-900">Par portion</p>
      <dl className="mt-1 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4 lg:grid-cols-2">
        <div>
          <dt className="text-xs text-stone-600">Énergie</dt>
          <dd className="font-semibold">
            {value.caloriesPerServing === null ? '–' : `${value.caloriesPerServing} kcal`}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-stone-600">Protéines</dt>
          <dd className="font-semibold">{grams(value.proteinPerServing)}</dd>
        </div>
        <div>
          <dt className="text-xs text-stone-600">Glucides</dt>
          <dd className="font-semibold">{grams(value.carbsPerServing)}</dd>
        </div>
        <div>
          <dt className="text-xs text-stone-600">Lipides</dt>
          <dd className="font-semibold">{grams(value.fatPerServing)}</dd>
        </div>
      </dl>
      {missing.length > 0 && (
        <p className="mt-2 text-xs text-orange-800" data-testid="partial-values">
          <strong>Valeur partielle</strong> : données Ciqual manquantes pour {missing.join(', ')}.
        </p>
      )}
    </div>
  );
}
