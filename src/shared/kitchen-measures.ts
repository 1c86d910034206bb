import { foldText } from './allergens.ts';

/**
 * Default unit weights and densities of foods (docs/product/decisions.md 17), read from ONE table,
 * data/kitchen-measures.json, where every figure names its source. The web app bundles the
 * table (src/web/features/recipes/kitchen-measures.ts), the server reads the file at start
 * (src/server/features/recipes/kitchen-measures.ts); both look foods up here.
 */
export interface MeasureFigure {
  /** A key of the table's `sources`. */
  source: string;
  /** Where exactly the figure comes from (food, portion, computation) or why it is estimated. */
  detail: string;
}

export interface KitchenMeasure {
  label: string;
  /** Ciqual codes this entry is for; a code beats any name pattern. */
  codes?: number[];
  /** A regular expression on the folded Ciqual name (foldText: no accents, lower case, « oe »). */
  pattern?: string;
  unit?: MeasureFigure & { grams: number };
  density?: MeasureFigure & { gramsPerMl: number };
}

export interface KitchenMeasureTable {
  about: string;
  sources: Record<string, { label: string; citation: string }>;
  measures: KitchenMeasure[];
}

/** Where a default comes from: the source's short name and the exact figure in it. */
export interface MeasureCitation {
  label: string;
  detail: string;
}

/** What a food's lines start with: « 1 unité = 17 g », « densité 1,03 », and where they come from. */
export interface MeasureDefaults {
  gramsPerUnit: number | null;
  unitSource: MeasureCitation | null;
  gramsPerMl: number | null;
  densitySource: MeasureCitation | null;
}

export interface FoodRef {
  code: string | number;
  name: string;
}

const NONE: MeasureDefaults = { gramsPerUnit: null, unitSource: null, gramsPerMl: null, densitySource: null };

/**
 * The entry a food uses: the one listing its code, else the one whose pattern matches the
 * longest part of its name (« oeuf, jaune » beats « oeuf »), whatever the order of the table.
 */
export function findMeasure(entries: readonly CompiledMeasure[], food: FoodRef): KitchenMeasure | null {
  const code = Number(food.code);
  const byCode = entries.find((e) => e.measure.codes?.includes(code));
  if (byCode) return byCode.measure;
  const name = foldText(food.name);
  let best: { measure: KitchenMeasure; length: number } | null = null;
  for (const entry of entries) {
    const length = entry.pattern?.exec(name)?.[0].length;
    if (length !== undefined && (!best || length > best.length)) best = { measure: entry.measure, length };
  }
  return best?.measure ?? null;
}

export interface CompiledMeasure {
  measure: KitchenMeasure;
  pattern: RegExp | null;
}

export const compileMeasures = (table: KitchenMeasureTable): CompiledMeasure[] =>
  table.measures.map((measure) => ({ measure, pattern: measure.pattern ? new RegExp(measure.pattern) : null }));

/** `defaultsFor(food)`: the unit weight and density a new line of that food starts with. */
export function measureLookup(table: KitchenMeasureTable) {
  const entries = compileMeasures(table);
  const cite = (figure: MeasureFigure): MeasureCitation => ({
    label: table.sources[figure.source]?.label ?? figure.source,
    detail: figure.detail,
  });
  return function defaultsFor(food: FoodRef): MeasureDefaults {
    const measure = findMeasure(entries, food);
    if (!measure) return NONE;
    return {
      gramsPerUnit: measure.unit?.grams ?? null,
      unitSource: measure.unit ? cite(measure.unit) : null,
      gramsPerMl: measure.density?.gramsPerMl ?? null,
      densitySource: measure.density ? cite(measure.density) : null,
    };
  };
}
