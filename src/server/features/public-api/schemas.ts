import { z } from '@hono/zod-openapi';
import { itemPriceRule } from '../../../shared/api/menus.ts';
import { integrationMessages as m } from '../../../shared/api/integrations.ts';
import { isPlanDate } from '../../../shared/catering/catering.ts';
import { ruleNumber } from '../../../shared/number-rules.ts';
import { versionMessages } from '../../../shared/api/versions.ts';

/**
 * The zod schemas of /api/v1 (docs/product/integrations.md): the routes validate their input
 * with them, and /api/v1/openapi.json is generated from them (src/server/features/public-api/routes.ts),
 * so the document cannot drift from what the server checks and answers.
 */
export const ErrorSchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: 'forbidden' }),
      message: z.string().openapi({ example: 'Cette clé d’API n’a pas la permission nécessaire' }),
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .openapi('Error');

const id = z.string().uuid();
const nullableNumber = z.number().nullable();

const NutritionSchema = z
  .object({
    caloriesPerServing: nullableNumber.openapi({ description: 'kcal par portion' }),
    proteinPerServing: nullableNumber.openapi({ description: 'g par portion' }),
    carbsPerServing: nullableNumber,
    fatPerServing: nullableNumber,
  })
  .openapi('NutritionPerServing');

export const ApiMenuItemSchema = z
  .object({
    id,
    name: z.string(),
    description: z.string(),
    price: nullableNumber.openapi({ description: 'Prix TTC affiché aux clients, en euros ; null : à renseigner' }),
    available: z.boolean().openapi({ description: 'false quand le plat est « Épuisé »' }),
    listed: z.boolean().openapi({ description: 'false quand le plat est masqué de la carte (« Indisponible »)' }),
    allergens: z.array(z.string()),
    traces: z.array(z.string()),
    allergenStatus: z.enum(['declared', 'unverified']),
    diets: z.array(z.string()),
    homemade: z.boolean(),
    recipeId: id.nullable(),
    nutrition: NutritionSchema.nullable(),
  })
  .openapi('MenuItem');

export const ApiMenuSchema = z
  .object({
    id,
    name: z.string(),
    description: z.string(),
    isActive: z.boolean(),
    establishmentId: id,
    updatedAt: z.string(),
    sections: z.array(
      z
        .object({ id, name: z.string(), description: z.string(), items: z.array(ApiMenuItemSchema) })
        .openapi('MenuSection'),
    ),
  })
  .openapi('Menu');

export const ApiRecipeSchema = z
  .object({
    id,
    name: z.string(),
    description: z.string(),
    servings: z.number(),
    allergens: z.array(z.string()),
    traces: z.array(z.string()),
    allergenStatus: z.enum(['declared', 'unverified']),
    diets: z.array(z.string()),
    homemade: z.boolean(),
    price: nullableNumber.openapi({ description: 'Prix de vente TTC conseillé' }),
    nutrition: NutritionSchema,
    ingredients: z.array(z.object({ name: z.string(), quantity: z.number(), unit: z.string() })),
    updatedAt: z.string(),
    costPerServing: nullableNumber
      .optional()
      .openapi({ description: 'Coût matière HT par portion : seulement avec costs:read' }),
    foodCostPercent: nullableNumber.optional().openapi({ description: 'Seulement avec costs:read' }),
  })
  .openapi('Recipe');

export const ApiProductSchema = z
  .object({
    id,
    name: z.string(),
    supplier: z.string(),
    allergens: z.array(z.string()),
    traces: z.array(z.string()),
    labels: z.array(z.string()),
    origin: z.string().nullable(),
    meatKind: z.string().nullable(),
    per100g: z.object({
      energyKcal: nullableNumber,
      fat: nullableNumber,
      saturatedFat: nullableNumber,
      carbs: nullableNumber,
      sugars: nullableNumber,
      fiber: nullableNumber,
      protein: nullableNumber,
      salt: nullableNumber,
    }),
    price: z
      .object({ amount: z.number(), per: z.string() })
      .nullable()
      .optional()
      .openapi({ description: 'Prix d’achat HT : seulement avec costs:read' }),
  })
  .openapi('Product');

export const ApiMealPlanSchema = z
  .object({
    days: z.array(
      z.object({
        date: z.string(),
        services: z.array(
          z.object({
            service: z.string(),
            components: z.array(z.object({ slot: z.string(), recipeId: id, recipeName: z.string() })),
          }),
        ),
      }),
    ),
  })
  .openapi('MealPlan');

export const IdParamSchema = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });

// A real day of the years 2000 to 2099, as the signed-in plan takes (src/shared/catering/catering.ts isPlanDate):
// « 2026-02-30 » answered 500.
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date attendue au format AAAA-MM-JJ')
  .refine(isPlanDate, 'Date attendue au format AAAA-MM-JJ, des années 2000 à 2099');
export const MealPlanQuerySchema = z.object({
  establishmentId: z.string().uuid('Choisissez un établissement de l’organisation'),
  from: day,
  to: day,
});

/** The version the client read (or `If-Match: "<version>"`): another one held → 409, nothing changes. */
const expectedVersion = z
  .number({ error: versionMessages.invalid })
  .int(versionMessages.invalid)
  .min(0, versionMessages.invalid)
  .optional()
  .openapi({
    description: 'La version lue (ou `If-Match: "<version>"`) : si le plat en a une autre, 409 et rien ne change.',
  });

export const AvailabilityInputSchema = z
  .object({ available: z.boolean({ error: m.availableRequired }), version: expectedVersion })
  .openapi('AvailabilityInput');
export const PriceInputSchema = z
  .object({ price: ruleNumber(itemPriceRule), version: expectedVersion })
  .openapi('PriceInput');

export const ItemStateSchema = z
  .object({
    id,
    menuId: id,
    name: z.string(),
    available: z.boolean(),
    price: nullableNumber,
    version: z.number().int(),
  })
  .openapi('ItemState');
