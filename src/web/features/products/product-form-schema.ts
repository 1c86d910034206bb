import { z } from '../../../shared/zod-fr.ts';
import { PRICE_UNITS, PRODUCT_NUTRIENTS, productInputSchema, productNumbers as n, type Product, type ProductInput, type ProductNutrient } from '../../../shared/api/products.ts';
import { decimalText } from '../../../shared/decimal.ts';
import { optionalNumberText } from '../../../shared/number-rules.ts';
import type { Per100g } from '../../../shared/nutrition.ts';

const shape = productInputSchema.shape;

/**
 * The product form's fields. Numbers are text typed in French (« 0,5 »), read with the API's
 * rules (productNumbers); a blank nutrient is unknown, sent as null, never 0.
 */
export const productFormSchema = z.object({
  name: shape.name,
  supplier: z.string().trim().max(200, 'Le fournisseur ne peut pas dépasser 200 caractères'),
  basedOnCode: z.string().nullable(),
  per100g: z.object(Object.fromEntries(PRODUCT_NUTRIENTS.map((key) => [key, optionalNumberText(n[key])])) as Record<ProductNutrient, ReturnType<typeof optionalNumberText>>),
  priceAmount: optionalNumberText(n.price),
  pricePer: z.enum(PRICE_UNITS),
  gramsPerUnit: optionalNumberText(n.gramsPerUnit),
  origin: z.string().trim().max(100, 'L’origine ne peut pas dépasser 100 caractères'),
  meatKind: z.enum(['', 'bovine', 'porcine', 'ovine', 'volaille']),
});
export type ProductFormValues = z.input<typeof productFormSchema>;
export type ProductFormOutput = z.output<typeof productFormSchema>;

const nutrientDecimals = (key: ProductNutrient) => (key === 'energyKj' || key === 'energyKcal' ? 1 : 2);

export const productFormDefaults = (product: Product | null): ProductFormValues => ({
  name: product?.name ?? '',
  supplier: product?.supplier ?? '',
  basedOnCode: product?.basedOnCode ?? null,
  per100g: Object.fromEntries(PRODUCT_NUTRIENTS.map((key) => [key, decimalText(product?.per100g[key], nutrientDecimals(key))])) as Record<ProductNutrient, string>,
  priceAmount: decimalText(product?.price?.amount, 2, 2),
  pricePer: product?.price?.per ?? 'kg',
  gramsPerUnit: decimalText(product?.gramsPerUnit, 3),
  origin: product?.origin ?? '',
  meatKind: product?.meatKind ?? '',
});

/** « À partir d’un aliment Ciqual »: the nine label values from a Ciqual food, as French text. */
export function nutrientsFromCiqual(per100g: Per100g): Record<ProductNutrient, string> {
  return Object.fromEntries(PRODUCT_NUTRIENTS.map((key) => [key, decimalText(per100g[key], nutrientDecimals(key))])) as Record<ProductNutrient, string>;
}

/** The API body from the form's values and its chips (allergens, labels). */
export function toProductInput(values: ProductFormOutput, lists: Pick<ProductInput, 'allergens' | 'traces' | 'labels'>): ProductInput {
  return {
    name: values.name,
    supplier: values.supplier || null,
    basedOnCode: values.basedOnCode,
    per100g: values.per100g,
    ...lists,
    price: values.priceAmount === null ? null : { amount: values.priceAmount, per: values.pricePer },
    gramsPerUnit: values.gramsPerUnit,
    origin: values.origin || null,
    meatKind: values.meatKind === '' ? null : values.meatKind,
  };
}
