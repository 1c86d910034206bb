import { z } from '../zod-fr.ts';
import { ALLERGEN_NAMES } from '../allergens.ts';
import { DIET_LABELS } from '../diets.ts';
import { messages } from '../messages.ts';
import type { Nutrient, Per100g } from '../nutrition.ts';
import type { RecipeNutriScore } from '../recipe-nutrition.ts';
import { UNITS, type Unit } from '../units.ts';

const c = messages.constraints;

export const recipeMessages = {
  nameRequired: 'Le nom de la recette est requis',
  nameTooLong: 'Le nom ne peut pas dépasser 200 caractères',
  descriptionTooLong: 'La description ne peut pas dépasser 2000 caractères',
  servingsInteger: 'Le nombre de portions doit être un nombre entier',
  noIngredient: 'Veuillez ajouter au moins un ingrédient à votre recette.',
  tooManyIngredients: 'Une recette ne peut pas dépasser 100 ingrédients',
  codeInvalid: 'Code Ciqual invalide',
  unknownFood: 'Ingrédient inconnu dans la table Ciqual',
  quantityInvalid: 'La quantité doit être un nombre',
  quantityTooLarge: 'La quantité est trop grande',
  unknownAllergen: 'Allergène inconnu',
  duplicateAllergen: 'Cet allergène est déjà ajouté',
  unknownDiet: 'Régime alimentaire inconnu',
  duplicateDiet: 'Ce régime alimentaire est déjà ajouté',
  timeInteger: 'La durée doit être un nombre entier de minutes',
  timeTooLong: 'La durée ne peut pas dépasser 10 000 minutes',
  priceTooHigh: 'Le prix est trop élevé',
  containsAndTraces: 'Un allergène ne peut pas être à la fois « contient » et « peut contenir »',
  cookedWeightPositive: 'Le poids cuit doit être supérieur à 0',
  percentRange: 'La part doit être comprise entre 0 et 100 %',
} as const;

const m = recipeMessages;

const minutes = (negativeMessage: string) =>
  z
    .number({ error: m.timeInteger })
    .int(m.timeInteger)
    .min(0, negativeMessage)
    .max(10_000, m.timeTooLong)
    .nullable()
    .optional();

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

export const ingredientLineSchema = z
  .object({
    code: z.string({ error: m.codeInvalid }).regex(/^\d{1,9}$/, m.codeInvalid),
    quantity: z.number({ error: m.quantityInvalid }).min(0, c.quantityPositive).max(100_000, m.quantityTooLarge),
    unit: z.enum(UNITS, { error: c.unitInvalid }),
    gramsPerUnit: z.number({ error: c.gramsPerUnitRequired }).positive(c.gramsPerUnitRequired).max(100_000).nullable().optional(),
  })
  .superRefine((line, ctx) => {
    if (line.unit === 'unité' && !line.gramsPerUnit) {
      ctx.addIssue({ code: 'custom', message: c.gramsPerUnitRequired, path: ['gramsPerUnit'] });
    }
  });

/** RecipeInput of API.md. Nutrition is never part of it: the server computes it. */
export const recipeInputSchema = z
  .object({
  name: z.string({ error: m.nameRequired }).trim().min(1, m.nameRequired).max(200, m.nameTooLong),
  description: z.string().trim().max(2000, m.descriptionTooLong).default(''),
  servings: z.number({ error: c.servingsPositive }).int(m.servingsInteger).min(1, c.servingsPositive).max(10_000),
  ingredients: z.array(ingredientLineSchema, { error: m.noIngredient }).min(1, m.noIngredient).max(100, m.tooManyIngredients),
  allergens: uniqueList(ALLERGEN_NAMES as [string, ...string[]], m.unknownAllergen, m.duplicateAllergen),
  dietaryInfo: uniqueList(DIET_LABELS as unknown as [string, ...string[]], m.unknownDiet, m.duplicateDiet),
  prepTime: minutes(c.prepTimePositive),
  cookTime: minutes(c.cookTimePositive),
  price: z.number({ error: c.pricePositive }).min(0, c.pricePositive).max(100_000, m.priceTooHigh).nullable().optional(),
  /** « Peut contenir (traces) », distinct from the allergens the dish contains. */
  traces: uniqueList(ALLERGEN_NAMES as [string, ...string[]], m.unknownAllergen, m.duplicateAllergen),
  /** Weight of the whole dish once cooked (cooking loss): « pour 100 g » then refers to the dish as served. */
  cookedWeightG: z.number({ error: m.cookedWeightPositive }).positive(m.cookedWeightPositive).max(1_000_000).nullable().optional(),
  /** Share of fruit, vegetables and legumes for the Nutri-Score, entered by the owner. */
  fruitVegLegumePercent: z.number({ error: m.percentRange }).min(0, m.percentRange).max(100, m.percentRange).nullable().optional(),
  /** Show the Nutri-Score letter on the public menu. */
  showNutriScore: z.boolean().default(false),
  })
  .superRefine((recipe, ctx) => {
    recipe.traces.forEach((name, index) => {
      if (recipe.allergens.includes(name)) ctx.addIssue({ code: 'custom', message: m.containsAndTraces, path: ['traces', index] });
    });
  });
export type RecipeInput = z.input<typeof recipeInputSchema>;
export type RecipeInputParsed = z.output<typeof recipeInputSchema>;

export interface RecipeIngredient {
  id: string;
  code: string;
  name: string;
  quantity: number;
  unit: Unit;
  gramsPerUnit: number | null;
  per100g: Per100g;
}

export interface Recipe {
  id: string;
  name: string;
  description: string;
  servings: number;
  ingredients: RecipeIngredient[];
  allergens: string[];
  traces: string[];
  dietaryInfo: string[];
  prepTime: number | null;
  cookTime: number | null;
  price: number | null;
  caloriesPerServing: number | null;
  proteinPerServing: number | null;
  carbsPerServing: number | null;
  fatPerServing: number | null;
  cookedWeightG: number | null;
  fruitVegLegumePercent: number | null;
  showNutriScore: boolean;
  /** Honest gaps: which ingredients lack which values (the four headline values are partial if non-empty). */
  nutrition: {
    partial: boolean;
    missing: Partial<Record<Nutrient, string[]>>;
    totalGrams: number;
    totals: Record<Nutrient, number | null>;
    redMeat: boolean;
  };
  nutriScore: RecipeNutriScore;
  createdAt: string;
  updatedAt: string;
}

export interface IngredientHit {
  code: string;
  name: string;
  group: string | null;
  per100g: Per100g;
}
