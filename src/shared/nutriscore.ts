/**
 * Nutri-Score, algorithm updated in 2023 (foods by Santé publique France's scientific committee in
 * 2022, beverages in 2023), applied in France by the arrêté du 14 mars 2025. Values are per 100 g
 * (or 100 ml) of the dish, as computed, unrounded: the reference implementation (Open Food Facts,
 * lib/ProductOpener/Nutriscore.pm) compares the values themselves, and the tests of
 * src/shared/nutriscore-off.test.ts are its unit-test products. Readings of ambiguous points:
 * docs/decisions/0033-nutri-score-2023-and-rounding.md.
 *
 * A point is one threshold exceeded (« > threshold »), except the saturates/lipids ratio of fats,
 * counted from « ≥ threshold ».
 */
export const NUTRISCORE_CATEGORIES = ['general', 'cheese', 'fats', 'beverage', 'water'] as const;
export type NutriScoreCategory = (typeof NUTRISCORE_CATEGORIES)[number];

/** The thresholds of each component, by table. */
export const NUTRISCORE_THRESHOLDS = {
  energy: [335, 670, 1005, 1340, 1675, 2010, 2345, 2680, 3015, 3350],
  energyBeverages: [30, 90, 150, 210, 240, 270, 300, 330, 360, 390],
  /** Fats, oils, nuts and seeds: kJ from saturates (1 g of saturates = 37 kJ, Reg. 1169/2011 annex XIV). */
  energyFromSaturates: [120, 240, 360, 480, 600, 720, 840, 960, 1080, 1200],
  sugars: [3.4, 6.8, 10, 14, 17, 20, 24, 27, 31, 34, 37, 41, 44, 48, 51],
  sugarsBeverages: [0.5, 2, 3.5, 5, 6, 7, 8, 9, 10, 11],
  saturatedFat: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  /** Saturates ÷ total fat × 100, fats table; « ≥ threshold ». */
  saturatesRatio: [10, 16, 22, 28, 34, 40, 46, 52, 58, 64],
  salt: [0.2, 0.4, 0.6, 0.8, 1, 1.2, 1.4, 1.6, 1.8, 2, 2.2, 2.4, 2.6, 2.8, 3, 3.2, 3.4, 3.6, 3.8, 4],
  protein: [2.4, 4.8, 7.2, 9.6, 12, 14, 17],
  proteinBeverages: [1.2, 1.5, 1.8, 2.1, 2.4, 2.7, 3.0],
  fiber: [3.0, 4.1, 5.2, 6.3, 7.4],
  /** 1 point above 40 %, 2 above 60 %, 5 above 80 % (the threshold 80 counts three times). */
  fruitVegLegume: [40, 60, 80, 80, 80],
  /** Beverages: 2 points above 40 %, 4 above 60 %, 6 above 80 %. */
  fruitVegLegumeBeverages: [40, 40, 60, 60, 80, 80],
} as const satisfies Record<string, readonly number[]>;
export type NutriScoreTable = keyof typeof NUTRISCORE_THRESHOLDS;

/** kJ in one gram of saturated fat (annex XIV of Regulation 1169/2011: fat 37 kJ/g). */
export const KJ_PER_GRAM_OF_FAT = 37;

/** Points of a value in a table. */
export function pointsIn(table: NutriScoreTable, value: number): number {
  const thresholds: readonly number[] = NUTRISCORE_THRESHOLDS[table];
  if (table === 'saturatesRatio') return thresholds.filter((t) => value >= t).length;
  return thresholds.filter((t) => value > t).length;
}

/** Fruit, vegetables and legumes (% of the recipe), general table: 1 point above 40 %, 2 above 60 %, 5 above 80 %. */
export function fruitVegetablePoints(percent: number): number {
  return pointsIn('fruitVegLegume', percent);
}

export interface NutriScoreInput {
  energyKj: number;
  sugars: number;
  saturatedFat: number;
  salt: number;
  protein: number;
  fiber: number;
  fruitVegLegumePercent: number;
  /** The table the dish is scored with (default `general`). */
  category?: NutriScoreCategory | undefined;
  /** Total fat, per 100 g: the fats table's saturates/lipids ratio. */
  fat?: number | null | undefined;
  /** Red meat products: protein points are capped at 2. */
  redMeat?: boolean | undefined;
  /** Non-nutritive sweeteners: 4 negative points for a beverage (no effect on other tables). */
  sweeteners?: boolean | undefined;
}

