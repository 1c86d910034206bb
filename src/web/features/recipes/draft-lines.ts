import {
  SUB_RECIPE_UNITS,
  recipeNumbers,
  type IngredientHit,
  type LineUnit,
  type RecipeIngredient,
  type RecipeInput,
} from '../../../shared/api/recipes.ts';
import { decimalText } from '../../../shared/decimal.ts';
import type { MeasureDefaults } from '../../../shared/kitchen-measures.ts';
import { readNumberText } from '../../../shared/number-rules.ts';
import type { NutritionLine, Per100g } from '../../../shared/nutrition.ts';
import { isVolume, toGrams, UNITS, type Unit } from '../../../shared/units.ts';
import { readQuantityWithUnit, unitLabel } from '../../../shared/unit-words.ts';
import { defaultMeasures } from './kitchen-measures.ts';

/**
 * An ingredient line while the owner edits it. Its numbers are the text typed (« 0,25 »),
 * read with the API's own rules (recipeNumbers) for the preview and at « Créer ».
 */
export interface DraftLine {
  key: string;
  /** Exactly one of them: a Ciqual food, or an own product (« Mon produit »). */
  code: string | null;
  productId: string | null;
  /** A sub-recipe, counted in g, kg or portions. */
  recipeId: string | null;
  /** A sub-recipe's served grams per portion. */
  gramsPerPortion: number | null;
  /** A sub-recipe's portions: 1 is a batch recipe, whose portion is called « fournée ». */
  servings: number | null;
  name: string;
  /** A product's stated allergens and traces (empty for a Ciqual food). */
  allergens: string[];
  traces: string[];
  per100g: Per100g;
  unit: LineUnit;
  quantity: string;
  /** « 1 unité = … g », used when unit is « unité ». */
  gramsPerUnit: string;
  /** « densité … » in g/ml, used when unit is ml or l. */
  gramsPerMl: string;
  /** The table's values for this food and their sources (data/kitchen-measures.json). */
  defaults: MeasureDefaults;
}

export type LineField = 'quantity' | 'gramsPerUnit' | 'gramsPerMl';

let counter = 0;
const newKey = () => `line-${++counter}`;

/** Lines back from a draft (src/web/lib/saved-drafts.ts) get keys of this page: a kept key could repeat a new line's. */
export const withNewKeys = (lines: readonly DraftLine[]): DraftLine[] =>
  lines.map((line) => ({ ...line, key: newKey() }));

/** The units a line may take: a sub-recipe's g, kg and portion, else every unit of src/shared/units.ts. */
export const lineUnits = (line: Pick<DraftLine, 'recipeId'>): readonly LineUnit[] =>
  line.recipeId ? SUB_RECIPE_UNITS : UNITS;

/** « fournée » for the one portion of a batch recipe, else the unit as a cook writes it. */
export const lineUnitLabel = (line: Pick<DraftLine, 'servings'>, unit: LineUnit) =>
  unit === 'portion' ? (line.servings === 1 ? 'fournée' : 'portion') : unitLabel(unit);

/** A food with no known density is counted as water, and says so (docs/product/decisions.md 9 and 17). */
const densityText = (value: number | null | undefined) => decimalText(value ?? 1);

/** What identifies a line's source: the Ciqual code, or « product: » and the product's id. */
export const sourceKey = (line: {
  code: string | null;
  productId?: string | null;
  recipeId?: string | null;
  kind?: string;
  id?: string;
}) =>
  line.code ??
  (line.recipeId || line.kind === 'recipe'
    ? `recipe:${line.recipeId ?? line.id ?? ''}`
    : `product:${line.productId ?? line.id ?? ''}`);

export function newDraftLine(hit: IngredientHit): DraftLine {
  const defaults = defaultMeasures({ code: hit.code ?? 0, name: hit.name });
  return {
    key: newKey(),
    code: hit.code,
    productId: hit.kind === 'product' ? hit.id : null,
    recipeId: hit.kind === 'recipe' ? hit.id : null,
    gramsPerPortion: hit.gramsPerPortion ?? null,
    servings: hit.servings ?? null,
    name: hit.name,
    allergens: hit.allergens,
    traces: hit.traces,
    per100g: hit.per100g,
    // A sub-recipe counts in portions (its whole batch: « fournée »): « 1 » never means 1 g.
    unit: hit.kind === 'recipe' ? 'portion' : 'g',
    quantity: hit.kind === 'recipe' ? '1' : '100',
    // A product's own weight of a unit first, then the table's (data/kitchen-measures.json).
    gramsPerUnit: decimalText(hit.gramsPerUnit ?? defaults.gramsPerUnit),
    gramsPerMl: densityText(defaults.gramsPerMl),
    defaults,
  };
}

