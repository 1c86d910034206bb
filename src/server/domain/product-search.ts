import { sql, type Kysely } from 'kysely';
import { foldText } from '../../shared/allergens.ts';
import type { IngredientHit } from '../../shared/api/recipes.ts';
import type { DB, ProductRow } from '../db/schema.ts';
import { preparedOnPostgres } from '../db/prepared.ts';
import {
  productSource,
  servedGrams,
  subRecipeSource,
  type BasedOnColumns,
  type SubRecipeRow,
} from './recipe-line-sources.ts';

/** The words of a search (the first 8), accents and case folded, as names are stored. */
function searchWords(q: string): string[] {
  return foldText(q)
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0)
    .slice(0, 8);
}

/** The like-pattern of each word of a search (names are stored folded). */
export function foldedWords(q: string): string[] {
  return searchWords(q).map((word) => `%${word}%`);
}

/** The label beside a product in the ingredient search (docs/product/products.md). */
const PRODUCT_HIT_GROUP = 'Mon produit';
const RECIPE_HIT_GROUP = 'Ma recette';

/** What a product hit shows of its row (productSource reads no other column, but the Ciqual food it is based on: its Nutri-Score table). */
const PRODUCT_HIT_COLUMNS = [
  'id',
  'name',
  'supplier',
  'energy_kcal',
  'energy_kj',
  'fat_g',
  'saturated_fat_g',
  'carbs_g',
  'sugars_g',
  'fiber_g',
  'protein_g',
  'salt_g',
  'allergens',
  'traces',
  'price',
  'price_per',
  'grams_per_unit',
  'origin',
  'meat_kind',
] as const satisfies readonly (keyof ProductRow)[];
type ProductHitRow = Pick<ProductRow, (typeof PRODUCT_HIT_COLUMNS)[number]> & BasedOnColumns;

/**
 * The rows of the products and recipes shown, in ONE query whatever their kinds (a named
 * prepared statement on PostgreSQL: its text does not depend on how many). Each kind arrives as
 * JSON: numbers, text, arrays and the recipe's stored facts, as the hits show them.
 */
async function rowsShown(
  db: Kysely<DB>,
  organisationId: string,
  productIds: string[],
  recipeIds: string[],
): Promise<{ products: ProductHitRow[]; recipes: SubRecipeRow[] }> {
  if (productIds.length === 0 && recipeIds.length === 0) return { products: [], recipes: [] };
  const query = sql<{ products: ProductHitRow[] | null; recipes: SubRecipeRow[] | null }>`
    SELECT
      (SELECT json_agg(x) FROM (
        SELECT ${sql.join(PRODUCT_HIT_COLUMNS.map((column) => sql.ref(`p.${column}`)))},
          f.name AS based_name, f.group_name AS based_group_name, f.subgroup_name AS based_subgroup_name
        FROM products p LEFT JOIN catalogue_foods f ON f.code = p.based_on_code
        WHERE p.organisation_id = ${organisationId} AND p.id = ANY(${productIds}::uuid[])) x) AS products,
      (SELECT json_agg(x) FROM (
        SELECT r.id, r.name, r.servings, r.cooked_weight_g, r.allergens, r.traces, r.facts FROM recipes r
        WHERE r.organisation_id = ${organisationId} AND r.id = ANY(${recipeIds}::uuid[])) x) AS recipes`.compile(db);
  preparedOnPostgres(query.sql);
  const [row] = (await db.executeQuery(query)).rows;
  return { products: row?.products ?? [], recipes: row?.recipes ?? [] };
}

/**
 * An organisation's own ingredient names as the search compares them, read in one query and
 * kept while none of them changes (src/server/features/catalogue/own-ingredients.ts).
 */
export interface OwnNames {
  /** Its products, by folded name (the first 20,000). */
  products: { id: string; name: string; folded: string }[];
  /** Its recipes, by name (the first 2,000: a sub-recipe is searched among them). */
  recipes: { id: string; name: string; folded: string }[];
}

const MAX_OWN_PRODUCTS = 20_000;
const MAX_OWN_RECIPES = 2_000;

/** The names of the organisation's products and recipes, in ONE query (a named prepared statement on PostgreSQL). */
export async function readOwnNames(db: Kysely<DB>, organisationId: string): Promise<OwnNames> {
  const query = sql<{
    products: { id: string; name: string; name_folded: string }[] | null;
    recipes: { id: string; name: string }[] | null;
  }>`
    SELECT
      (SELECT json_agg(x ORDER BY x.name_folded) FROM (
        SELECT p.id, p.name, p.name_folded FROM products p WHERE p.organisation_id = ${organisationId}
        ORDER BY p.name_folded LIMIT ${MAX_OWN_PRODUCTS}) x) AS products,
      (SELECT json_agg(x ORDER BY x.name) FROM (
        SELECT r.id, r.name FROM recipes r WHERE r.organisation_id = ${organisationId}
        ORDER BY r.name LIMIT ${MAX_OWN_RECIPES}) x) AS recipes`.compile(db);
  preparedOnPostgres(query.sql);
  const [row] = (await db.executeQuery(query)).rows;
  return {
    products: (row?.products ?? []).map(({ id, name, name_folded }) => ({ id, name, folded: name_folded })),
    recipes: (row?.recipes ?? []).map(({ id, name }) => ({ id, name, folded: foldText(name) })),
  };
}

