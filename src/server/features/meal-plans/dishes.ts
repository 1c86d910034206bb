import { sql, type Kysely } from 'kysely';
import type { CateringTag } from '../../../shared/catering/catering.ts';
import { dishProfile, type DishProfile } from '../../../shared/catering/dish-profile.ts';
import { familyOfSubgroup, type PlannedPurchaseLine } from '../../../shared/catering/egalim.ts';
import { toGrams, type Unit } from '../../../shared/units.ts';
import type { DB } from '../../db/schema.ts';

export interface DishLine {
  name: string;
  quantity: number;
  unit: Unit;
  grams: number | null;
  subgroupCode: string | null;
}

/** A planned recipe with what the plan's checks need, read in two queries for any number of recipes. */
export interface Dish {
  id: string;
  name: string;
  servings: number;
  allergens: string[];
  allergensDeclared: boolean;
  profile: DishProfile;
  perServing: { energyKcal: number | null; protein: number | null; carbs: number | null; fat: number | null };
  lines: DishLine[];
}

const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));

/**
 * The purchase value and labels of one recipe line for `portions` portions. On this branch a
 * recipe line names a Ciqual food, which has neither price nor label: the value is unknown.
 * Own products (prices excluding VAT, EGalim labels) replace this one function
 * (docs/product/meal-plans.md « EGalim »).
 */
export function purchaseLineOf(line: DishLine): PlannedPurchaseLine {
  return { value: null, labels: [], family: familyOfSubgroup(line.subgroupCode) };
}

/** The organisation's recipes among `ids`, with their lines and Ciqual values (others are left out). */
export async function loadDishes(db: Kysely<DB>, organisationId: string, ids: readonly string[]): Promise<Map<string, Dish>> {
  const dishes = new Map<string, Dish>();
  if (ids.length === 0) return dishes;
  const unique = [...new Set(ids)];
  const recipes = await db
    .selectFrom('recipes')
    .select(['id', 'name', 'servings', 'allergens', 'allergens_declared', 'cooked_weight_g', 'catering_tags', 'calories_per_serving', 'protein_per_serving', 'carbs_per_serving', 'fat_per_serving'])
    .where('organisation_id', '=', organisationId)
    .where('id', 'in', unique)
    .execute();
  if (recipes.length === 0) return dishes;
  const lines = await db
    .selectFrom('recipe_ingredients as ri')
    .leftJoin('catalogue_foods as f', 'f.code', 'ri.food_code')
    .select([
      'ri.recipe_id',
      'ri.name',
      'ri.quantity',
      'ri.unit',
      'ri.grams_per_unit',
      'ri.grams_per_ml',
      'f.subgroup_code',
      'f.fat_g',
      'f.protein_g',
      'f.sugars_g',
      sql<number | null>`(f.composition->>'calcium_mg')::float8`.as('calcium_mg'),
    ])
    .where('ri.recipe_id', 'in', recipes.map((r) => r.id))
    .orderBy('ri.recipe_id')
    .orderBy('ri.position')
    .execute();
  const byRecipe = new Map<string, typeof lines>();
  for (const line of lines) byRecipe.set(line.recipe_id, [...(byRecipe.get(line.recipe_id) ?? []), line]);
  for (const r of recipes) {
    const rows = byRecipe.get(r.id) ?? [];
    const dishLines = rows.map((l) => ({
      name: l.name,
      quantity: Number(l.quantity),
      unit: l.unit,
      grams: toGrams(Number(l.quantity), l.unit, num(l.grams_per_unit), num(l.grams_per_ml)),
      subgroupCode: l.subgroup_code,
    }));
    const profile = dishProfile({
      recipeId: r.id,
      name: r.name,
      servings: r.servings,
      cookedWeightG: num(r.cooked_weight_g),
      tags: r.catering_tags as CateringTag[],
      lines: rows.map((l, i) => ({ ...dishLines[i]!, fat: num(l.fat_g), protein: num(l.protein_g), sugars: num(l.sugars_g), calciumMg: num(l.calcium_mg) })),
    });
    dishes.set(r.id, {
      id: r.id,
      name: r.name,
      servings: r.servings,
      allergens: r.allergens,
      allergensDeclared: r.allergens_declared,
      profile,
      perServing: { energyKcal: num(r.calories_per_serving), protein: num(r.protein_per_serving), carbs: num(r.carbs_per_serving), fat: num(r.fat_per_serving) },
      lines: dishLines,
    });
  }
  return dishes;
}
