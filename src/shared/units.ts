/** Units of an ingredient line and their weight in grams (docs/product/decisions.md 9 and 17). */
export const UNITS = ['g', 'kg', 'ml', 'cl', 'l', 'cs', 'cc', 'pincee', 'unité'] as const;
export type Unit = (typeof UNITS)[number];

/** Units that measure a volume: their grams are the millilitres × the line's density (g/ml). */
const VOLUME_UNITS: readonly Unit[] = ['ml', 'cl', 'l', 'cs', 'cc', 'pincee'];
export const isVolume = (unit: Unit) => VOLUME_UNITS.includes(unit);

/**
 * What one of each unit holds, in grams (g, kg) or millilitres (volumes), and where the figure
 * comes from. The spoons are the measuring spoons of labels: 1 tablespoon = 15 ml, 1 teaspoon
 * = 5 ml (US Code of Federal Regulations, 21 CFR 101.9(b)(5)(viii), the household measures of
 * nutrition labelling; the same 15 ml and 5 ml are the French « cuillère à soupe » and « cuillère à
 * café » of kitchen measuring sets). A pinch has no legal measure: NutriCarte takes the measuring
 * spoon sold as « pinch », 1/16 teaspoon = 0,3125 ml, and says it is an estimate.
 */
const UNIT_AMOUNTS: Record<Exclude<Unit, 'unité'>, { amount: number; label: string; source: string }> = {
  g: { amount: 1, label: 'g', source: 'Système international' },
  kg: { amount: 1000, label: 'kg', source: 'Système international' },
  ml: { amount: 1, label: 'ml', source: 'Système international' },
  cl: { amount: 10, label: 'cl', source: 'Système international : 1 cl = 10 ml' },
  l: { amount: 1000, label: 'l', source: 'Système international' },
  cs: {
    amount: 15,
    label: 'cuillère à soupe',
    source: '1 cuillère à soupe = 15 ml (21 CFR 101.9(b)(5)(viii), « 1 tablespoon = 15 mL »)',
  },
  cc: {
    amount: 5,
    label: 'cuillère à café',
    source: '1 cuillère à café = 5 ml (21 CFR 101.9(b)(5)(viii), « 1 teaspoon = 5 mL »)',
  },
  pincee: {
    amount: 5 / 16,
    label: 'pincée',
    source:
      'Estimation NutriCarte : 1 pincée = 1/16 de cuillère à café (0,3125 ml), la cuillère « pinch » des jeux de mesures',
  },
};

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
  return quantity * UNIT_AMOUNTS[unit].amount * density;
}
