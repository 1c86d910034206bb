import { z } from '../zod-fr.ts';
import {
  CATERING_TAGS,
  isIsoDate,
  POPULATIONS,
  SERVICES,
  SLOTS,
  type CateringTag,
  type Population,
  type Service,
  type Slot,
} from '../catering/catering.ts';
import type { CriterionResult, Ruleset } from '../catering/gemrcn.ts';
import {
  PORTION_GRAMS_MAX,
  PORTION_GRAMS_MIN,
  PORTION_LINES,
  type PortionGrid,
  type PortionLine,
  type PortionSource,
} from '../catering/portions.ts';
import { mealPlanMessages } from './meal-plan-messages.ts';

// The messages without zod, for the web app's page (docs/decisions/0041-first-load-javascript.md).
export { mealPlanMessages } from './meal-plan-messages.ts';
const m = mealPlanMessages;

export const isoDateSchema = z.string({ error: m.dateInvalid }).refine(isIsoDate, m.dateInvalid);
const uuidSchema = (message: string) => z.string({ error: message }).uuid(message);

/** PUT /api/meal-plans/:establishmentId/:date/:service: the service's components, replaced as a whole. */
export const serviceComponentsSchema = z.object({
  components: z
    .array(z.object({ slot: z.enum(SLOTS, { error: m.slotInvalid }), recipeId: uuidSchema(m.recipeInvalid) }), {
      error: m.slotInvalid,
    })
    .max(SLOTS.length, m.slotTwice)
    .refine((list) => new Set(list.map((c) => c.slot)).size === list.length, m.slotTwice),
});
export const serviceSchema = z.enum(SERVICES, { error: m.serviceInvalid });

export const rangeQuerySchema = z
  .object({ establishmentId: uuidSchema(m.establishmentRequired), from: isoDateSchema, to: isoDateSchema })
  .refine((q) => q.from <= q.to && Date.parse(q.to) - Date.parse(q.from) <= 400 * 86_400_000, {
    message: m.rangeInvalid,
    path: ['to'],
  });
/** GET /api/meal-plans?…&population=: each day's nutrition and cost for one cover of that population. */
export const rangeWithPopulationQuerySchema = rangeQuerySchema.and(
  z.object({ population: z.enum(POPULATIONS, { error: m.populationInvalid }).optional() }),
);
export const gemrcnQuerySchema = z.object({
  establishmentId: uuidSchema(m.establishmentRequired),
  from: isoDateSchema,
  population: z.enum(POPULATIONS, { error: m.populationInvalid }),
});

/** POST /api/meal-plans/:establishmentId/copy: `days` is 1, 7 or 28 (a day, a week, a four-week cycle). */
export const copySchema = z
  .object({
    from: isoDateSchema,
    days: z.union([z.literal(1), z.literal(7), z.literal(28)], { error: m.copyLengthInvalid }),
    to: isoDateSchema,
    /** How many times the block is repeated from `to` (a cycle over a term). */
    times: z
      .number({ error: m.copyLengthInvalid })
      .int(m.copyLengthInvalid)
      .min(1, m.copyLengthInvalid)
      .max(13, m.copyLengthInvalid)
      .default(1),
  })
  .refine((c) => c.to > c.from, { message: m.copyOverlap, path: ['to'] });

/** POST /api/meal-plans/:establishmentId/publish: the week of `week` (any day of it). */
export const publishSchema = z.object({ week: isoDateSchema });

/** PUT /api/recipes/:id/catering: the owner's classifications for the GEMRCN grid. */
export const cateringTagsSchema = z.object({
  tags: z.array(z.enum(CATERING_TAGS, { error: m.tagInvalid })).max(CATERING_TAGS.length, m.tagInvalid),
});

const coversSchema = z.coerce
  .number({ error: m.coversInvalid })
  .int(m.coversInvalid)
  .min(0, m.coversInvalid)
  .max(100_000, m.coversInvalid)
  .default(0);
