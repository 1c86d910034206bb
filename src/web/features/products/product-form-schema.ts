import { z } from '../../../shared/zod-fr.ts';
import {
  PRICE_UNITS,
  PRODUCT_NUTRIENTS,
  productInputSchema,
  productNumbers as n,
  type Product,
  type ProductInput,
  type ProductNutrient,
} from '../../../shared/api/products.ts';
import { decimalText } from '../../../shared/decimal.ts';
import { optionalNumberText } from '../../../shared/number-rules.ts';
import type { Per100g } from '../../../shared/nutrition.ts';
import { stageCountryText, STAGES } from '../../../shared/product-origin-stages.ts';

const shape = productInputSchema.shape;

/**
 * The product form's fields. Numbers are text typed in French (« 0,5 »), read with the API's
 * rules (productNumbers); a blank nutrient is unknown, sent as null, never 0.
 */
export const productFormSchema = z.object({
  name: shape.name,
  supplier: z.string().trim().max(200, 'Le fournisseur ne peut pas dépasser 200 caractères'),
  basedOnCode: z.string().nullable(),
  per100g: z.object(
    Object.fromEntries(PRODUCT_NUTRIENTS.map((key) => [key, optionalNumberText(n[key])])) as Record<
      ProductNutrient,
      ReturnType<typeof optionalNumberText>
    >,
  ),
  priceAmount: optionalNumberText(n.price),
  pricePer: z.enum(PRICE_UNITS),
  gramsPerUnit: optionalNumberText(n.gramsPerUnit),
  origin: z.string().trim().max(100, 'L’origine ne peut pas dépasser 100 caractères'),
  /** A meat's origin: one country (born, reared, slaughtered there) or a country per stage. */
  originMode: z.enum(['country', 'stages']),
  born: stageCountryText,
  reared: stageCountryText,
  slaughtered: stageCountryText,
  meatKind: z.enum(['', 'bovine', 'porcine', 'ovine', 'volaille']),
  /** Its own ingredient list, as on its label: a recipe's label lists it (docs/product/labels.md). */
  labelIngredients: z.string().trim().max(2000, 'La liste des ingrédients ne peut pas dépasser 2 000 caractères'),
});
export type ProductFormValues = z.input<typeof productFormSchema>;
export type ProductFormOutput = z.output<typeof productFormSchema>;

const nutrientDecimals = (key: ProductNutrient) => (key === 'energyKj' || key === 'energyKcal' ? 1 : 2);

export const productFormDefaults = (product: Product | null): ProductFormValues => ({
  name: product?.name ?? '',
  supplier: product?.supplier ?? '',
  basedOnCode: product?.basedOnCode ?? null,
  per100g: Object.fromEntries(
    PRODUCT_NUTRIENTS.map((key) => [key, decimalText(product?.per100g[key], nutrientDecimals(key))]),
  ) as Record<ProductNutrient, string>,
  priceAmount: decimalText(product?.price?.amount, 2, 2),
  pricePer: product?.price?.per ?? 'kg',
  gramsPerUnit: decimalText(product?.gramsPerUnit, 3),
  origin: product?.originStages ? '' : (product?.origin ?? ''),
  originMode: product?.originStages ? 'stages' : 'country',
  born: product?.originStages?.born ?? '',
  reared: product?.originStages?.reared ?? '',
  slaughtered: product?.originStages?.slaughtered ?? '',
  meatKind: product?.meatKind ?? '',
  labelIngredients: product?.labelIngredients ?? '',
});

/** « À partir d’un aliment Ciqual »: the nine label values from a Ciqual food, as French text. */
export function nutrientsFromCiqual(per100g: Per100g): Record<ProductNutrient, string> {
  return Object.fromEntries(
    PRODUCT_NUTRIENTS.map((key) => [key, decimalText(per100g[key], nutrientDecimals(key))]),
  ) as Record<ProductNutrient, string>;
}

/** The API body from the form's values and its chips (allergens, labels). */
export function toProductInput(
  values: ProductFormOutput,
  lists: Pick<ProductInput, 'allergens' | 'traces' | 'labels'>,
): ProductInput {
  return {
    name: values.name,
    supplier: values.supplier || null,
    basedOnCode: values.basedOnCode,
    per100g: values.per100g,
    ...lists,
    price: values.priceAmount === null ? null : { amount: values.priceAmount, per: values.pricePer },
    gramsPerUnit: values.gramsPerUnit,
    ...originOf(values),
    meatKind: values.meatKind === '' ? null : values.meatKind,
    labelIngredients: values.labelIngredients || null,
  };
}

/** Stages only for a meat, as chosen; the birth country only for beef and veal (src/shared/meat-origin.ts). */
function originOf(values: ProductFormOutput): Pick<ProductInput, 'origin' | 'originStages'> {
  if (values.meatKind === '' || values.originMode === 'country')
    return { origin: values.origin || null, originStages: null };
  const stages = Object.fromEntries(STAGES.map((stage) => [stage, values[stage] || null])) as Record<
    (typeof STAGES)[number],
    string | null
  >;
  if (values.meatKind !== 'bovine') stages.born = null;
  return { origin: null, originStages: stages };
}
