import { z } from '../zod-fr.ts';
import { isIsoDate, SERVICES, type Service, type Slot } from '../catering/catering.ts';
import {
  LABEL_BARCODES,
  LABEL_NUTRITION,
  NET_UNITS,
  type LabelBarcode,
  type LabelSettings,
} from '../labels/settings.ts';
import type { LabelIngredient } from '../labels/ingredient-list.ts';
import type { Quid } from '../labels/quid.ts';
import type { LabelNutritionValues } from '../labels/nutrition-text.ts';
import { labelMessages } from './label-messages.ts';

export { labelMessages } from './label-messages.ts';
export type { LabelSettings } from '../labels/settings.ts';
const m = labelMessages;

/** Label formats (docs/product/labels.md): two A4 sheets, a grid the owner sizes, two rolls. */
export const LABEL_FORMATS = ['a4-3x8', 'a4-2x7', 'a4-grid', 'roll-62', 'roll-58'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];
export const LABEL_FORMAT_NAMES: Record<LabelFormat, string> = {
  'a4-3x8': 'Planche A4, 3 × 8 (70 × 37 mm)',
  'a4-2x7': 'Planche A4, 2 × 7 (99,1 × 38,1 mm)',
  'a4-grid': 'Planche A4, grille sur mesure',
  'roll-62': 'Rouleau 62 mm',
  'roll-58': 'Rouleau 58 mm',
};

/**
 * Labels one PDF may hold, copies × dishes (a menu's, a day's plats témoins): 21 sheets of
 * 3 × 8, a morning's roll. Each label is drawn, so a menu of 60 dishes × 500 copies took 45 s of
 * the server's time.
 */
export const MAX_LABELS_PER_PDF = 500;

/** PUT /api/recipes/:id/label: the recipe's label settings; `version` (or If-Match) guards a stale form. */
export const labelSettingsInputSchema = z.object({
  denomination: z
    .string({ error: m.denomination })
    .trim()
    .max(200, m.denomination)
    .nullish()
    .transform((value) => (value ? value : null)),
  shelfLifeDays: z
    .number({ error: m.shelfLife })
    .int(m.shelfLife)
    .min(0, m.shelfLife)
    .max(365, m.shelfLife)
    .nullish()
    .transform((value) => value ?? null),
  storage: z
    .string({ error: m.storage })
    .trim()
    .max(200, m.storage)
    .nullish()
    .transform((value) => (value ? value : null)),
  netQuantity: z
    .number({ error: m.netQuantity })
    .positive(m.netQuantity)
    .max(100_000, m.netQuantity)
    .nullish()
    .transform((value) => (value === null || value === undefined ? null : Math.round(value * 10) / 10)),
  netQuantityUnit: z.enum(NET_UNITS, { error: m.netUnit }).default('g'),
  nutrition: z.enum(LABEL_NUTRITION, { error: m.nutrition }).default('per_100g'),
  quid: z
    .array(z.string({ error: m.quid }).min(1, m.quid).max(100, m.quid), { error: m.quid })
    .max(50, m.quid)
    .nullish()
    .transform((value) => (value === undefined ? null : value)),
  ingredientNames: z
    .record(
      z.string({ error: m.ingredientName }).min(1, m.ingredientName).max(100, m.ingredientName),
      z.string({ error: m.ingredientName }).trim().min(1, m.ingredientName).max(200, m.ingredientName),
      { error: m.ingredientName },
    )
    .refine((names) => Object.keys(names).length <= 200, m.ingredientName)
    .default({}),
  barcode: z.enum(LABEL_BARCODES, { error: m.barcode }).default('none'),
  establishmentId: z
    .string({ error: m.establishment })
    .uuid(m.establishment)
    .nullish()
    .transform((value) => value ?? null),
});
/** The body: the settings and, to guard a stale form, the version they were read at (src/shared/api/versions.ts). */
export type LabelSettingsInput = z.input<typeof labelSettingsInputSchema> & { version?: number };
export type LabelSettingsParsed = z.output<typeof labelSettingsInputSchema>;

/** A whole number typed in a query (« 3 »), within bounds. */
const intParam = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{1,6}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));
/** A number typed in a query, « 12.5 » or « 12,5 ». */
const decimalParam = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{1,6}([.,]\d{1,2})?$/, message)
    .transform((value) => Number(value.replace(',', '.')))
    .pipe(z.number().min(min, message).max(max, message));
/**
 * A day of this century: a label's dates are computed from it (a year before 100 was read as
 * 19xx, one past 9999 printed « +010000-01 ») and GS1's AI 17 writes the year in two digits.
 */
const dateParam = z
  .string({ error: m.date })
  .refine((value) => isIsoDate(value) && value >= '2000-01-01' && value <= '2099-12-31', m.date);