export const productionQuerySchema = z.object({
  establishmentId: uuidSchema(m.establishmentRequired),
  date: isoDateSchema,
  ...(Object.fromEntries(POPULATIONS.map((p) => [p, coversSchema])) as Record<Population, typeof coversSchema>),
});

/** GET /api/meal-plans/portions?establishmentId=. */
export const portionsQuerySchema = z.object({ establishmentId: uuidSchema(m.establishmentRequired) });

const portionGramsSchema = z
  .number({ error: m.portionGramsInvalid })
  .int(m.portionGramsInvalid)
  .min(PORTION_GRAMS_MIN, m.portionGramsInvalid)
  .max(PORTION_GRAMS_MAX, m.portionGramsInvalid)
  .nullable();
const portionRowSchema = z.strictObject(
  Object.fromEntries(POPULATIONS.map((p) => [p, portionGramsSchema.optional()])) as Record<
    Population,
    z.ZodOptional<typeof portionGramsSchema>
  >,
  {
    error: m.populationInvalid,
  },
);

/**
 * PUT /api/meal-plans/:establishmentId/portions: the establishment's own grammages, replaced as
 * a whole. A cell given is the establishment's (grams, or null for one recipe portion per
 * cover); a cell left out follows the defaults; `{grams: {}}` goes back to them all.
 */
export const portionsBodySchema = z.object({
  grams: z.strictObject(
    Object.fromEntries(PORTION_LINES.map((l) => [l, portionRowSchema.optional()])) as Record<
      PortionLine,
      z.ZodOptional<typeof portionRowSchema>
    >,
    {
      error: m.portionLineInvalid,
    },
  ),
});
export type PortionsBody = z.infer<typeof portionsBodySchema>;

export interface PortionsAnswer {
  establishmentId: string;
  /** Every line × population with its grams and where they come from. */
  grid: PortionGrid;
}

export interface PlannedComponent {
  slot: Slot;
  recipeId: string;
  recipeName: string;
}
export interface PlannedDay {
  date: string;
  /** A service saved once holds its version (src/shared/api/versions.ts); one never saved is absent: its version is 0. */
  services: { service: Service; version: number; components: PlannedComponent[] }[];
  /**
   * Per cover, summed over the day's components: recipes' own portions, or, when the range was
   * asked for a population, each dish scaled to the establishment's grammage for it.
   */
  nutrition: { energyKcal: number | null; protein: number | null; carbs: number | null; fat: number | null };
  /** Euros excluding VAT per cover; null while a line has no known price. */
  costPerCover: number | null;
  vegetarianLunch: boolean;
}
export interface MealPlanRange {
  days: PlannedDay[];
}
export interface GemrcnAnswer {
  meals: number;
  population: Population;
  ruleset: Ruleset;
  rulesetLabel: string;
  criteria: CriterionResult[];
}
export interface EgalimAnswer {
  purchaseValue: number;
  sustainableValue: number;
  organicValue: number;
  sustainablePercent: number | null;
  organicPercent: number | null;
  meatFishSustainablePercent: number | null;
  unpricedLines: number;
  weeks: number;
  vegetarianWeeks: number;
  /** Mondays of the weeks with a lunch but no vegetarian lunch. */
  weeksWithoutVegetarian: string[];
}
export interface ProductionAnswer {
  date: string;
  covers: Record<Population, number>;
  dishes: {
    service: Service;
    slot: Slot;
    recipeName: string;
    /** The grid's line the dish is weighed by (a main dish: on its own, or whole when composed). */
    portionLine: PortionLine;
    /** Grams of finished dish per cover, per population served (null: the recipe's own portion, unweighed). */
    portionGrams: Partial<Record<Population, number | null>>;
    /** Where each population's weight comes from (src/shared/catering/portions.ts). */
    portionSources: Partial<Record<Population, PortionSource>>;
    /** False when the recipe's portion weight is unknown: one recipe portion per cover is counted. */
    scaled: boolean;
    ingredients: { name: string; quantity: number; unit: string }[];
  }[];
}
export interface CateringTagsAnswer {
  tags: CateringTag[];
}
