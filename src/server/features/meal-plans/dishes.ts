import { sql, type Kysely } from 'kysely';
import type { CateringTag } from '../../../shared/catering/catering.ts';
import { dishProfile, type DishProfile, type ProfileLine } from '../../../shared/catering/dish-profile.ts';
import {
  familyOfSubgroup,
  type EgalimLabel,
  type Family,
  type PlannedPurchaseLine,
} from '../../../shared/catering/egalim.ts';
import { egalimLabels, SEAFOOD_ALLERGENS } from '../../../shared/catering/product-egalim.ts';
import type { LineUnit } from '../../../shared/api/recipes.ts';
import { toGrams } from '../../../shared/units.ts';
import { dinerMeatOrigins, type DinerMeatOrigin } from '../../../shared/diner-meat-origins.ts';
import type { MeatOrigin } from '../../../shared/meat-origin.ts';
import type { ProductOrigin } from '../../../shared/product-origins.ts';
import type { Pack } from '../../../shared/catering/quantities.ts';
import { isFrenchOrigin } from '../../../shared/product-origin-stages.ts';
import type { DishDietFacts } from '../../../shared/catering/diets.ts';
import type { DB } from '../../db/schema.ts';
import { foodCostPerGram, productCostPerGram, servedGrams, subRecipeGrams } from '../../domain/recipe-line-sources.ts';
import { findIngredientPrices } from '../../domain/ingredient-prices.ts';
import { priceOfFood } from '../../../shared/ingredient-prices.ts';

import type { RecipeFacts } from '../../../shared/recipe-facts.ts';

export interface DishLine {
  /** `food:<code>`, `product:<id>` or `recipe:<id>`: the same ingredient in two dishes adds up. */
  key: string;
  name: string;
  quantity: number;
  unit: LineUnit;
  grams: number | null;
  subgroupCode: string | null;
  /** Cost HT of one gram (an own product's price, a sub-recipe's cost); null when unknown (Ciqual). */
  costPerGram: number | null;
  /** An own product's EGalim labels (src/shared/api/products.ts). */
  labels: readonly EgalimLabel[];
  /** A sub-recipe line's recipe (docs/decisions/0018-products-sub-recipes-costs.md); null for a Ciqual food or a product. */
  subRecipeId: string | null;
  /** Per 100 g, for the GEMRCN grid: a Ciqual food's values, an own product's label values (calcium from the food it was pre-filled from). */
  per100g: Pick<ProfileLine, 'fat' | 'protein' | 'sugars' | 'calciumMg'>;
  /** What an own product is, beyond its family: meat when it declares a meat kind, fish or seafood by its allergens. */
  nature: Pick<ProfileLine, 'meat' | 'fish' | 'pork'>;
  /** An own product's supplier, pack, months of season and French origin (order list, « de saison », « ma cantine »). */
  supplier: string | null;
  pack: Pack | null;
  seasonMonths: readonly number[];
  france: boolean;
  /** Grams of one piece, for a line in « unité ». */
  gramsPerUnit: number | null;
}

/** A planned recipe with what the plan's checks need, read in two queries for any number of recipes. */
export interface Dish {
  id: string;
  name: string;
  servings: number;
  allergens: string[];
  traces: string[];
  allergensDeclared: boolean;
  homemade: boolean;
  /** The meats' origins as diners read them (src/shared/diner-meat-origins.ts). */
  meatOrigins: DinerMeatOrigin[];
  /** The owner's « de saison » tick, and the months of season of its products that have some. */
  seasonal: boolean;
  produceMonths: (readonly number[])[];
  profile: DishProfile;
  perServing: { energyKcal: number | null; protein: number | null; carbs: number | null; fat: number | null };
  lines: DishLine[];
  /** What the whole recipe is made of, sub-recipes opened (`share`: of each line, for one batch of the recipe). */
  leaves: { line: DishLine; share: number }[];
  /**
   * What one portion is bought as, for EGalim: every product and food line, a sub-recipe's
   * own lines in the share the dish uses of it (so a sub-recipe of organic products counts as
   * organic), each valued HT with its labels and « ma cantine » family.
   */
  purchaseLines: PlannedPurchaseLine[];
  /** The labelled products of the dish, its sub-recipes' included, for the families' page (src/shared/catering/dish-labels.ts). */
  labelledIngredients: { name: string; labels: readonly EgalimLabel[] }[];
}

