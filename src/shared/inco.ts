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
 * A value as the declaration states it: `value` rounded to `decimals`, or, when `below` is true,
 * the « < value » of a negligible amount (« <0,5 g »).
 */
export interface DeclaredAmount {
  value: number;
  decimals: 0 | 1 | 2;
  below: boolean;
}

/** Half away from zero at a number of decimals, on the value as written: 0.015 → 0.02, although the binary double is 0.01499…. */
const roundTo = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round(Number((value * factor).toPrecision(12))) / factor;
};

/**
 * Rounding of the European Commission's guidance document on tolerances for nutrient values
 * declared on a label (December 2012), section 4 « Rounding guidelines »:
 * - energy: to the nearest 1 kJ / 1 kcal;
 * - fat, carbohydrate, sugars, protein, fibre: from 10 g to the nearest 1 g; under 10 g and above
 *   0,5 g to the nearest 0,1 g; « 0 g » or « <0,5 g » at 0,5 g and below (NutriCarte states « <0,5 »);
 * - saturates: from 10 g to 1 g; under 10 g and above 0,1 g to 0,1 g; « <0,1 g » at 0,1 g and below;
 * - salt: from 1 g to the nearest 0,1 g; under 1 g and above 0,0125 g (sodium 0,005 g) to the nearest
 *   0,01 g; « <0,01 g » at 0,0125 g and below.
 * The bands follow the unrounded value (9,96 g is under 10 g: « 10,0 »). Readings:
 * docs/decisions/0033-nutri-score-2023-and-rounding.md.
 */
export function declaredAmount(key: Nutrient, value: number | null): DeclaredAmount | null {
  if (value === null || !Number.isFinite(value)) return null;
  const at = (decimals: 0 | 1 | 2): DeclaredAmount => ({ value: roundTo(value, decimals), decimals, below: false });
  switch (key) {
    case 'energyKj':
    case 'energyKcal':
      return at(0);
    case 'salt':
      if (value <= 0.0125) return { value: 0.01, decimals: 2, below: true };
      return value >= 1 ? at(1) : at(2);
    case 'saturatedFat':
      if (value <= 0.1) return { value: 0.1, decimals: 1, below: true };
      return value >= 10 ? at(0) : at(1);
    default:
      if (value <= 0.5) return { value: 0.5, decimals: 1, below: true };
      return value >= 10 ? at(0) : at(1);
  }
}

/** The declared amount as printed in French (« 12 », « 3,5 », « <0,5 »), « – » when unknown. */
export function formatDeclared(key: Nutrient, value: number | null): string {
  const amount = declaredAmount(key, value);
  if (amount === null) return '–';
  return `${amount.below ? '<' : ''}${fr(amount.value, amount.decimals)}`;
}
