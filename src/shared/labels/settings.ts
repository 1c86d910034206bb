import { NBSP } from '../typography.ts';

/** How a label shows the nutrition declaration: not at all, per 100 g, or per 100 g and per portion. */
export const LABEL_NUTRITION = ['none', 'per_100g', 'per_100g_and_portion'] as const;
export type LabelNutrition = (typeof LABEL_NUTRITION)[number];
export const LABEL_BARCODES = ['none', 'qr', 'gs1_128'] as const;
export type LabelBarcode = (typeof LABEL_BARCODES)[number];
export const NET_UNITS = ['g', 'ml'] as const;
export type NetUnit = (typeof NET_UNITS)[number];

/** What the owner sets for a recipe's label (stored in `recipe_labels`, migration 0027). */
export interface LabelSettings {
  /** The denomination printed; null: the recipe's name. */
  denomination: string | null;
  /** Days after production until « À consommer jusqu'au »; null: DEFAULT_SHELF_LIFE_DAYS. */
  shelfLifeDays: number | null;
  /** Storage conditions; null: DEFAULT_STORAGE. */
  storage: string | null;
  /** Net quantity printed; null: the portion's weight in grams. */
  netQuantity: number | null;
  netQuantityUnit: NetUnit;
  nutrition: LabelNutrition;
  /** Keys of the ingredients whose percentage is printed; null: those named in the denomination. */
  quid: string[] | null;
  /** The label's name of an ingredient, by key (`food:…`, `product:…`, `recipe:…`). */
  ingredientNames: Record<string, string>;
  barcode: LabelBarcode;
  /** The establishment printed; null: the organisation's first. */
  establishmentId: string | null;
  /** +1 per change; 0 before the first save (src/shared/api/versions.ts). */
  version: number;
}

/**
 * Prepared dishes made in advance keep three days after the day they are made (arrêté of
 * 21 December 2009, annex IV): the default until the owner sets the recipe's own.
 */
export const DEFAULT_SHELF_LIFE_DAYS = 3;
export const DEFAULT_STORAGE = `À conserver entre 0 et 4${NBSP}°C`;

export const DEFAULT_LABEL_SETTINGS: LabelSettings = {
  denomination: null,
  shelfLifeDays: null,
  storage: null,
  netQuantity: null,
  netQuantityUnit: 'g',
  nutrition: 'per_100g',
  quid: null,
  ingredientNames: {},
  barcode: 'none',
  establishmentId: null,
  version: 0,
};