/** A stored line keeps the weight and density it was saved with; the others start from the table. */
export function draftFromStored(line: RecipeIngredient): DraftLine {
  const defaults = defaultMeasures({ code: line.code ?? 0, name: line.name });
  return {
    key: newKey(),
    code: line.code,
    productId: line.productId,
    recipeId: line.recipeId,
    gramsPerPortion: line.gramsPerPortion ?? null,
    servings: line.servings ?? null,
    name: line.name,
    allergens: line.allergens,
    traces: line.traces,
    per100g: line.per100g,
    unit: line.unit,
    quantity: decimalText(line.quantity),
    gramsPerUnit: decimalText(line.gramsPerUnit ?? defaults.gramsPerUnit),
    gramsPerMl: densityText(line.gramsPerMl ?? defaults.gramsPerMl),
    defaults,
  };
}

/** The fields a line's unit uses: a weight per unit only for « unité », a density only for volumes. */
const usedFields = (unit: LineUnit): LineField[] =>
  unit === 'portion'
    ? ['quantity']
    : unit === 'unité'
      ? ['quantity', 'gramsPerUnit']
      : isVolume(unit)
        ? ['quantity', 'gramsPerMl']
        : ['quantity'];

/** A quantity typed with a unit this line does not take (« 2 verres »): its message, or null. */
function quantityUnitError(line: DraftLine): string | null {
  const read = readQuantityWithUnit(line.quantity, lineUnits(line), line.servings === 1);
  return 'error' in read ? read.error : null;
}

/** The error of one field of a line, or null. */
export function lineFieldError(line: DraftLine, field: LineField): string | null {
  if (!usedFields(line.unit).includes(field)) return null;
  if (field === 'quantity') {
    const unitError = quantityUnitError(line);
    if (unitError) return unitError;
  }
  return readNumberText(recipeNumbers[field], line[field], true).error;
}

/** The grams a line weighs as typed, or null while a number is not valid (a sub-recipe's « 1 fournée = 420 g »). */
export function lineGrams(line: DraftLine): number | null {
  const preview = previewLine(line);
  if (readNumberText(recipeNumbers.quantity, line.quantity, true).error) return null;
  return toGrams(preview.quantity, preview.unit, preview.gramsPerUnit, preview.gramsPerMl);
}

type LineInput = RecipeInput['ingredients'][number];

/** The API line, or the errors that keep it from being sent. */
export function readLine(
  line: DraftLine,
): { input: LineInput; errors: null } | { input: null; errors: Partial<Record<LineField, string>> } {
  const errors: Partial<Record<LineField, string>> = {};
  const values: Partial<Record<LineField, number>> = {};
  for (const field of usedFields(line.unit)) {
    const error = lineFieldError(line, field);
    const reading = readNumberText(recipeNumbers[field], line[field], true);
    if (error !== null) errors[field] = error;
    else if (reading.value !== null) values[field] = reading.value;
  }
  if (Object.keys(errors).length > 0 || values.quantity === undefined) return { input: null, errors };
  return {
    input: {
      ...(line.recipeId
        ? { recipeId: line.recipeId }
        : line.productId
          ? { productId: line.productId }
          : { code: line.code }),
      quantity: values.quantity,
      unit: line.unit,
      gramsPerUnit: values.gramsPerUnit ?? null,
      gramsPerMl: values.gramsPerMl ?? null,
    },
    errors: null,
  };
}

/** The line for the live nutrition preview: a number not (yet) valid counts as nothing. */
export function previewLine(line: DraftLine): NutritionLine & { allergens: string[]; traces: string[] } {
  const read = (field: LineField) => readNumberText(recipeNumbers[field], line[field], true).value;
  // A portion of a sub-recipe weighs its served weight ÷ its portions.
  const portion = line.unit === 'portion';
  const unit: Unit = portion ? 'unité' : line.unit === 'portion' ? 'g' : line.unit;
  const gramsPerUnit = portion ? line.gramsPerPortion : read('gramsPerUnit');
  return {
    name: line.name,
    per100g: line.per100g,
    unit,
    quantity: read('quantity') ?? 0,
    gramsPerUnit,
    gramsPerMl: read('gramsPerMl'),
    allergens: line.allergens,
    traces: line.traces,
  };
}
