import { z } from '../zod-fr.ts';
import {
  CATERING_TAGS,
  isIsoDate,
  isPlanDate,
  POPULATIONS,
  SERVICES,
  SLOTS,
  type CateringTag,
  type Population,
  type Service,
  type Slot,
} from '../catering/catering.ts';
import type { CriterionResult, Ruleset } from '../catering/gemrcn.ts';
import type { Closure } from '../catering/calendar.ts';
import { DIET_COUNT_MAX, isVariant, type DietCounts, type Variant } from '../catering/diets.ts';
import type { OrderUnit } from '../catering/quantities.ts';
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

/** A plan's day: a real date of the years 2000 to 2099 (`isPlanDate`, src/shared/catering/catering.ts). */
export const isoDateSchema = z
  .string({ error: m.dateInvalid })
  .refine(isIsoDate, m.dateInvalid)
  .refine(isPlanDate, m.dateOutOfRange);
const uuidSchema = (message: string) => z.string({ error: message }).uuid(message);

const variantSchema = z.string({ error: m.variantInvalid }).refine(isVariant, m.variantInvalid);
/** A version sent back with a change (docs/product/api.md « Versions and conflicts »): a stale one is a 409. */
const versionSchema = z.number({ error: m.versionInvalid }).int(m.versionInvalid).min(1, m.versionInvalid);

/**
 * PUT /api/meal-plans/:establishmentId/:date/:service: the service's components, replaced as a
 * whole; each may name the dish a diet variant gets instead (« menus de substitution »).
 */
