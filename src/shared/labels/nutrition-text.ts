import { buildDeclaration, DECLARATION, formatDeclared, type Declaration } from '../inco.ts';
import type { Nutrient } from '../nutrition.ts';
import { NBSP, frenchInteger } from '../typography.ts';
import { lowerFirst } from './ingredient-list.ts';

/** The declaration a label prints: annex XV's (src/shared/inco.ts) without the voluntary fibre. */
export const LABEL_NUTRIENTS = DECLARATION.map((line) => line.key).filter(
  (key): key is Exclude<(typeof DECLARATION)[number]['key'], 'fiber'> => key !== 'fiber',
);
export type LabelNutrient = (typeof LABEL_NUTRIENTS)[number];
export type LabelNutritionValues = Record<LabelNutrient, number | null>;

export interface LabelNutritionSource {
  totals: Record<Nutrient, number | null>;
  missing: Partial<Record<Nutrient, string[]>>;
  totalGrams: number;
  servings: number;
  cookedWeightG: number | null;
}

const pick = (declaration: Declaration, field: 'per100g' | 'perPortion'): LabelNutritionValues =>
  Object.fromEntries(
    LABEL_NUTRIENTS.map((key) => {
      const value = declaration.lines.find((line) => line.key === key)?.[field] ?? null;
      return [key, value === null ? null : Math.round(value * 1000) / 1000];
    }),
  ) as LabelNutritionValues;

/** Per 100 g and per portion through src/shared/inco.ts, the one declaration of the app. */
export function labelDeclaration(source: LabelNutritionSource) {
  const declaration = buildDeclaration(
    source.totals,
    source.missing,
    source.totalGrams,
    source.servings,
    source.cookedWeightG,
  );
  const partial = LABEL_NUTRIENTS.filter(
    (key) => (source.missing[key]?.length ?? 0) > 0 || source.totals[key] === null,
  );
  return {
    referenceGrams: declaration.referenceGrams,
    portionGrams: declaration.portionGrams,
    per100g: pick(declaration, 'per100g'),
    perPortion: pick(declaration, 'perPortion'),
    partial,
  };
}

const value = (key: LabelNutrient, values: LabelNutritionValues, unit: string) =>
  `${formatDeclared(key, values[key])}${NBSP}${unit}`;

/** One declaration in the linear form of article 34(2): « énergie 1 046 kJ / 250 kcal ; matières grasses 12 g, dont… ». */
export function linearDeclaration(values: LabelNutritionValues): string {
  return [
    `énergie ${value('energyKj', values, 'kJ')} / ${value('energyKcal', values, 'kcal')}`,
    `matières grasses ${value('fat', values, 'g')}, dont acides gras saturés ${value('saturatedFat', values, 'g')}`,
    `glucides ${value('carbs', values, 'g')}, dont sucres ${value('sugars', values, 'g')}`,
    `protéines ${value('protein', values, 'g')}`,
    `sel ${value('salt', values, 'g')}`,
  ].join(`${NBSP}; `);
}

/** « Valeurs nutritionnelles pour 100 g : … » and, when chosen, « Par portion (250 g) : … ». */
export function nutritionSentences(
  per100g: LabelNutritionValues,
  perPortion: LabelNutritionValues | null,
  portionGrams: number,
): string[] {
  const sentences = [`Valeurs nutritionnelles pour 100${NBSP}g${NBSP}: ${linearDeclaration(per100g)}.`];
  if (perPortion)
    sentences.push(
      `Par portion (${frenchInteger(Math.round(portionGrams))}${NBSP}g)${NBSP}: ${lowerFirst(linearDeclaration(perPortion))}.`,
    );
  return sentences;
}