export type NutriScoreLetter = 'A' | 'B' | 'C' | 'D' | 'E';

export interface NutriScoreResult {
  letter: NutriScoreLetter;
  score: number;
  /** The table applied. */
  category: NutriScoreCategory;
  /**
   * `energy` is the energy from saturates and `saturatedFat` the saturates/lipids ratio for the
   * fats table; `sweeteners` only counts for beverages.
   */
  negative: { energy: number; sugars: number; saturatedFat: number; salt: number; sweeteners: number; total: number };
  positive: { protein: number; fiber: number; fruitVegLegume: number; total: number; proteinCounted: boolean };
}

/** The letter of a score in a table (the water table is always A). */
export function letterFor(score: number, category: NutriScoreCategory = 'general'): NutriScoreLetter {
  if (category === 'water') return 'A';
  if (category === 'beverage') {
    // A beverage other than water is never A.
    if (score <= 2) return 'B';
    if (score <= 6) return 'C';
    if (score <= 9) return 'D';
    return 'E';
  }
  if (score <= (category === 'fats' ? -6 : 0)) return 'A';
  if (score <= 2) return 'B';
  if (score <= 10) return 'C';
  if (score <= 18) return 'D';
  return 'E';
}

/** Saturates as a share of total fat, in %; no fat, no ratio (0). */
export const saturatesRatio = (saturatedFat: number, fat: number | null | undefined) =>
  fat && fat > 0 ? (saturatedFat / fat) * 100 : 0;

function negativePoints(input: NutriScoreInput, category: NutriScoreCategory) {
  const beverage = category === 'beverage' || category === 'water';
  const fats = category === 'fats';
  const negative = {
    energy: fats
      ? pointsIn('energyFromSaturates', input.saturatedFat * KJ_PER_GRAM_OF_FAT)
      : pointsIn(beverage ? 'energyBeverages' : 'energy', input.energyKj),
    sugars: pointsIn(beverage ? 'sugarsBeverages' : 'sugars', input.sugars),
    saturatedFat: fats
      ? pointsIn('saturatesRatio', saturatesRatio(input.saturatedFat, input.fat))
      : pointsIn('saturatedFat', input.saturatedFat),
    salt: pointsIn('salt', input.salt),
    sweeteners: beverage && input.sweeteners ? 4 : 0,
    total: 0,
  };
  negative.total = negative.energy + negative.sugars + negative.saturatedFat + negative.salt + negative.sweeteners;
  return negative;
}

/**
 * Protein counts for beverages and cheese always; for fats, oils, nuts and seeds below 7
 * negative points; for other foods below 11 negative points (2023 update: the 2017 exception
 * for a maximal fruit/vegetable score is gone).
 */
function proteinCounted(category: NutriScoreCategory, negativeTotal: number): boolean {
  if (category === 'beverage' || category === 'water' || category === 'cheese') return true;
  return negativeTotal < (category === 'fats' ? 7 : 11);
}

export function computeNutriScore(input: NutriScoreInput): NutriScoreResult {
  const category = input.category ?? 'general';
  const beverage = category === 'beverage' || category === 'water';
  const negative = negativePoints(input, category);
  let protein = pointsIn(beverage ? 'proteinBeverages' : 'protein', input.protein);
  if (input.redMeat) protein = Math.min(protein, 2);
  const counted = proteinCounted(category, negative.total);
  const fiber = pointsIn('fiber', input.fiber);
  const fruitVegLegume = pointsIn(beverage ? 'fruitVegLegumeBeverages' : 'fruitVegLegume', input.fruitVegLegumePercent);
  const positive = {
    protein,
    fiber,
    fruitVegLegume,
    total: (counted ? protein : 0) + fiber + fruitVegLegume,
    proteinCounted: counted,
  };
  const score = negative.total - positive.total;
  return { letter: letterFor(score, category), score, category, negative, positive };
}