export const serviceComponentsSchema = z.object({
  components: z
    .array(
      z.object({
        slot: z.enum(SLOTS, { error: m.slotInvalid }),
        recipeId: uuidSchema(m.recipeInvalid),
        substitutes: z
          .array(z.object({ variant: variantSchema, recipeId: uuidSchema(m.recipeInvalid) }), {
            error: m.variantInvalid,
          })
          .max(40, m.variantInvalid)
          .refine((list) => new Set(list.map((s) => s.variant)).size === list.length, m.variantInvalid)
          .optional(),
      }),
      {
        error: m.slotInvalid,
      },
    )
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

/** POST /api/meal-plans/:establishmentId/publish, /validate, /unpublish: the week of `week` (any day of it). */
export const publishSchema = z.object({ week: isoDateSchema, version: versionSchema.optional() });

const tagListSchema = z.array(z.enum(CATERING_TAGS, { error: m.tagInvalid })).max(CATERING_TAGS.length, m.tagInvalid);
/**
 * PUT /api/recipes/:id/catering: the owner's classifications for the GEMRCN grid, « compte »
 * (`tags`) and « ne compte pas » (`excluded`, default none); a word in both is refused.
 */
export const cateringTagsSchema = z
  .object({
    tags: tagListSchema,
    excluded: tagListSchema.default([]),
    /** The owner's « de saison » tick (left out: kept). */
    seasonal: z.boolean({ error: m.tagInvalid }).optional(),
  })
  .refine((b) => !b.tags.some((t) => b.excluded.includes(t)), { message: m.tagInvalid, path: ['excluded'] });

const dietCountSchema = z
  .number({ error: m.dietCountInvalid })
  .int(m.dietCountInvalid)
  .min(0, m.dietCountInvalid)
  .max(DIET_COUNT_MAX, m.dietCountInvalid);
const dietRowSchema = z
  .record(z.string({ error: m.variantInvalid }), dietCountSchema, { error: m.variantInvalid })
  .refine((row) => Object.keys(row).every(isVariant), m.variantInvalid)
  .transform((row) => row as Partial<Record<Variant, number>>);
/** PUT /api/meal-plans/:establishmentId/diets: per service, the covers of each variant (counts only). */
export const dietsBodySchema = z.object({
  counts: z.strictObject(
    Object.fromEntries(SERVICES.map((s) => [s, dietRowSchema.optional()])) as Record<
      Service,
      z.ZodOptional<typeof dietRowSchema>
    >,
    { error: m.serviceInvalid },
  ),
  version: versionSchema.optional(),
});
export interface DietsAnswer {
  establishmentId: string;
  counts: DietCounts;
  version: number;
}

const labelSchema = z
  .string({ error: m.closedDayLabelInvalid })
  .trim()
  .min(1, m.closedDayLabelInvalid)
  .max(120, m.closedDayLabelInvalid);
/** POST /api/meal-plans/:establishmentId/closed-days and PUT …/closed-days/:id. */
export const closedDayBodySchema = z.object({
  date: isoDateSchema,
  label: labelSchema,
  version: versionSchema.optional(),
});
export interface ClosedDay {
  id: string;
  date: string;
  label: string;
  source: 'saisie' | 'ics';
  version: number;
}
/** GET /api/meal-plans/calendar?establishmentId=&from=&to=: why each day of the range has no service. */
export interface CalendarAnswer {
  establishmentId: string;
  closures: { service: Service; days: Closure[] }[];
  closedDays: ClosedDay[];
  schoolHolidays: { source: string; retrieved: string; schoolYears: string[] };
  /**
   * The school years of the range whose holidays a school cannot know (« 2027-2028 »): none
   * shipped for its zone and no .ics imported for them. Empty for a site that is not a school.
   */
  unknownSchoolYears: string[];
}

const coversSchema = z.coerce
  .number({ error: m.coversInvalid })
  .int(m.coversInvalid)
  .min(0, m.coversInvalid)
  .max(100_000, m.coversInvalid);
/** Covers typed on the sheet; none typed: the establishment's covers of that day, spread by its age mix. */
export const productionQuerySchema = z.object({
  establishmentId: uuidSchema(m.establishmentRequired),
  date: isoDateSchema,
  ...(Object.fromEntries(POPULATIONS.map((p) => [p, coversSchema.optional()])) as Record<
    Population,
    z.ZodOptional<typeof coversSchema>
  >),
});

/** GET /api/meal-plans/orders?establishmentId=&from=&to=&format=: what to order from each supplier. */
export const ordersQuerySchema = z
  .object({
    establishmentId: uuidSchema(m.establishmentRequired),
    from: isoDateSchema,
    to: isoDateSchema,
    format: z.enum(['json', 'csv', 'xlsx'], { error: m.formatInvalid }).default('json'),
  })
  .refine((q) => q.from <= q.to && Date.parse(q.to) - Date.parse(q.from) <= 62 * 86_400_000, {
    message: m.ordersRangeInvalid,
    path: ['to'],
  });

/** GET /api/meal-plans/ma-cantine?establishmentId=&year=&form= (and `.csv`). */
export const maCantineQuerySchema = z.object({
  establishmentId: uuidSchema(m.establishmentRequired),
  year: z.coerce.number({ error: m.yearInvalid }).int(m.yearInvalid).min(2000, m.yearInvalid).max(2100, m.yearInvalid),
  form: z.enum(['simple', 'detaille'], { error: m.formInvalid }).default('simple'),
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
  /** The dish each diet variant gets instead, and what is wrong with it for that variant (null: it suits). */
  substitutes?: { variant: Variant; recipeId: string; recipeName: string; problem: string | null }[];
  /** The variants this service serves that the dish does not suit (« contient du porc »), substituted or not. */
  unsuited?: { variant: Variant; problem: string }[];
}

export type WeekStatus = 'draft' | 'validated' | 'published';
/** A week's publication (only published weeks are public). */
export interface WeekState {
  week: string;
  status: WeekStatus;
  validatedBy: string | null;
  validatedAt: string | null;
  publishedAt: string | null;
  /** Last change after publication: families read « menu modifié le … ». */
  changedAt: string | null;
  version: number;
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
  /** Why the establishment does not serve each service that day (null: it serves). */
  closures?: Partial<Record<Service, { kind: Closure['kind']; label: string }>>;
}
export interface MealPlanRange {
  days: PlannedDay[];
  /** Every week (Monday) the range touches, with its publication. */
  weeks?: WeekState[];
}
export interface GemrcnAnswer {
  meals: number;
  population: Population;
  ruleset: Ruleset;
  rulesetLabel: string;
  criteria: CriterionResult[];
  /** Dates of the meals that break article 1 (a main dish, a side, a dairy product, a starter and/or a dessert). */
  incompleteMeals: string[];
  incomplete: { date: string; service: Service; missing: string[] }[];
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
export interface ProducedAmount {
  name: string;
  /** Rounded up in the unit a cook orders (src/shared/catering/quantities.ts). */
  quantity: number;
  unit: OrderUnit;
}
export interface ProductionAnswer {
  date: string;
  /** Covers of the day's main dishes by population (the establishment's, or the ones typed). */
  covers: Record<Population, number>;
  coversSource: 'etablissement' | 'saisie';
  /** Why nothing is served that day, when the calendar says so. */
  closed: string | null;
  /** The variants served and their covers; texture variants are made from the planned dish. */
  variants: { service: Service; variant: Variant; label: string; count: number }[];
  /** What the sheet cannot solve: covers of a variant without a dish that suits them. */
  warnings: string[];
  /** One line per ingredient for the whole day, across courses and variants (raw, to take out or order). */
  totals: ProducedAmount[];
  dishes: {
    service: Service;
    slot: Slot;
    recipeName: string;
    /** null: the planned dish; else the variant this substitute feeds. */
    variant: Variant | null;
    variantLabel: string | null;
    /** Covers eating this dish. */
    coversTotal: number;
    /** Served weight of all its covers (cooked), and the recipe's yield (cooked ÷ raw), null when unknown. */
    servedGrams: number | null;
    yieldPercent: number | null;
    /** « arrêté du 30 septembre 2011, annexe II (steak haché de bœuf…) » for each population. */
    portionSourceTexts: Partial<Record<Population, string>>;
    /** The grid's line the dish is weighed by (a main dish: on its own, or whole when composed). */
    portionLine: PortionLine;
    /** Grams of finished dish per cover, per population served (null: the recipe's own portion, unweighed). */
    portionGrams: Partial<Record<Population, number | null>>;
    /** Where each population's weight comes from (src/shared/catering/portions.ts). */
    portionSources: Partial<Record<Population, PortionSource>>;
    /** False when the recipe's portion weight is unknown: one recipe portion per cover is counted. */
    scaled: boolean;
    /** Raw quantities from the recipe's yield, in the units a cook orders. */
    ingredients: ProducedAmount[];
  }[];
}
export interface CateringTagsAnswer {
  tags: CateringTag[];
  /** The recipe's version (the tags are part of the recipe): sent back by the form (docs/decisions/0034). */
  version: number;
  excluded: CateringTag[];
  /** « De saison » on the families' page whatever the month (src/shared/catering/season.ts). */
  seasonal: boolean;
  /** What the data says of the dish, each with its reason (src/shared/catering/gemrcn.ts `automaticTags`). */
  automatic: { tag: CateringTag; reason: string }[];
}

export interface OrderLine {
  name: string;
  /** Rounded up in its unit; `packs` when the product has a pack size. */
  quantity: number;
  unit: OrderUnit;
  packs: { count: number; size: number; unit: 'kg' | 'l' | 'unité'; quantity: number; unit2: OrderUnit } | null;
  /** Euros HT at the product's price for the quantity ordered, null without a price. */
  estimatedValue: number | null;
}
/** GET /api/meal-plans/orders: per supplier, what the planned days need. */
export interface OrdersAnswer {
  establishmentId: string;
  from: string;
  to: string;
  days: number;
  suppliers: { supplier: string; lines: OrderLine[] }[];
  warnings: string[];
}

/** GET /api/meal-plans/ma-cantine: the year's bilan, from the confirmed invoices, or from the plan when none is. */
export interface MaCantineAnswer {
  establishmentId: string;
  year: number;
  siret: string | null;
  source: 'purchases' | 'estimate';
  /** Which source, in a sentence for the screen (« D’après vos 12 factures d’achat confirmées… »). */
  sourceLabel: string;
  /** With `purchases`: the invoices counted, those with a total only, the value of lines without a product. */
  purchases: { invoices: number; totalOnlyInvoices: number; unmatchedValue: number } | null;
  /** Planned dishes with a line of unknown price (their value is left out of the estimate). */
  unpricedDishes: number;
  meals: number;
  /** Covers served over the year by the plan (0: the establishment's covers are not said). */
  covers: number;
  simple: Record<string, number>;
  detailed: Record<string, number>;
  /** What « ma cantine » would refuse, in its words (src/shared/catering/ma-cantine.ts). */
  problems: string[];
}
