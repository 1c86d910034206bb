import { z } from './zod-fr.ts';
import { ruleNumber } from './number-rules.ts';
import { productNumbers, productMessages } from './api/products.ts';
import { PRICE_UNITS, type PriceUnit } from './api/product-vocabulary.ts';

/**
 * An organisation's price for a Ciqual food (docs/product/api.md « Kitchen »: PUT
 * /api/ingredient-prices/:code): « 2,40 € le kg » for the flour of every recipe, typed once in
 * a recipe line or the price list (docs/product/costs.md).
 */
export const ingredientPriceMessages = {
  codeInvalid: 'Code Ciqual invalide',
  unknownFood: 'Aliment inconnu dans la table Ciqual',
  versionInvalid: 'La version doit être un nombre entier supérieur à 0',
  noUnitWeight: 'Prix à l’unité : indiquez le poids d’une unité sur la ligne (aucun poids connu pour cet aliment)',
} as const;

/**
 * Ciqual foods that cost nothing until the organisation gives them a price: the water of the
 * tap (18066 « Eau du robinet »). Bottled waters are bought and keep needing a price.
 */
export const FREE_BY_DEFAULT_CODES: readonly string[] = ['18066'];

export const ingredientPriceInputSchema = z.object({
  amount: ruleNumber(productNumbers.price),
  per: z.enum(PRICE_UNITS, { error: productMessages.priceUnitInvalid }),
  supplier: z
    .string()
    .trim()
    .max(200, productMessages.supplierTooLong)
    .nullish()
    .transform((value) => value ?? ''),
  /** The version the owner edited (docs/product/api.md « Versions and conflicts »); absent: the write is taken. */
  version: z
    .number({ error: ingredientPriceMessages.versionInvalid })
    .int(ingredientPriceMessages.versionInvalid)
    .min(1, ingredientPriceMessages.versionInvalid)
    .optional(),
});
export type IngredientPriceInput = z.input<typeof ingredientPriceInputSchema>;
export type IngredientPriceInputParsed = z.output<typeof ingredientPriceInputSchema>;

export interface IngredientPrice {
  code: string;
  /** The food's Ciqual name. */
  name: string;
  amount: number;
  per: PriceUnit;
  supplier: string | null;
  version: number;
  updatedAt: string;
}

/** GET /api/ingredient-prices: the organisation's prices, and the foods free until priced. */
export interface IngredientPriceList {
  prices: IngredientPrice[];
  freeByDefault: { code: string; name: string }[];
}

/** A price as a line reads it: an amount per kg, litre or unit. */
export interface LinePrice {
  amount: number;
  per: PriceUnit;
}

/**
 * The cost HT of one gram at this price: per kg ÷ 1000; per litre ÷ 1000 ÷ the density (g/ml,
 * 1 when unknown); per unit ÷ the weight of one unit, unknown without it. The one rule for
 * products, Ciqual foods and the form's live total.
 */
export function costPerGramAt(
  price: LinePrice | null,
  weights: { gramsPerUnit?: number | null; gramsPerMl?: number | null },
): number | null {
  if (!price) return null;
  if (price.per === 'kg') return price.amount / 1000;
  if (price.per === 'l') {
    const density = weights.gramsPerMl && weights.gramsPerMl > 0 ? weights.gramsPerMl : 1;
    return price.amount / 1000 / density;
  }
  return weights.gramsPerUnit && weights.gramsPerUnit > 0 ? price.amount / weights.gramsPerUnit : null;
}

/** The price a Ciqual food's line is costed at: the organisation's, else free water, else none. */
export function priceOfFood(code: string, prices: ReadonlyMap<string, LinePrice>): LinePrice | null {
  return prices.get(code) ?? (FREE_BY_DEFAULT_CODES.includes(code) ? { amount: 0, per: 'l' } : null);
}
