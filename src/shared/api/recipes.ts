import { z } from '../zod-fr.ts';
import { meatOriginsSchema, type MeatOrigin } from '../meat-origin.ts';
import { ALLERGEN_NAMES, type AllergenStatus } from '../allergens.ts';
import { DIET_LABELS } from '../diets.ts';
import { messages } from '../messages.ts';
import type { FoodFacts } from '../food-facts.ts';
import { ruleNumber, type NumberRule } from '../number-rules.ts';
import type { Per100g } from '../nutrition.ts';
import type { Photo } from './photos.ts';
import type { AllergenSuggestion, RecipeFacts } from '../recipe-facts.ts';
import type { RecipeNutriScore } from '../recipe-nutrition.ts';
import { UNITS } from '../units.ts';
import { NUTRISCORE_CHOICES, type NutriScoreChoice } from '../nutri-score-labels.ts';
import { SALE_MODES, type SaleMode } from '../costs.ts';
import type { ProductOrigin } from '../product-origins.ts';
import { dishTranslationsSchema, type DishTranslations } from '../diner/translations.ts';

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
  unknownProduct: 'Produit inconnu dans « Mes produits »',
  oneSource: 'Une ligne désigne un seul ingrédient : un aliment Ciqual, un de vos produits ou une recette',
  unknownRecipe: 'Recette inconnue',
  cycle: 'Une recette ne peut pas se contenir elle-même',
  subRecipeUnit: 'Une recette s’ajoute en g, en kg ou en portions',
  portionForRecipe: 'Seule une recette s’ajoute en portions',
  inUse: (names: string[]) =>
    `Cette recette est utilisée dans : ${names.join(', ')}. Retirez-la de ces recettes avant de la supprimer.`,
  quantityInvalid: 'La quantité doit être un nombre supérieur à 0',
  quantityTooLarge: 'La quantité est trop grande',
  gramsPerUnitTooLarge: 'Le poids d’une unité ne peut pas dépasser 100 000 g',
  gramsPerMlTooLarge: 'La densité ne peut pas dépasser 5 g/ml',
  servingsTooLarge: 'Le nombre de portions ne peut pas dépasser 10 000',
  cookedWeightTooLarge: 'Le poids cuit ne peut pas dépasser 1 000 000 g',
  unknownAllergen: 'Allergène inconnu',
  duplicateAllergen: 'Cet allergène est déjà ajouté',
  unknownDiet: 'Régime alimentaire inconnu',
  duplicateDiet: 'Ce régime alimentaire est déjà ajouté',
  timeInteger: 'La durée doit être un nombre entier de minutes',
  timeTooLong: 'La durée ne peut pas dépasser 10 000 minutes',
  priceTooHigh: 'Le prix est trop élevé',
  containsAndTraces: 'Un allergène ne peut pas être à la fois « contient » et « peut contenir »',
  allergensDeclaredInvalid: 'La confirmation de la liste des allergènes doit valoir vrai ou faux',
  saleModeInvalid: 'Choisissez « sur place » ou « à emporter »',
  stepTooLong: 'Une étape ne peut pas dépasser 2000 caractères',
  tooManySteps: 'La progression ne peut pas dépasser 100 étapes',
  pageLimitInvalid: 'Le nombre de recettes par page doit être un entier entre 1 et 200',
  pageAfterInvalid: 'La recette après laquelle reprendre la liste est introuvable',
  pageStatusInvalid: 'Le filtre des allergènes doit être « declared » ou « unverified »',
  viewInvalid: 'La vue abrégée de la liste est « summary » ou « costs »',
} as const;

/** GET /api/recipes?limit=N&after=ID: one page of the list, newest first (« Growth », bench/growth.ts). */
const RECIPE_PAGE_MAX = 200;
export const recipePageQuerySchema = z.object({
  limit: z
    .string()
    .regex(/^\d{1,3}$/, recipeMessages.pageLimitInvalid)
    .transform(Number)
    .pipe(
      z.number().int().min(1, recipeMessages.pageLimitInvalid).max(RECIPE_PAGE_MAX, recipeMessages.pageLimitInvalid),
    ),
  after: z.uuid(recipeMessages.pageAfterInvalid).optional(),
  /** Only the recipes whose allergen list is confirmed (`declared`) or still to confirm (`unverified`). */
  allergenStatus: z.enum(['declared', 'unverified'], recipeMessages.pageStatusInvalid).optional(),
});
/**
 * GET /api/recipes?view=summary: every recipe, only what a picker shows (the meal plans, the menu
 * editor); ?view=costs: every recipe, only what the « Coûts » table shows.
 */