/**
 * Which of the organisation's own ingredients a search shows: those whose name holds every
 * word typed (accents and case folded), its products first (a name starting with the first
 * word first, then shorter names, then by name), then its recipes by name, at most `limit` in all.
 */
export function matchOwnNames(
  names: OwnNames,
  q: string,
  limit: number,
): { productIds: string[]; recipeIds: string[] } {
  const words = searchWords(q);
  if (words.length === 0) return { productIds: [], recipeIds: [] };
  const holds = (folded: string) => words.every((word) => folded.includes(word));
  const first = words[0]!;
  const starts = (folded: string) => (folded.startsWith(first) ? 0 : 1);
  const products = names.products.filter((row) => holds(row.folded));
  products.sort(
    (a, b) =>
      starts(a.folded) - starts(b.folded) ||
      a.name.length - b.name.length ||
      (a.folded < b.folded ? -1 : a.folded > b.folded ? 1 : 0),
  );
  const productIds = products.slice(0, limit).map((row) => row.id);
  // The recipes come after the products: only as many as the products leave room for.
  const recipeIds: string[] = [];
  for (const row of names.recipes) {
    if (productIds.length + recipeIds.length >= limit) break;
    if (holds(row.folded)) recipeIds.push(row.id);
  }
  return { productIds, recipeIds };
}

/**
 * The search hits of these products and recipes of the organisation, by id, read in one query
 * (only the few shown: a recipe's stored facts are the heavy part, bench/recipes.ts), « Mon
 * produit » and « Ma recette » (docs/product/products.md).
 */
export async function readOwnHits(
  db: Kysely<DB>,
  organisationId: string,
  productIds: string[],
  recipeIds: string[],
): Promise<Map<string, IngredientHit>> {
  const { products, recipes } = await rowsShown(db, organisationId, productIds, recipeIds);
  const hits = new Map<string, IngredientHit>();
  for (const row of products) {
    const source = productSource(row);
    hits.set(row.id, {
      kind: 'product',
      id: row.id,
      code: null,
      name: row.name,
      group: PRODUCT_HIT_GROUP,
      supplier: row.supplier === '' ? null : row.supplier,
      gramsPerUnit: row.grams_per_unit,
      per100g: source.per100g,
      allergens: row.allergens,
      traces: row.traces,
      ...source.facts,
    });
  }
  for (const row of recipes) {
    const source = subRecipeSource(row);
    hits.set(row.id, {
      kind: 'recipe',
      id: row.id,
      code: null,
      name: row.name,
      group: RECIPE_HIT_GROUP,
      per100g: source.per100g,
      allergens: row.allergens,
      traces: row.traces,
      gramsPerPortion: servedGrams(row) / row.servings,
      servings: row.servings,
      ...source.facts,
    });
  }
  return hits;
}

/** Words of a name that tell a product: 3 letters or more, neither a number nor a quantity (« 10kg », « 6x1l »). */
function tellingWords(text: string): string[] {
  return foldText(text)
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length >= 3 && !/^\d/.test(word) && !/^(kg|gr|grs|ltr|lrr|pcs|pce|env|x\d+)$/.test(word));
}

const sameWord = (own: string, billed: string) =>
  own === billed ||
  `${own}s` === billed ||
  `${billed}s` === own ||
  `${own}x` === billed ||
  (own.length >= 5 && billed.startsWith(own));

/**
 * The own product an invoice line's description most likely is (docs/product/purchases.md
 * « Rapprochement »): one whose every telling word is in the description (« Crème fraîche »
 * for « CREME FRAICHE EPAISSE 30% 1L »), the one naming most words first, then the shorter
 * name. Null when none does: the owner chooses.
 */
export function suggestOwnProduct(names: OwnNames, description: string): string | null {
  const billed = tellingWords(description);
  if (billed.length === 0) return null;
  let best: { id: string; words: number; length: number } | null = null;
  for (const product of names.products) {
    const own = tellingWords(product.folded);
    if (own.length === 0 || !own.every((word) => billed.some((b) => sameWord(word, b)))) continue;
    if (!best || own.length > best.words || (own.length === best.words && product.name.length < best.length))
      best = { id: product.id, words: own.length, length: product.name.length };
  }
  return best?.id ?? null;
}
