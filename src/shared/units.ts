/** Units of an ingredient line and their weight in grams (DECISIONS.md 9). */
export const UNITS = ['g', 'kg', 'ml', 'l', 'unité'] as const;
export type Unit = (typeof UNITS)[number];

/** Grams for one of each unit; « unité » uses the line's own grams per unit. */
const GRAMS: Record<Exclude<Unit, 'unité'>, number> = { g: 1, kg: 1000, ml: 1, l: 1000 };

/** Weight in grams of a line, or null for « unité » without a weight. Liquids have density 1. */
export function toGrams(quantity: number, unit: Unit, gramsPerUnit?: number | null): number | null {
  if (unit === 'unité') return gramsPerUnit && gramsPerUnit > 0 ? quantity * gramsPerUnit : null;
  return quantity * GRAMS[unit];
}
