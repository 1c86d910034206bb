import { useWatch, type Control } from 'react-hook-form';
import type { Recipe } from '../../../shared/api/recipes.ts';
import { recipeNumbers } from '../../../shared/api/recipes.ts';
import { recipeMargins, SALE_MODE_LABELS, SALE_MODES, type SaleMode } from '../../../shared/costs.ts';
import { readNumberText } from '../../../shared/number-rules.ts';
import { formatEuros } from '../../lib/format.ts';
import { coefficientText, costPerServingText, percentText } from '../../lib/cost-text.ts';
import type { RecipeFormOutput, RecipeFormValues } from './recipe-form-schema.ts';

/**
 * « Coûts et marges » of the recipe form (issue 17, src/shared/costs.ts): the sale mode that
 * sets the VAT, and the margins of the price being typed. The cost per portion is the one the
 * server computed at the last save (it reads the products' prices); a new recipe gets it on save.
 */
export function CostFields({
  control,
  recipe,
  saleMode,
  onSaleModeChange,
}: {
  control: Control<RecipeFormValues, unknown, RecipeFormOutput>;
  recipe: Recipe | null;
  saleMode: SaleMode;
  onSaleModeChange: (mode: SaleMode) => void;
}) {
  const priceText = useWatch({ control, name: 'price' });
  const price = readNumberText(recipeNumbers.price, priceText ?? '', false).value;
  const cost = recipe ? { costPerServing: recipe.costPerServing, costMissing: recipe.costMissing } : null;
  const margins = recipeMargins(cost?.costPerServing ?? null, price, saleMode);
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
      <p
        className={cost?.costPerServing === null ? 'text-xs text-orange-800' : 'text-xs text-stone-600'}
        data-testid="form-cost"
      >
        {cost
          ? `${costPerServingText(cost)} (au dernier enregistrement)`
          : 'Le coût matière se calcule à l’enregistrement, d’après les prix de vos produits.'}
      </p>
    </fieldset>
  );
}
