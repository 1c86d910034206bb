import type { Nutrient } from './nutrition.ts';

/** The EU declaration (Reg. 1169/2011 annex XV) in its order, with reference intakes (annex XIII). */
export const DECLARATION = [
  { key: 'energyKj', label: 'Énergie', unit: 'kJ', ri: 8400 },
  { key: 'energyKcal', label: 'Énergie', unit: 'kcal', ri: 2000 },
  { key: 'fat', label: 'Matières grasses', unit: 'g', ri: 70 },
  { key: 'saturatedFat', label: 'dont acides gras saturés', unit: 'g', ri: 20 },
  { key: 'carbs', label: 'Glucides', unit: 'g', ri: 260 },
  { key: 'sugars', label: 'dont sucres', unit: 'g', ri: 90 },
  { key: 'fiber', label: 'Fibres alimentaires', unit: 'g', ri: null },
  { key: 'protein', label: 'Protéines', unit: 'g', ri: 50 },
  { key: 'salt', label: 'Sel', unit: 'g', ri: 6 },
] as const satisfies readonly { key: Nutrient; label: string; unit: string; ri: number | null }[];

export const RI_STATEMENT = 'Apport de référence pour un adulte-type (8 400 kJ/2 000 kcal)';

export interface DeclarationLine {
  key: Nutrient;
  label: string;
  unit: string;
  per100g: number | null;
  perPortion: number | null;
  /** % of the reference intake for one portion, whole number; null without RI or value. */
  riPercent: number | null;
  /** The total adds only known values: some ingredients lack this one (a lower bound). */
  partial: boolean;
}

export interface Declaration {
  /** Weight the « pour 100 g » refers to: the cooked weight when given, else the raw ingredients. */
  referenceGrams: number;
  portionGrams: number;
  lines: DeclarationLine[];
}

/**
 * Per 100 g of the dish and per portion. With a cooked weight (cooking loss), « pour 100 g »
 * is 100 g of the dish as served: the nutrients stay, the weight shrinks.
 */
export function buildDeclaration(
  totals: Record<Nutrient, number | null>,
  missing: Partial<Record<Nutrient, string[]>>,
  rawGrams: number,
  servings: number,
  cookedGrams?: number | null,
): Declaration {
  const referenceGrams = cookedGrams && cookedGrams > 0 ? cookedGrams : rawGrams;
  const portions = servings >= 1 ? servings : 1;
  const lines = DECLARATION.map(({ key, label, unit, ri }) => {
    const total = totals[key];
    const per100g = total === null || referenceGrams <= 0 ? null : (total * 100) / referenceGrams;
    const perPortion = total === null ? null : total / portions;
    return {
      key,
      label,
      unit,
      per100g,
      perPortion,
      riPercent: ri === null || perPortion === null ? null : Math.round((perPortion / ri) * 100),
      partial: (missing[key]?.length ?? 0) > 0,
    };
  });
  return { referenceGrams, portionGrams: referenceGrams / portions, lines };
}

const fr = (value: number, digits: number) =>
  new Intl.NumberFormat('fr-FR', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);

/**
 * Rounding of the EU labelling guidance (2012): energy to the unit; fat, carbohydrate,
 * sugars, fibre and protein to the unit from 10 g, 0,1 g below, « <0,5 g » under 0,5 g;
 * saturates « <0,1 g » under 0,1 g; salt to 0,1 g from 1 g, 0,01 g below, « <0,01 g » under 0,0125 g.
 */
export function formatDeclared(key: Nutrient, value: number | null): string {
  if (value === null) return '–';
  switch (key) {
    case 'energyKj':
    case 'energyKcal':
      return fr(Math.round(value), 0);
    case 'salt':
      if (value < 0.0125) return '<0,01';
      return value >= 1 ? fr(value, 1) : fr(value, 2);
    case 'saturatedFat':
      if (value < 0.1) return '<0,1';
      return value >= 10 ? fr(value, 0) : fr(value, 1);
    default:
      if (value < 0.5) return '<0,5';
      return value >= 10 ? fr(value, 0) : fr(value, 1);
  }
}
