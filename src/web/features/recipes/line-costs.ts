import type { Product } from '../../../shared/api/products.ts';
import type { RecipeCostRow } from '../../../shared/api/recipes.ts';
import {
  costPerGramAt,
  FREE_BY_DEFAULT_CODES,
  type IngredientPrice,
  type IngredientPriceList,
  type LinePrice,
} from '../../../shared/ingredient-prices.ts';
import { readNumberText } from '../../../shared/number-rules.ts';
import { recipeNumbers } from '../../../shared/api/recipes.ts';
import { isVolume } from '../../../shared/units.ts';
import type { DraftLine } from './draft-lines.ts';

/** What the form says of a line's price, and what one gram of it costs as typed now. */
export type LineCost =
  | { kind: 'ciqual'; price: IngredientPrice | null; free: boolean; costPerGram: number | null }
  | {
      kind: 'product';
      price: LinePrice | null;
      /** Where the product's price comes from: its last supplier invoice or typed by hand (docs/product/purchases.md). */
      source: Product['priceSource'];
      costPerGram: number | null;
    }
  | { kind: 'recipe'; costPerServing: number | null; costPerGram: number | null };

export interface CostSources {
  prices: IngredientPriceList | undefined;
  products: readonly Product[] | undefined;
  recipes: readonly RecipeCostRow[] | undefined;
}

const typed = (line: DraftLine, field: 'gramsPerUnit' | 'gramsPerMl') =>
  readNumberText(recipeNumbers[field], line[field], true).value;

/**
 * The cost of a line by the rules the server stores it with (src/server/domain/recipe-line-sources.ts):
 * a Ciqual food at the organisation's price (tap water free), a product at its own, a
 * sub-recipe at its last saved cost per portion. Null: unknown, and the line is named.
 */
export function lineCost(line: DraftLine, sources: CostSources): LineCost {
  const gramsPerMl = line.unit !== 'portion' && isVolume(line.unit) ? typed(line, 'gramsPerMl') : null;
  if (line.recipeId) {
    const row = sources.recipes?.find((r) => r.id === line.recipeId);
    const perServing = row?.costPerServing ?? null;
    const costPerGram =
      perServing !== null && line.gramsPerPortion && line.gramsPerPortion > 0
        ? perServing / line.gramsPerPortion
        : null;
    return { kind: 'recipe', costPerServing: perServing, costPerGram };
  }
  if (line.productId) {
    const product = sources.products?.find((p) => p.id === line.productId);
    const price = product?.price ?? null;
    return {
      kind: 'product',
      price,
      source: product?.priceSource ?? null,
      costPerGram: costPerGramAt(price, { gramsPerUnit: product?.gramsPerUnit ?? null, gramsPerMl }),
    };
  }
  const code = line.code ?? '';
  const price = sources.prices?.prices.find((p) => p.code === code) ?? null;
  const free = !price && FREE_BY_DEFAULT_CODES.includes(code);
  const gramsPerUnit = (line.unit === 'unité' ? typed(line, 'gramsPerUnit') : null) ?? line.defaults.gramsPerUnit;
  return {
    kind: 'ciqual',
    price,
    free,
    costPerGram: costPerGramAt(price ?? (free ? { amount: 0, per: 'l' } : null), { gramsPerUnit, gramsPerMl }),
  };
}
