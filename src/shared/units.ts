/** Units of an ingredient line and their weight in grams (docs/product/decisions.md 9 and 17). */
export const UNITS = ['g', 'kg', 'ml', 'l', 'unité'] as const;
export type Unit = (typeof UNITS)[number];

export const isVolume = (unit: Unit) => unit === 'ml' || unit === 'l';

/** Grams, or millilitres for volumes, in one of each unit; « unité » uses the line's grams per unit. */
const AMOUNT: Record<Exclude<Unit, 'unité'>, number> = { g: 1, kg: 1000, ml: 1, l: 1000 };

/**
 * Weight in grams of a line, or null for « unité » without a weight. A volume weighs its
 * millilitres × the line's density (g/ml): oil is lighter than water, honey heavier
 * (docs/product/decisions.md 17). A line without a density counts 1 g/ml (docs/product/decisions.md 9).
 */
export function toGrams(
  quantity: number,
  unit: Unit,
  gramsPerUnit?: number | null,
  gramsPerMl?: number | null,
): number | null {
  if (unit === 'unité') return gramsPerUnit && gramsPerUnit > 0 ? quantity * gramsPerUnit : null;
  const density = isVolume(unit) && gramsPerMl && gramsPerMl > 0 ? gramsPerMl : 1;
  return quantity * AMOUNT[unit] * density;
}
