import type { Kysely, Transaction } from 'kysely';
import { foodFacts, type FoodFacts } from '../../shared/food-facts.ts';
import type { Per100g } from '../../shared/nutrition.ts';
import type { CatalogueFoodRow, DB } from '../db/schema.ts';

export type FoodNutrientColumns = Pick<
  CatalogueFoodRow,
  | 'energy_kj'
  | 'energy_kcal'
  | 'water_g'
  | 'protein_g'
  | 'carbs_g'
  | 'sugars_g'
  | 'fiber_g'
  | 'fat_g'
  | 'saturated_fat_g'
  | 'salt_g'
>;

export const FOOD_NUTRIENT_COLUMNS = [
  'energy_kj',
  'energy_kcal',
  'water_g',
  'protein_g',
  'carbs_g',
  'sugars_g',
  'fiber_g',
  'fat_g',
  'saturated_fat_g',
  'salt_g',
] as const satisfies readonly (keyof FoodNutrientColumns)[];

/** catalogue_foods columns → docs/product/api.md's `per100g` (null stays null: unknown, not zero). */
export function toPer100g(row: FoodNutrientColumns): Per100g {
  return {
    energyKj: row.energy_kj,
    energyKcal: row.energy_kcal,
    water: row.water_g,
    protein: row.protein_g,
    carbs: row.carbs_g,
    sugars: row.sugars_g,
    fiber: row.fiber_g,
    fat: row.fat_g,
    saturatedFat: row.saturated_fat_g,
    salt: row.salt_g,
  };
}

export interface FoodForRecipe {
  code: number;
  name: string;
  per100g: Per100g;
  /** What the food implies for a recipe (allergen suggestions, red meat), from its name and groups. */
  facts: FoodFacts;
}

/** The foods with these codes, keyed by code; unknown codes are simply absent. */
export async function findFoods(
  db: Kysely<DB> | Transaction<DB>,
  codes: readonly number[],
): Promise<Map<number, FoodForRecipe>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .selectFrom('catalogue_foods')
    .select(['code', 'name', 'group_name', 'subgroup_name', ...FOOD_NUTRIENT_COLUMNS])
    .where('code', 'in', [...new Set(codes)])
    .execute();
  return new Map(
    rows.map((row) => [
      row.code,
      {
        code: row.code,
        name: row.name,
        per100g: toPer100g(row),
        facts: foodFacts({ name: row.name, group: row.group_name, subgroup: row.subgroup_name }),
      },
    ]),
  );
}
