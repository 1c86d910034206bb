/**
 * Costs and margins of a recipe (docs/decisions/0023-costs-import-export.md).
 * The selling price an owner types is TTC, as printed on a menu; the food cost is HT (a
 * product's price HT), so both are compared HT: price HT = price TTC ÷ (1 + VAT).
 * Food eaten on site is at 10 % VAT, take-away food at 5,5 % (code général des impôts,
 * art. 278-0 bis and 279 a); the owner chooses per recipe.
 */
export const SALE_MODES = ['sur_place', 'a_emporter'] as const;
export type SaleMode = (typeof SALE_MODES)[number];

export const VAT_RATES: Record<SaleMode, number> = { sur_place: 0.1, a_emporter: 0.055 };

/** The form's and the fiche technique's words. */
export const SALE_MODE_LABELS: Record<SaleMode, string> = {
  sur_place: 'Sur place (TVA 10 %)',
  a_emporter: 'À emporter (TVA 5,5 %)',
};

export interface RecipeMargins {
  /** The selling price HT, two decimals; null without a price. */
  priceHt: number | null;
  /** « Coût matière » in % of the price HT, one decimal; null without both. */
  foodCostPercent: number | null;
  /** Price HT ÷ cost per portion, two decimals; null without both (or a zero cost). */
  coefficient: number | null;
}

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/**
 * The margins of one portion. `costPerServing` null means a line has no price: the cost is
 * incomplete, so no percentage or coefficient is given (a partial sum would flatter the dish).
 */
export function recipeMargins(
  costPerServing: number | null,
  priceTtc: number | null,
  saleMode: SaleMode,
): RecipeMargins {
  const ht = priceTtc !== null && priceTtc > 0 ? priceTtc / (1 + VAT_RATES[saleMode]) : null;
  if (ht === null) return { priceHt: null, foodCostPercent: null, coefficient: null };
  if (costPerServing === null) return { priceHt: round(ht, 2), foodCostPercent: null, coefficient: null };
  return {
    priceHt: round(ht, 2),
    foodCostPercent: round((costPerServing / ht) * 100, 1),
    coefficient: costPerServing > 0 ? round(ht / costPerServing, 2) : null,
  };
}
