import { z } from '../zod-fr.ts';
import { ALLERGEN_NAMES } from '../allergens.ts';
import { messages } from '../messages.ts';
import { ruleNumber, type NumberRule } from '../number-rules.ts';
import type { CompletedEnergy } from '../energy.ts';
import {
  MEAT_KINDS,
  PRICE_UNITS,
  PRODUCT_LABELS,
  type MeatKind,
  type PriceUnit,
  type ProductLabel,
} from './product-vocabulary.ts';
import {
  formatOriginStages,
  originStagesMessages,
  originStagesSchema,
  type OriginStages,
} from '../product-origin-stages.ts';

/** An own product (« Mes produits », docs/product/products.md): a supplier's label, typed in. */
const c = messages.constraints;

export const productMessages = {
  nameRequired: 'Le nom du produit est requis',
  nameTooLong: 'Le nom ne peut pas dépasser 200 caractères',
  supplierTooLong: 'Le fournisseur ne peut pas dépasser 200 caractères',
  originTooLong: 'L’origine ne peut pas dépasser 100 caractères',
  codeInvalid: 'Code Ciqual invalide',
  unknownFood: 'Aliment inconnu dans la table Ciqual',
  energyKcal: 'L’énergie doit être comprise entre 0 et 900 kcal pour 100 g',
  energyKj: 'L’énergie doit être comprise entre 0 et 3 800 kJ pour 100 g',
  grams: 'La valeur doit être comprise entre 0 et 100 g pour 100 g',
  partTooLarge: 'Ne peut pas dépasser la valeur dont elle fait partie',
  unknownAllergen: 'Allergène inconnu',
  duplicateAllergen: 'Cet allergène est déjà ajouté',
  containsAndTraces: 'Un allergène ne peut pas être à la fois « contient » et « peut contenir »',
  priceUnitInvalid: 'Le prix est au kg, au litre ou à l’unité',
  priceTooHigh: 'Le prix est trop élevé',
  meatKindInvalid: 'Type de viande inconnu',
  unknownLabel: 'Label inconnu',
  labelIngredientsTooLong: 'La liste des ingrédients ne peut pas dépasser 2 000 caractères',
  duplicateLabel: 'Ce label est déjà ajouté',
  monthsInvalid: 'Mois de saison invalides (de 1 à 12, chacun une fois)',
  packInvalid: 'Colis invalide\u00a0: une quantité de plus de 0 (au plus 100\u00a0000) en kg, en litres ou à l’unité',
  inUse: (names: string[]) =>
    `Ce produit est utilisé dans : ${names.join(', ')}. Retirez-le de ces recettes avant de le supprimer.`,
} as const;
const m = productMessages;

export * from './product-vocabulary.ts';

/** The nutrients a label prints, per 100 g (INCO), in its order. */
export const PRODUCT_NUTRIENTS = [
  'energyKj',
  'energyKcal',
  'fat',
  'saturatedFat',
  'carbs',
  'sugars',
  'fiber',
  'protein',
  'salt',
] as const;
export type ProductNutrient = (typeof PRODUCT_NUTRIENTS)[number];
export type ProductPer100g = Record<ProductNutrient, number | null>;
export const PRODUCT_NUTRIENT_LABELS: Record<ProductNutrient, string> = {
  energyKj: 'Énergie (kJ)',
  energyKcal: 'Énergie (kcal)',
  fat: 'Matières grasses (g)',
  saturatedFat: 'dont acides gras saturés (g)',
  carbs: 'Glucides (g)',
  sugars: 'dont sucres (g)',
  fiber: 'Fibres (g)',
  protein: 'Protéines (g)',
  salt: 'Sel (g)',
};

const zeroTo = (max: number, decimals: number, message: string): NumberRule => ({
  min: 'zero',
  max,
  decimals,
  messages: { invalid: message, tooSmall: message, tooLarge: message },
});
const grams = zeroTo(100, 2, m.grams);