/** What the diet variants check of a dish (src/shared/catering/diets.ts). */
export const dietFacts = (dish: Dish): DishDietFacts => ({
  allergens: dish.allergens,
  traces: dish.traces,
  allergensDeclared: dish.allergensDeclared,
  meat: dish.profile.meat,
  pork: dish.profile.pork,
  vegetarian: dish.profile.vegetarian,
  unknownMake: dish.profile.unknownMake,
});

const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));

/**
 * The purchase value HT and labels of one recipe line (docs/product/meal-plans.md « EGalim »):
 * an own product's price for the line's grams, with its labels; a sub-recipe's cost; a Ciqual
 * food has neither price nor label, so its value is unknown.
 */
export function purchaseLineOf(line: DishLine): PlannedPurchaseLine {
  const value = line.costPerGram !== null && line.grams !== null ? line.grams * line.costPerGram : null;
  return { value, labels: line.labels, family: familyOf(line), france: line.france };
}

/**
 * A line's « ma cantine » family: its Ciqual subgroup's (a product's: the food it was pre-filled
 * from); else, for an own product, what it declares: a meat kind is « viandes et volailles », a
 * fish or seafood allergen « produits de la mer ».
 */
function familyOf(line: DishLine): Family {
  if (line.subgroupCode !== null) return familyOfSubgroup(line.subgroupCode);
  if (line.nature.meat === true) return 'VIANDES_VOLAILLES';
  if (line.nature.fish === true) return 'PRODUITS_DE_LA_MER';
  return 'AUTRES';
}

/** Sub-recipes are nested at most this deep (a kitchen's base of a base of a base). */
const MAX_DEPTH = 8;