export const recipeViewQuerySchema = z.object({ view: z.enum(['summary', 'costs'], recipeMessages.viewInvalid) });
export type RecipeSummary = Pick<
  Recipe,
  | 'id'
  | 'name'
  | 'description'
  | 'caloriesPerServing'
  | 'proteinPerServing'
  | 'prepTime'
  | 'cookTime'
  | 'allergenStatus'
>;
export type RecipeCostRow = Pick<
  Recipe,
  | 'id'
  | 'name'
  | 'costPerServing'
  | 'price'
  | 'priceHt'
  | 'foodCostPercent'
  | 'coefficient'
  | 'costMissing'
  | 'saleMode'
> & {
  /**
   * The other prices diners see: a menu's item with its own price (« prix propre au menu »),
   * with the margins at that price (docs/product/api.md « Kitchen »). Menus that follow the
   * recipe's price are not listed: theirs is `price`.
   */
  menuPrices: {
    menuName: string;
    price: number;
    priceHt: number | null;
    foodCostPercent: number | null;
    coefficient: number | null;
  }[];
};
/**
 * A page of recipes; `nextAfter` is the `after` of the next page, null on the last one; `total`
 * counts every recipe the filter keeps (so `?limit=1&allergenStatus=unverified` is a count).
 */
export interface RecipePage {
  recipes: Recipe[];
  nextAfter: string | null;
  total: number;
}

const m = recipeMessages;

const positive = (max: number, decimals: number, messages: NumberRule['messages']): NumberRule => ({
  min: 'positive',
  max,
  decimals,
  messages,
});
const minutes = (tooSmall: string): NumberRule => ({
  min: 'zero',
  max: 10_000,
  decimals: 0,
  messages: { invalid: m.timeInteger, tooSmall, tooLarge: m.timeTooLong, fraction: m.timeInteger },
});

/**
 * Every number of a recipe (docs/product/decisions.md 16): quantities, weights, densities and prices are
 * greater than 0 once rounded to what their column keeps (src/server/db/migrations). The web
 * form reads the same rules from French text (src/shared/number-rules.ts).
 */
export const recipeNumbers = {
  quantity: positive(100_000, 3, {
    invalid: m.quantityInvalid,
    tooSmall: c.quantityPositive,
    tooLarge: m.quantityTooLarge,
  }),
  gramsPerUnit: positive(100_000, 3, {
    invalid: c.gramsPerUnitRequired,
    tooSmall: c.gramsPerUnitRequired,
    tooLarge: m.gramsPerUnitTooLarge,
  }),
  /** Grams per millilitre, for lines in ml or l (docs/product/decisions.md 17). */
  gramsPerMl: positive(5, 3, {
    invalid: c.gramsPerMlRequired,
    tooSmall: c.gramsPerMlRequired,
    tooLarge: m.gramsPerMlTooLarge,
  }),
  servings: positive(10_000, 0, {
    invalid: c.servingsPositive,
    tooSmall: c.servingsPositive,
    tooLarge: m.servingsTooLarge,
    fraction: m.servingsInteger,
  }),
  prepTime: minutes(c.prepTimePositive),
  cookTime: minutes(c.cookTimePositive),
  price: positive(100_000, 2, { invalid: c.pricePositive, tooSmall: c.pricePositive, tooLarge: m.priceTooHigh }),
  cookedWeightG: positive(1_000_000, 1, {
    invalid: c.cookedWeightPositive,
    tooSmall: c.cookedWeightPositive,
    tooLarge: m.cookedWeightTooLarge,
  }),
  fruitVegLegumePercent: {
    min: 'zero',
    max: 100,
    decimals: 1,
    messages: { invalid: c.percentRange, tooSmall: c.percentRange, tooLarge: c.percentRange },
  },
} satisfies Record<string, NumberRule>;
const n = recipeNumbers;

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