/** Every number of a product, read alike by the API (JSON) and by the form (French text). */
export const productNumbers = {
  energyKj: zeroTo(3800, 1, m.energyKj),
  energyKcal: zeroTo(900, 1, m.energyKcal),
  fat: grams,
  saturatedFat: grams,
  carbs: grams,
  sugars: grams,
  fiber: grams,
  protein: grams,
  salt: grams,
  price: {
    min: 'positive',
    max: 100_000,
    decimals: 2,
    messages: { invalid: c.pricePositive, tooSmall: c.pricePositive, tooLarge: m.priceTooHigh },
  },
  gramsPerUnit: {
    min: 'positive',
    max: 100_000,
    decimals: 3,
    messages: { invalid: c.gramsPerUnitRequired, tooSmall: c.gramsPerUnitRequired, tooLarge: c.gramsPerUnitRequired },
  },
  /** The pack it is ordered in (« colis de 5 kg »). */
  pack: {
    min: 'positive',
    max: 100_000,
    decimals: 3,
    messages: { invalid: m.packInvalid, tooSmall: m.packInvalid, tooLarge: m.packInvalid },
  },
} satisfies Record<string, NumberRule>;

const uniqueList = <T extends string>(values: readonly [T, ...T[]], unknown: string, duplicate: string) =>
  z
    .array(z.enum(values, { error: unknown }))
    .max(values.length)
    .default([])
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((value, index) => {
        if (seen.has(value)) ctx.addIssue({ code: 'custom', message: duplicate, path: [index] });
        seen.add(value);
      });
    });

const nutrient = (key: ProductNutrient) => ruleNumber(productNumbers[key]).nullable().default(null);
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => (value ? value : null));

export const productInputSchema = z
  .object({
    name: z.string({ error: m.nameRequired }).trim().min(1, m.nameRequired).max(200, m.nameTooLong),
    supplier: optionalText(200, m.supplierTooLong),
    basedOnCode: z
      .string({ error: m.codeInvalid })
      .regex(/^\d{1,9}$/, m.codeInvalid)
      .nullish(),
    per100g: z
      .object(
        Object.fromEntries(PRODUCT_NUTRIENTS.map((key) => [key, nutrient(key)])) as Record<
          ProductNutrient,
          ReturnType<typeof nutrient>
        >,
      )
      .default(Object.fromEntries(PRODUCT_NUTRIENTS.map((key) => [key, null])) as ProductPer100g),
    allergens: uniqueList(ALLERGEN_NAMES as [string, ...string[]], m.unknownAllergen, m.duplicateAllergen),
    traces: uniqueList(ALLERGEN_NAMES as [string, ...string[]], m.unknownAllergen, m.duplicateAllergen),
    price: z
      .object({ amount: ruleNumber(productNumbers.price), per: z.enum(PRICE_UNITS, { error: m.priceUnitInvalid }) })
      .nullish()
      .transform((value) => value ?? null),
    gramsPerUnit: ruleNumber(productNumbers.gramsPerUnit)
      .nullish()
      .transform((value) => value ?? null),
    origin: optionalText(100, m.originTooLong),
    /** The stages when they are not all in one country (src/shared/product-origin-stages.ts); stored in `origin`. */
    originStages: originStagesSchema
      .nullish()
      .transform((value) => (value && formatOriginStages(value) ? value : null)),
    meatKind: z
      .enum(MEAT_KINDS, { error: m.meatKindInvalid })
      .nullish()
      .transform((value) => value ?? null),
    labels: uniqueList(
      PRODUCT_LABELS as unknown as [ProductLabel, ...ProductLabel[]],
      m.unknownLabel,
      m.duplicateLabel,
    ),
    /** Months of season (« de saison » on the families' page); left out: kept as stored. */
    seasonMonths: z
      .array(
        z.number({ error: m.monthsInvalid }).int(m.monthsInvalid).min(1, m.monthsInvalid).max(12, m.monthsInvalid),
        {
          error: m.monthsInvalid,
        },
      )
      .max(12, m.monthsInvalid)
      .refine((list) => new Set(list).size === list.length, m.monthsInvalid)
      .optional(),
    /** The pack it is ordered in (« colis de 5 kg »), null for none; left out: kept as stored. */
    pack: z
      .object(
        {
          quantity: z.number({ error: m.packInvalid }).gt(0, m.packInvalid).max(100_000, m.packInvalid),
          unit: z.enum(PRICE_UNITS, { error: m.packInvalid }),
        },
        { error: m.packInvalid },
      )
      .nullable()
      .optional(),
    /** Its own ingredient list, as its label prints it: a recipe's label lists it in brackets (docs/product/labels.md). */
    labelIngredients: optionalText(2000, m.labelIngredientsTooLong),
  })
  .superRefine((product, ctx) => {
    product.traces.forEach((name, index) => {
      if (product.allergens.includes(name))
        ctx.addIssue({ code: 'custom', message: m.containsAndTraces, path: ['traces', index] });
    });
    if (product.origin && product.originStages)
      ctx.addIssue({ code: 'custom', message: originStagesMessages.both, path: ['originStages'] });
    if (product.price?.per === 'unité' && product.gramsPerUnit === null)
      ctx.addIssue({ code: 'custom', message: c.gramsPerUnitRequired, path: ['gramsPerUnit'] });
    const { fat, saturatedFat, carbs, sugars } = product.per100g;
    if (fat !== null && saturatedFat !== null && saturatedFat > fat)
      ctx.addIssue({ code: 'custom', message: m.partTooLarge, path: ['per100g', 'saturatedFat'] });
    if (carbs !== null && sugars !== null && sugars > carbs)
      ctx.addIssue({ code: 'custom', message: m.partTooLarge, path: ['per100g', 'sugars'] });
  });
