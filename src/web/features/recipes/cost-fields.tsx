import { useWatch, type Control } from 'react-hook-form';
import type { RecipeFacts } from '../../../shared/recipe-facts.ts';
import { recipeNumbers } from '../../../shared/api/recipes.ts';
import { recipeMargins, SALE_MODE_LABELS, SALE_MODES, type SaleMode } from '../../../shared/costs.ts';
import { readNumberText } from '../../../shared/number-rules.ts';
import { formatEuros } from '../../lib/format.ts';
import { coefficientText, costPerServingText, percentText } from '../../lib/cost-text.ts';
import type { RecipeFormOutput, RecipeFormValues } from './recipe-form-schema.ts';

/**
 * « Coûts et marges » of the recipe form (docs/decisions/0023-costs-import-export.md,
 * src/shared/costs.ts): the sale mode that sets the VAT, and the margins of the price being
 * typed, on the cost of the lines as typed (src/web/features/recipes/line-costs.ts: the same
 * prices the server costs the recipe with at « Créer »). A line without a price names itself.
 */
export function CostFields({
  control,
  cost,
  saleMode,
  onSaleModeChange,
}: {
  control: Control<RecipeFormValues, unknown, RecipeFormOutput>;
  /** The live cost (src/shared/recipe-facts.ts `cost`); null before any line. */
  cost: Pick<RecipeFacts['cost'], 'perServing' | 'missing'> | null;
  saleMode: SaleMode;
  onSaleModeChange: (mode: SaleMode) => void;
}) {
  const priceText = useWatch({ control, name: 'price' });
  const price = readNumberText(recipeNumbers.price, priceText ?? '', false).value;
  const perServing = cost?.perServing ?? null;
  const margins = recipeMargins(perServing, price, saleMode);
  return (
    <fieldset className="space-y-2 rounded-lg border border-stone-200 p-3" data-testid="cost-fields">
      <legend className="px-1 text-sm font-medium text-stone-800">Coûts et marges</legend>
      <p className="text-xs text-stone-600">
        Le prix saisi est TTC, comme sur la carte ; le coût matière se compare au prix HT.
      </p>
      <div className="flex flex-wrap gap-2" role="radiogroup" aria-label="TVA du plat">
        {SALE_MODES.map((mode) => (
          <label
            key={mode}
            className="inline-flex cursor-pointer items-center gap-2 rounded-full border border-stone-300 bg-white px-3 py-1 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              name="sale-mode"
              className="accent-brand-700"
              checked={saleMode === mode}
              onChange={() => onSaleModeChange(mode)}
            />
            {SALE_MODE_LABELS[mode]}
          </label>
        ))}
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4" aria-live="polite">
        <dt className="text-stone-600">Prix HT</dt>
        <dd data-testid="form-price-ht">{margins.priceHt === null ? 'Sans prix' : formatEuros(margins.priceHt)}</dd>
        <dt className="text-stone-600">Coût matière</dt>
        <dd data-testid="form-food-cost-percent">{percentText(margins.foodCostPercent)}</dd>
        <dt className="text-stone-600">Coefficient</dt>
        <dd data-testid="form-coefficient">{coefficientText(margins.coefficient)}</dd>
      </dl>
      <p className={perServing === null ? 'text-xs text-orange-800' : 'text-xs text-stone-600'} data-testid="form-cost">
        {cost
          ? costPerServingText({
              costPerServing: perServing === null ? null : Math.round(perServing * 100) / 100,
              costMissing: cost.missing,
            })
          : 'Le coût matière s’affiche dès le premier ingrédient, d’après vos prix.'}
      </p>
    </fieldset>
  );
}