/** What a print may set for this print only (GET …/label and …/label.pdf). */
export const labelPrintQuerySchema = z.object({
  date: dateParam.optional(),
  shelfLifeDays: intParam(0, 365, m.shelfLife).optional(),
  lot: z
    .string({ error: m.lot })
    .regex(/^[A-Za-z0-9][A-Za-z0-9/._-]{0,19}$/, m.lot)
    .optional(),
  net: decimalParam(0.1, 100_000, m.netQuantity).optional(),
});
export type LabelPrintQuery = z.output<typeof labelPrintQuerySchema>;

/** The sheet or roll of a PDF: a named format, or the owner's grid in millimetres. */
export const labelSheetQuerySchema = z
  .object({
    format: z.enum(LABEL_FORMATS, { error: m.format }).default('a4-3x8'),
    copies: intParam(1, 500, m.copies).default(1),
    skip: intParam(0, 299, m.skip).default(0),
    columns: intParam(1, 10, m.gridColumns).optional(),
    rows: intParam(1, 30, m.gridRows).optional(),
    width: decimalParam(20, 210, m.gridWidth).optional(),
    height: decimalParam(15, 297, m.gridHeight).optional(),
    top: decimalParam(0, 100, m.gridMargin).optional(),
    left: decimalParam(0, 100, m.gridMargin).optional(),
    gapX: decimalParam(0, 50, m.gridGap).optional(),
    gapY: decimalParam(0, 50, m.gridGap).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.format !== 'a4-grid') return;
    for (const key of ['columns', 'rows', 'width', 'height'] as const)
      if (q[key] === undefined) ctx.addIssue({ code: 'custom', message: m.gridRequired, path: [key] });
    if (q.columns === undefined || q.rows === undefined || q.width === undefined || q.height === undefined) return;
    const right = (q.left ?? 0) + q.columns * q.width + (q.columns - 1) * (q.gapX ?? 0);
    const bottom = (q.top ?? 0) + q.rows * q.height + (q.rows - 1) * (q.gapY ?? 0);
    if (right > 210.05) ctx.addIssue({ code: 'custom', message: m.gridTooWide, path: ['width'] });
    if (bottom > 297.05) ctx.addIssue({ code: 'custom', message: m.gridTooTall, path: ['height'] });
  });
export type LabelSheetQuery = z.output<typeof labelSheetQuerySchema>;

const timeParam = z.string({ error: m.time }).regex(/^([01]\d|2[0-3])[:h][0-5]\d$/, m.time);

/** GET /api/meal-plans/:establishmentId/temoins(.pdf): a day, optionally one service, and the services' times. */
export const temoinQuerySchema = z.object({
  date: dateParam,
  service: z.enum(SERVICES, { error: m.service }).optional(),
  dejeuner: timeParam.optional(),
  diner: timeParam.optional(),
  gouter: timeParam.optional(),
});
export type TemoinQuery = z.output<typeof temoinQuerySchema>;

export interface LabelWarning {
  code:
    | 'allergens_unverified'
    | 'allergen_unplaced'
    | 'unweighed'
    | 'nutrition_partial'
    | 'shelf_life_default'
    | 'no_establishment'
    | 'no_ingredients'
    | 'unprintable_characters';
  message: string;
}

/** GET /api/recipes/:id/label (docs/product/api.md « Labels »): the label's content, computed. */
export interface Label {
  recipeId: string;
  recipeName: string;
  denomination: string;
  ingredients: LabelIngredient[];
  /** The list, each allergen in `<strong>`. */
  ingredientsHtml: string;
  ingredientsText: string;
  /** Allergens of the recipe no ingredient of the list carries, printed « Contient : … » after it. */
  contains: string[];
  traces: string[];
  tracesText: string;
  quid: Quid[];
  nutrition: {
    shown: LabelSettings['nutrition'];
    referenceGrams: number;
    portionGrams: number;
    per100g: LabelNutritionValues;
    perPortion: LabelNutritionValues | null;
    /** Nutrients some ingredient lacks (a lower bound), or unknown. */
    partial: string[];
    /** The sentences printed, when shown. */
    text: string[];
  };
  netQuantityGrams: number;
  netQuantity: { value: number; unit: 'g' | 'ml' };
  storage: string;
  shelfLifeDays: number;
  productionDate: string;
  useBy: string;
  lot: string;
  homemade: boolean;
  establishment: { id: string; name: string; address: string | null } | null;
  barcode: { kind: Exclude<LabelBarcode, 'none'>; text: string } | null;
  settings: LabelSettings;
  warnings: LabelWarning[];
  /** Whether the text fits each format at a legible size (x-height 1,2 mm, article 13). */
  fits: { format: LabelFormat; fits: boolean; fontSizePt: number; message: string | null }[];
}

/** A planned dish's « plat témoin » label (arrêté of 21 December 2009, annex IV). */
export interface TemoinLabel {
  recipeId: string;
  dish: string;
  slot: Slot;
  service: Service;
  /** « 12:00 ». */
  time: string;
  date: string;
  /** The last day it is kept, five days after the service, and the day it may be thrown away. */
  keepUntil: string;
  destroyOn: string;
}

export interface TemoinDay {
  date: string;
  establishment: { id: string; name: string; address: string | null };
  labels: TemoinLabel[];
}
