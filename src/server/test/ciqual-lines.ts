import { readFileSync } from 'node:fs';
import path from 'node:path';
import { foodFacts } from '../../shared/food-facts.ts';
import { NUTRIENTS, type Nutrient, type Per100g } from '../../shared/nutrition.ts';
import type { RecipeFactsLine } from '../../shared/recipe-facts.ts';
import type { Unit } from '../../shared/units.ts';
import { parseCsvRecords } from '../lib/csv.ts';

/** The Ciqual column of each nutrient of a recipe (data/ciqual/ciqual.csv). */
const COLUMNS: Record<Nutrient, string> = {
  energyKj: 'nrj_kj',
  energyKcal: 'nrj_kcal',
  water: 'eau_g',
  protein: 'proteines_g',
  carbs: 'glucides_g',
  sugars: 'sucres_g',
  fiber: 'fibres_g',
  fat: 'lipides_g',
  saturatedFat: 'ag_satures_g',
  salt: 'sel_g',
};

let foods: Map<number, Record<string, string>> | undefined;

/** A row of the Ciqual file, by code (the unit tests of the shared code read the file itself). */
export function ciqualRow(code: number): Record<string, string> {
  foods ??= new Map(
    parseCsvRecords(readFileSync(path.join(import.meta.dirname, '../../../data/ciqual/ciqual.csv'), 'utf8')).map(
      (r) => [Number(r.code), r],
    ),
  );
  const row = foods.get(code);
  if (!row) throw new Error(`no Ciqual food ${code}`);
  return row;
}

/** A line of a Ciqual food, as the server builds it (src/server/domain/catalogue-foods.ts). */
export function ciqualLine(
  code: number,
  quantity: number,
  unit: Unit = 'g',
  gramsPerUnit: number | null = null,
): RecipeFactsLine {
  const row = ciqualRow(code);
  const per100g = Object.fromEntries(
    NUTRIENTS.map((n) => [n, row[COLUMNS[n]] ? Number(row[COLUMNS[n]]) : null]),
  ) as Per100g;
  return {
    name: row.name!,
    quantity,
    unit,
    gramsPerUnit,
    per100g,
    ...foodFacts({ name: row.name!, group: row.group, subgroup: row.subgroup }),
  };
}