export type ProductInput = z.input<typeof productInputSchema>;
export type ProductInputParsed = z.output<typeof productInputSchema>;

export interface Product {
  id: string;
  /** +1 per change; a PUT or PATCH may name it (src/shared/api/versions.ts). */
  version: number;
  name: string;
  supplier: string | null;
  basedOnCode: string | null;
  per100g: ProductPer100g;
  /** Both units of energy: as the label states them, else from the nutrients (annex XIV), else converted (src/shared/energy.ts). */
  energy: CompletedEnergy;
  allergens: string[];
  traces: string[];
  price: { amount: number; per: PriceUnit } | null;
  /** Where the price comes from (DECISIONS 23): a confirmed supplier invoice, or typed by hand (« manuel »). */
  priceSource: 'invoice' | 'manual' | 'price_list' | null;
  gramsPerUnit: number | null;
  /** One country (born, reared, slaughtered there), or the stages in the decree's words (« Né : … ; Élevé : … ; Abattu : … »). */
  origin: string | null;
  /** `origin` read as stages when it is written as stages, else null. */
  originStages: OriginStages | null;
  meatKind: MeatKind | null;
  labels: ProductLabel[];
  /** Months of season (1–12) and the pack it is ordered in (docs/product/meal-plans.md). */
  seasonMonths: number[];
  pack: { quantity: number; unit: PriceUnit } | null;
  /** Its own ingredient list as its label prints it, or null (docs/product/labels.md). */
  labelIngredients: string | null;
  /** Recipes of the organisation whose lines use it. */
  usedBy: { id: string; name: string }[];
  createdAt: string;
  updatedAt: string;
}

/** The product's `origin` text: its one country, or its stages written out (src/shared/product-origin-stages.ts). */
export const storedOrigin = (input: Pick<ProductInputParsed, 'origin' | 'originStages'>): string | null =>
  input.originStages ? formatOriginStages(input.originStages) : input.origin;