/** The ingredient lines of `ids`, with what each source (Ciqual food, product, sub-recipe) tells. */
function readLines(db: Kysely<DB>, ids: readonly string[]) {
  return (
    db
      .selectFrom('recipe_ingredients as ri')
      .leftJoin('catalogue_foods as f', 'f.code', 'ri.food_code')
      .leftJoin('products as p', 'p.id', 'ri.product_id')
      .leftJoin('recipes as sr', 'sr.id', 'ri.sub_recipe_id')
      // A product pre-filled from a Ciqual food is of that food's subgroup (its « ma cantine » family).
      .leftJoin('catalogue_foods as pf', 'pf.code', 'p.based_on_code')
      .select([
        'p.price',
        'p.price_per',
        'p.grams_per_unit as p_grams_per_unit',
        'p.labels',
        'sr.id as sub_id',
        'sr.name as sub_name',
        'sr.servings as sub_servings',
        'sr.cooked_weight_g as sub_cooked_weight_g',
        'sr.facts as sub_facts',
        'pf.subgroup_code as p_subgroup_code',
      ])
      .select([
        'p.supplier as p_supplier',
        'p.pack_quantity as p_pack_quantity',
        'p.pack_unit as p_pack_unit',
        'p.season_months as p_season_months',
        'p.origin as p_origin',
        'ri.food_code',
      ])
      .select([
        'p.id as product_id',
        'p.fat_g as p_fat_g',
        'p.protein_g as p_protein_g',
        'p.sugars_g as p_sugars_g',
        'p.meat_kind as p_meat_kind',
        'p.allergens as p_allergens',
      ])
      .select(sql<number | null>`(pf.composition->>'calcium_mg')::float8`.as('p_calcium_mg'))
      .select([
        'ri.recipe_id',
        'ri.food_code',
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
      .where('ri.recipe_id', 'in', ids)
      .orderBy('ri.recipe_id')
      .orderBy('ri.position')
      .execute()
  );
}
type LineRow = Awaited<ReturnType<typeof readLines>>[number];

const subRecipeIds = (lines: readonly LineRow[], loaded: ReadonlySet<string>) => [
  ...new Set(lines.flatMap((l) => (l.sub_id !== null && !loaded.has(l.sub_id) ? [l.sub_id] : []))),
];

/** The organisation's recipes among `ids`, with their lines and Ciqual values (others are left out). */
export async function loadDishes(
  db: Kysely<DB>,
  organisationId: string,
  ids: readonly string[],
): Promise<Map<string, Dish>> {
  const dishes = new Map<string, Dish>();
  if (ids.length === 0) return dishes;
  const unique = [...new Set(ids)];
  const recipes = await db
    .selectFrom('recipes')
    .select([
      'id',
      'name',
      'servings',
      'allergens',
      'traces',
      'allergens_declared',
      'homemade',
      'meat_origins',
      sql<ProductOrigin[] | null>`facts->'origins'`.as('product_origins'),
      'cook_time',
      'catering_excluded',
      'seasonal',
      'cooked_weight_g',
      'catering_tags',
      'calories_per_serving',
      'protein_per_serving',
      'carbs_per_serving',
      'fat_per_serving',
    ])
    .where('organisation_id', '=', organisationId)
    .where('id', 'in', unique)
    .execute();
  if (recipes.length === 0) return dishes;
  // The planned recipes' lines, then their sub-recipes' lines level by level (cycles are refused
  // when a recipe is saved; MAX_DEPTH bounds the walk all the same).
  const lines = await readLines(
    db,
    recipes.map((r) => r.id),
  );
  const loaded = new Set(recipes.map((r) => r.id));
  for (
    let depth = 0, next = subRecipeIds(lines, loaded);
    next.length > 0 && depth < MAX_DEPTH;
    depth++, next = subRecipeIds(lines, loaded)
  ) {
    next.forEach((id) => loaded.add(id));
    lines.push(...(await readLines(db, next)));
  }
  // The organisation's prices of the Ciqual foods (src/shared/ingredient-prices.ts), as recipes are costed.
  const prices = await findIngredientPrices(
    db,
    organisationId,
    lines.flatMap((l) => (l.food_code === null ? [] : [l.food_code])),
  );
  const byRecipe = new Map<string, typeof lines>();
  for (const line of lines) byRecipe.set(line.recipe_id, [...(byRecipe.get(line.recipe_id) ?? []), line]);
  const sub = (l: LineRow) => ({
    id: l.sub_id!,
    name: l.sub_name ?? l.name,
    servings: l.sub_servings ?? 1,
    cooked_weight_g: num(l.sub_cooked_weight_g),
    allergens: [],
    traces: [],
    facts: l.sub_facts,
  });
  const gramsOf = (l: LineRow): number | null => {
    if (l.sub_id !== null)
      return l.unit === 'g' || l.unit === 'kg' || l.unit === 'portion'
        ? subRecipeGrams(Number(l.quantity), l.unit, sub(l))
        : null;
    if (l.unit === 'portion') return null;
    return toGrams(Number(l.quantity), l.unit, num(l.grams_per_unit) ?? num(l.p_grams_per_unit), num(l.grams_per_ml));
  };
  const costPerGramOf = (l: LineRow): number | null => {
    if (l.sub_id !== null) {
      const total = (l.sub_facts as Partial<RecipeFacts> | null)?.cost?.total ?? null;
      const grams = servedGrams(sub(l));
      return total !== null && grams > 0 ? total / grams : null;
    }
    if (l.food_code !== null)
      return foodCostPerGram({ code: l.food_code, name: l.name }, priceOfFood(String(l.food_code), prices), {
        unit: l.unit,
        gramsPerUnit: num(l.grams_per_unit),
        gramsPerMl: num(l.grams_per_ml),
      });
    return productCostPerGram(
      { price: num(l.price), price_per: l.price_per, grams_per_unit: num(l.p_grams_per_unit) },
      num(l.grams_per_ml),
    );
  };
  const toDishLine = (l: LineRow): DishLine => ({
    key:
      l.sub_id !== null
        ? `recipe:${l.sub_id}`
        : l.product_id !== null
          ? `product:${l.product_id}`
          : `food:${l.food_code}`,
    name: l.name,
    quantity: Number(l.quantity),
    unit: l.unit,
    grams: gramsOf(l),
    subgroupCode: l.subgroup_code ?? l.p_subgroup_code,
    costPerGram: costPerGramOf(l),
    labels: egalimLabels(l.labels),
    subRecipeId: l.sub_id,
    per100g:
      l.product_id !== null
        ? {
            fat: num(l.p_fat_g),
            protein: num(l.p_protein_g),
            sugars: num(l.p_sugars_g),
            calciumMg: num(l.p_calcium_mg),
          }
        : { fat: num(l.fat_g), protein: num(l.protein_g), sugars: num(l.sugars_g), calciumMg: num(l.calcium_mg) },
    nature:
      l.product_id !== null
        ? {
            meat: l.p_meat_kind !== null,
            pork: l.p_meat_kind === 'porcine',
            fish: (l.p_allergens ?? []).some((a) => SEAFOOD_ALLERGENS.has(a)),
          }
        : {},
    supplier: l.product_id !== null ? l.p_supplier?.trim() || null : null,
    pack:
      l.p_pack_quantity !== null && l.p_pack_unit !== null
        ? { quantity: Number(l.p_pack_quantity), unit: l.p_pack_unit }
        : null,
    seasonMonths: l.p_season_months ?? [],
    france: l.product_id !== null && isFrenchOrigin(l.p_origin),
    gramsPerUnit: num(l.grams_per_unit) ?? num(l.p_grams_per_unit),
  });
  const linesOf = new Map([...byRecipe].map(([id, rows]) => [id, rows.map(toDishLine)]));
  const servedOf = new Map(lines.flatMap((l) => (l.sub_id !== null ? [[l.sub_id, servedGrams(sub(l))] as const] : [])));

  /** A recipe's lines bought for `share` of it, a sub-recipe's own lines in the share used of it. */
  const leaves = (recipeId: string, share: number, path: readonly string[]): { line: DishLine; share: number }[] =>
    (linesOf.get(recipeId) ?? []).flatMap((line) => {
      const served = line.subRecipeId === null ? 0 : (servedOf.get(line.subRecipeId) ?? 0);
      if (
        line.subRecipeId === null ||
        line.grams === null ||
        served <= 0 ||
        !linesOf.has(line.subRecipeId) ||
        path.includes(line.subRecipeId) ||
        path.length > MAX_DEPTH
      )
        return [{ line, share }];
      return leaves(line.subRecipeId, (share * line.grams) / served, [...path, line.subRecipeId]);
    });

  for (const r of recipes) {
    const dishLines = linesOf.get(r.id) ?? [];
    // The grid reads what the dish is made of, sub-recipes opened: a hachis parmentier made of a
    // « hachis » base is meat, and a béchamel's milk counts in its calcium.
    const madeOf = leaves(r.id, 1, [r.id]);
    const rawGrams = dishLines.reduce((sum, l) => sum + (l.grams ?? 0), 0);
    const profile = dishProfile({
      recipeId: r.id,
      name: r.name,
      servings: r.servings,
      cookedWeightG: num(r.cooked_weight_g) ?? (rawGrams > 0 ? rawGrams : null),
      cookTimeMinutes: r.cook_time,
      tags: r.catering_tags as CateringTag[],
      excluded: r.catering_excluded as CateringTag[],
      lines: madeOf.map(({ line, share }) => ({
        name: line.name,
        grams: line.grams === null ? null : line.grams * share,
        subgroupCode: line.subgroupCode,
        ...line.per100g,
        ...line.nature,
        // A sub-recipe that could not be opened is of unknown make: never called vegetarian.
        ...(line.subRecipeId !== null ? { unknown: true } : {}),
      })),
    });
    const bought = leaves(r.id, 1 / Math.max(1, r.servings), [r.id]);
    dishes.set(r.id, {
      id: r.id,
      name: r.name,
      servings: r.servings,
      allergens: r.allergens,
      traces: r.traces,
      allergensDeclared: r.allergens_declared,
      homemade: r.homemade,
      meatOrigins: dinerMeatOrigins((r.meat_origins as MeatOrigin[] | null) ?? [], r.product_origins ?? []),
      seasonal: r.seasonal,
      produceMonths: madeOf.flatMap(({ line }) => (line.seasonMonths.length > 0 ? [line.seasonMonths] : [])),
      leaves: madeOf,
      profile,
      perServing: {
        energyKcal: num(r.calories_per_serving),
        protein: num(r.protein_per_serving),
        carbs: num(r.carbs_per_serving),
        fat: num(r.fat_per_serving),
      },
      lines: dishLines,
      purchaseLines: bought.map(({ line, share }) => {
        const whole = purchaseLineOf(line);
        return { ...whole, value: whole.value === null ? null : whole.value * share };
      }),
      labelledIngredients: bought
        .filter(({ line }) => line.labels.length > 0)
        .map(({ line }) => ({ name: line.name, labels: line.labels })),
    });
  }
  return dishes;
}
