/**
 * Nutri-Score of a general food, algorithm updated in 2023 and applied in France by the
 * arrêté du 14 mars 2025. Values are per 100 g of the dish. Points are one per threshold
 * exceeded (« > threshold »).
 */
const ENERGY_KJ = [335, 670, 1005, 1340, 1675, 2010, 2345, 2680, 3015, 3350];
const SUGARS = [3.4, 6.8, 10, 14, 17, 20, 24, 27, 31, 34, 37, 41, 44, 48, 51];
const SATURATES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const SALT = [0.2, 0.4, 0.6, 0.8, 1, 1.2, 1.4, 1.6, 1.8, 2, 2.2, 2.4, 2.6, 2.8, 3, 3.2, 3.4, 3.6, 3.8, 4];
const PROTEIN = [2.4, 4.8, 7.2, 9.6, 12, 14, 17];
const FIBRE = [3, 4.1, 5.2, 6.3, 7.4];

const points = (value: number, thresholds: readonly number[]) => thresholds.filter((t) => value > t).length;

/** Fruit, vegetables and legumes (% of the recipe): 1 point above 40 %, 2 above 60 %, 5 above 80 %. */
export function fruitVegetablePoints(percent: number): number {
  if (percent > 80) return 5;
  if (percent > 60) return 2;
  if (percent > 40) return 1;
  return 0;
}

export interface NutriScoreInput {
  energyKj: number;
  sugars: number;
  saturatedFat: number;
  salt: number;
  protein: number;
  fiber: number;
  fruitVegLegumePercent: number;
  /** Red meat products: protein points are capped at 2. */
  redMeat?: boolean;
  /** Non-nutritive sweeteners add 4 negative points. */
  sweeteners?: boolean;
}

export type NutriScoreLetter = 'A' | 'B' | 'C' | 'D' | 'E';

export interface NutriScoreResult {
  letter: NutriScoreLetter;
  score: number;
  negative: { energy: number; sugars: number; saturatedFat: number; salt: number; sweeteners: number; total: number };
  positive: { protein: number; fiber: number; fruitVegLegume: number; total: number; proteinCounted: boolean };
}

export function letterFor(score: number): NutriScoreLetter {
  if (score <= 0) return 'A';
  if (score <= 2) return 'B';
  if (score <= 10) return 'C';
  if (score <= 18) return 'D';
  return 'E';
}

export function computeNutriScore(input: NutriScoreInput): NutriScoreResult {
  const negative = {
    energy: points(input.energyKj, ENERGY_KJ),
    sugars: points(input.sugars, SUGARS),
    saturatedFat: points(input.saturatedFat, SATURATES),
    salt: points(input.salt, SALT),
    sweeteners: input.sweeteners ? 4 : 0,
    total: 0,
  };
  negative.total = negative.energy + negative.sugars + negative.saturatedFat + negative.salt + negative.sweeteners;

  const fruitVegLegume = fruitVegetablePoints(input.fruitVegLegumePercent);
  let protein = points(input.protein, PROTEIN);
  if (input.redMeat) protein = Math.min(protein, 2);
  // With 11 negative points or more, protein counts only if fruit/vegetables/legumes score the maximum.
  const proteinCounted = negative.total < 11 || fruitVegLegume === 5;
  const fiber = points(input.fiber, FIBRE);
  const positive = {
    protein,
    fiber,
    fruitVegLegume,
    total: (proteinCounted ? protein : 0) + fiber + fruitVegLegume,
    proteinCounted,
  };
  const score = negative.total - positive.total;
  return { letter: letterFor(score), score, negative, positive };
}