/** The allergen lists and diet labels, as recipes and items without a recipe take them. */
export const allergenListSchema = () =>
  uniqueList(ALLERGEN_NAMES as [string, ...string[]], m.unknownAllergen, m.duplicateAllergen);
export const dietListSchema = () =>
  uniqueList(DIET_LABELS as unknown as [string, ...string[]], m.unknownDiet, m.duplicateDiet);

/** A line's units: a sub-recipe also counts in portions (docs/product/products.md « Sub-recipes »). */
export const LINE_UNITS = [...UNITS, 'portion'] as const;
export type LineUnit = (typeof LINE_UNITS)[number];
export const SUB_RECIPE_UNITS: readonly LineUnit[] = ['g', 'kg', 'portion'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A line names exactly one source: a Ciqual food (`code`) or an own product (`productId`). */
const ingredientLineSchema = z
  .object({
    code: z
      .string({ error: m.codeInvalid })
      .regex(/^\d{1,9}$/, m.codeInvalid)
      .nullish(),
    productId: z.string({ error: m.unknownProduct }).regex(UUID, m.unknownProduct).nullish(),
    /** A sub-recipe of the organisation, by g, kg or portion. */
    recipeId: z.string({ error: m.unknownRecipe }).regex(UUID, m.unknownRecipe).nullish(),
    quantity: ruleNumber(n.quantity),
    unit: z.enum(LINE_UNITS, { error: c.unitInvalid }),
    gramsPerUnit: ruleNumber(n.gramsPerUnit).nullable().optional(),
    /** Used when unit is ml or l; absent, the server takes the food's density from data/kitchen-measures.json (else 1). */
    gramsPerMl: ruleNumber(n.gramsPerMl).nullable().optional(),
  })
  .superRefine((line, ctx) => {
    const sources = [line.code, line.productId, line.recipeId].filter((v) => v !== null && v !== undefined).length;
    if (sources === 0) ctx.addIssue({ code: 'custom', message: m.codeInvalid, path: ['code'] });
    if (sources > 1)
      ctx.addIssue({ code: 'custom', message: m.oneSource, path: [line.recipeId ? 'recipeId' : 'productId'] });
    if (line.recipeId && !SUB_RECIPE_UNITS.includes(line.unit))
      ctx.addIssue({ code: 'custom', message: m.subRecipeUnit, path: ['unit'] });
    if (!line.recipeId && line.unit === 'portion')
      ctx.addIssue({ code: 'custom', message: m.portionForRecipe, path: ['unit'] });
    // A product's line may take the product's own weight of a unit (checked when the product is read).
    if (line.unit === 'unité' && !line.gramsPerUnit && !line.productId) {
      ctx.addIssue({ code: 'custom', message: c.gramsPerUnitRequired, path: ['gramsPerUnit'] });
    }
  });

/** RecipeInput of docs/product/api.md. Nutrition is never part of it: the server computes it. */
export const recipeInputSchema = z
  .object({
    name: z.string({ error: m.nameRequired }).trim().min(1, m.nameRequired).max(200, m.nameTooLong),
    description: z.string().trim().max(2000, m.descriptionTooLong).default(''),
    servings: ruleNumber(n.servings),
    ingredients: z
      .array(ingredientLineSchema, { error: m.noIngredient })
      .min(1, m.noIngredient)
      .max(100, m.tooManyIngredients),
    allergens: uniqueList(ALLERGEN_NAMES as [string, ...string[]], m.unknownAllergen, m.duplicateAllergen),
    dietaryInfo: uniqueList(DIET_LABELS as unknown as [string, ...string[]], m.unknownDiet, m.duplicateDiet),
    prepTime: ruleNumber(n.prepTime).nullable().optional(),
    cookTime: ruleNumber(n.cookTime).nullable().optional(),
    price: ruleNumber(n.price).nullable().optional(),
    /** « Peut contenir (traces) », distinct from the allergens the dish contains. */
    traces: uniqueList(ALLERGEN_NAMES as [string, ...string[]], m.unknownAllergen, m.duplicateAllergen),
    /** Weight of the whole dish once cooked (cooking loss): « pour 100 g » then refers to the dish as served. */
    cookedWeightG: ruleNumber(n.cookedWeightG).nullable().optional(),
    /** « Poids après cuisson » under the contract's name (docs/product/api.md): the same value as cookedWeightG. */
    yieldGrams: ruleNumber(n.cookedWeightG).nullable().optional(),
    /** Share of fruit, vegetables and legumes for the Nutri-Score, entered by the owner. */
    fruitVegLegumePercent: ruleNumber(n.fruitVegLegumePercent).nullable().optional(),
    /** Show the Nutri-Score letter on the public menu. */
    showNutriScore: z.boolean().default(false),
    /** The Nutri-Score table (src/shared/nutri-score-category.ts): `auto` follows the ingredients. */
    nutriScoreCategory: z.enum(NUTRISCORE_CHOICES, { error: c.nutriScoreCategoryInvalid }).default('auto'),
    /**
     * « Fait maison » (code de la consommation L. 122-19 and L. 122-20, décret 2014-797): the owner
     * states the dish is cooked on site from raw products; diners see the mention.
     */
    homemade: z.boolean().default(false),
    /** The meats of the dish and their origin (src/shared/meat-origin.ts, docs/product/decisions.md 20). */
    meatOrigins: meatOriginsSchema,
    /** Sold on site (VAT 10 %) or to take away (5,5 %): the price HT of the margins (src/shared/costs.ts). */
    saleMode: z.enum(SALE_MODES, { error: m.saleModeInvalid }).default('sur_place'),
    /** « Progression » of the fiche technique: the steps in order; blank steps are dropped. */
    progression: z
      .array(z.string({ error: m.stepTooLong }).trim().max(2000, m.stepTooLong), { error: m.tooManySteps })
      .max(100, m.tooManySteps)
      .default([])
      .transform((steps) => steps.filter((step) => step.length > 0)),
    /**
     * « Je confirme la liste des allergènes » (docs/product/decisions.md 15): the lists above are complete,
     * possibly empty. Without it the recipe is `unverified` and diners are told to ask.
     */
    allergensDeclared: z.boolean({ error: m.allergensDeclaredInvalid }).default(false),
    /**
     * Name and description for diners in English, Spanish, German, Italian (docs/decisions/0019-public-menu-for-diners.md); French
     * when missing. Absent from an update: the stored translations are kept.
     */
    translations: dishTranslationsSchema.optional(),
  })
  .superRefine((recipe, ctx) => {
    recipe.traces.forEach((name, index) => {
      if (recipe.allergens.includes(name))
        ctx.addIssue({ code: 'custom', message: m.containsAndTraces, path: ['traces', index] });
    });
  });
export type RecipeInput = z.input<typeof recipeInputSchema>;
export type RecipeInputParsed = z.output<typeof recipeInputSchema>;

/** A line as stored, with what its food implies (`suggestedAllergens`, `redMeat`, from the stored facts). */
export interface RecipeIngredient extends FoodFacts {
  id: string;
  /** `ciqual`: `code` is set; `product`: `productId` is (« Mon produit »); `recipe`: `recipeId` (a sub-recipe). */
  kind: 'ciqual' | 'product' | 'recipe';
  code: string | null;
  productId: string | null;
  recipeId: string | null;
  name: string;
  /** A product's stated allergens and traces (empty for a Ciqual food). */
  allergens: string[];
  traces: string[];
  quantity: number;
  unit: LineUnit;
  gramsPerUnit: number | null;
  /** The density used for a line in ml or l (docs/product/decisions.md 17); null for other units. */
  gramsPerMl: number | null;
  per100g: Per100g;
  /** A sub-recipe's served grams per portion (its per100g is per 100 g served). */
  gramsPerPortion?: number;
  /** A sub-recipe's portions: 1 is a batch recipe, whose portion the form calls « fournée ». */
  servings?: number;
}

export interface Recipe {
  id: string;
  /** +1 per change; a PUT or PATCH may name it (src/shared/api/versions.ts). */
  version: number;
  name: string;
  description: string;
  servings: number;
  ingredients: RecipeIngredient[];
  /** The whole lists: the owner's own plus what the products' labels state (docs/product/products.md). */
  allergens: string[];
  traces: string[];
  /** The owner's own lists, as last saved (the form edits these). */
  ownAllergens: string[];
  ownTraces: string[];
  /** Allergens and traces stated by the products, with the products that state them. */
  productAllergens: AllergenSuggestion[];
  productTraces: AllergenSuggestion[];
  dietaryInfo: string[];
  prepTime: number | null;
  cookTime: number | null;
  price: number | null;
  caloriesPerServing: number | null;
  proteinPerServing: number | null;
  carbsPerServing: number | null;
  fatPerServing: number | null;
  cookedWeightG: number | null;
  /** Weight of the whole recipe as served: cookedWeightG, else the raw ingredients' weight. */
  yieldGrams: number;
  /** Food cost HT of one portion, in euros (two decimals); null when a line has no price (`costMissing` names them). */
  costPerServing: number | null;
  /** costPerServing ÷ price HT × 100, one decimal; null without both (src/shared/costs.ts). */
  foodCostPercent: number | null;
  /** The lines without a price (names): the cost is incomplete while any is listed. */
  costMissing: string[];
  /** Sold on site (VAT 10 %) or to take away (5,5 %); `price` is TTC. */
  saleMode: SaleMode;
  /** price ÷ (1 + VAT), two decimals; null without a price. */
  priceHt: number | null;
  /** priceHt ÷ costPerServing, two decimals; null without both. */
  coefficient: number | null;
  /** The fiche technique's numbered steps, in order. */
  progression: string[];
  fruitVegLegumePercent: number | null;
  showNutriScore: boolean;
  /** The owner's choice of Nutri-Score table; `nutriScore.category` is the one applied. */
  nutriScoreCategory: NutriScoreChoice;
  /** The owner's translations for diners (src/shared/diner/translations.ts). */
  translations: DishTranslations;
  homemade: boolean;
  meatOrigins: MeatOrigin[];
  /**
   * The meats its products bring, at any depth, with their origin as the product stores it (one
   * country or its stages; docs/product/api.md `origins`; src/shared/product-origins.ts). Diners read
   * `meatOrigins`, the owner's declaration, and for an undeclared kind the origin all these products
   * agree on (src/shared/diner-meat-origins.ts).
   */
  origins: ProductOrigin[];
  /**
   * A meat whose origin is not fully known, or a product's meat kind no declared meat covers and its products do not agree
   * on a complete origin for, or red meat among the ingredients with no meat origin: the owner is told (the decree requires
   * the origin on the menu).
   */
  meatOriginMissing: boolean;
  /** Honest gaps: which ingredients lack which values (the four headline values are partial if non-empty). */
  nutrition: RecipeFacts['nutrition'];
  /** The letter, or why it cannot be computed (each missing value named). */
  nutriScore: RecipeNutriScore;
  /** `declared`: the owner confirmed the lists (possibly empty); `unverified`: not confirmed. */
  allergenStatus: AllergenStatus;
  /** Allergens the ingredients imply, with the ingredients that imply them, declared or not. */
  allergenSuggestions: AllergenSuggestion[];
  /** Its photo's largest copy (PUT /api/recipes/:id/photo), or null; `photo` has every copy. */
  photoUrl: string | null;
  photo: Photo | null;
  /**
   * Who confirmed the allergen lists and when (« Allergènes confirmés par Marie le 12 mars »),
   * null while `unverified`. `userId` is null once that account is deleted; the name stays.
   */
  allergensConfirmedBy: { userId: string | null; name: string } | null;
  allergensConfirmedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface IngredientHit extends FoodFacts {
  /** `product`: an own product (« Mon produit »), `recipe`: a recipe of the organisation (a sub-recipe); both before Ciqual foods. */
  kind: 'ciqual' | 'product' | 'recipe';
  /** The Ciqual code, or the product's id. */
  id: string;
  /** The Ciqual code; null for a product. */
  code: string | null;
  /** A product's stated allergens and traces (empty for a Ciqual food). */
  allergens: string[];
  traces: string[];
  /** A product's supplier, shown beside « Mon produit ». */
  supplier?: string | null;
  /** A recipe's served grams per portion (a line « 2 portions »). */
  gramsPerPortion?: number | null;
  /** A recipe's portions (1: a batch recipe, « fournée »). */
  servings?: number;
  /** A product's own weight of a unit: its « unité » lines start with it. */
  gramsPerUnit?: number | null;
  name: string;
  group: string | null;
  per100g: Per100g;
}
