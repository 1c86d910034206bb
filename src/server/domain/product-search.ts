import { sql, type Kysely } from 'kysely';
import { foldText } from '../../shared/allergens.ts';
import type { IngredientHit } from '../../shared/api/recipes.ts';
import type { DB, ProductRow } from '../db/schema.ts';
import { preparedOnPostgres } from '../db/prepared.ts';
import { productSource, servedGrams, subRecipeSource, type SubRecipeRow } from './recipe-line-sources.ts';

/** The like-pattern of each word of a search, accents and case folded (names are stored folded). */
export function foldedWords(q: string): string[] {
  return foldText(q)
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0)
    .slice(0, 8)
    .map((word) => `%${word}%`);
}

/** The label beside a product in the ingredient search (docs/product/products.md). */
export const PRODUCT_HIT_GROUP = 'Mon produit';
export const RECIPE_HIT_GROUP = 'Ma recette';

/** Recipe names as the search compares them, kept between searches (bounded: emptied past 20,000 names). */
const foldedNames = new Map<string, string>();

/** foldText of a recipe name: every search folds every name of the organisation (up to 2,000), on each keystroke. */
function foldedName(name: string): string {
  let folded = foldedNames.get(name);
  if (folded === undefined) {
    if (foldedNames.size >= 20_000) foldedNames.clear();
    folded = foldText(name);
    foldedNames.set(name, folded);
  }
  return folded;
}

/** What a product hit shows of its row (productSource reads no other column). */
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
type ProductHitRow = Pick<ProductRow, (typeof PRODUCT_HIT_COLUMNS)[number]>;

/**
 * The rows of the products and recipes shown, in ONE query whatever their kinds (a named
 * prepared statement on PostgreSQL: its text does not depend on how many). Each kind arrives as
 * JSON: numbers, text, arrays and the recipe's stored facts, as the hits show them.
 */
async function rowsShown(db: Kysely<DB>, organisationId: string, productIds: string[], recipeIds: string[]): Promise<{ products: ProductHitRow[]; recipes: SubRecipeRow[] }> {
  if (productIds.length === 0 && recipeIds.length === 0) return { products: [], recipes: [] };
  const query = sql<{ products: ProductHitRow[] | null; recipes: SubRecipeRow[] | null }>`
    SELECT
      (SELECT json_agg(x) FROM (
        SELECT ${sql.join(PRODUCT_HIT_COLUMNS.map((column) => sql.ref(`p.${column}`)))} FROM products p
        WHERE p.organisation_id = ${organisationId} AND p.id = ANY(${productIds}::uuid[])) x) AS products,
      (SELECT json_agg(x) FROM (
        SELECT r.id, r.name, r.servings, r.cooked_weight_g, r.allergens, r.traces, r.facts FROM recipes r
        WHERE r.organisation_id = ${organisationId} AND r.id = ANY(${recipeIds}::uuid[])) x) AS recipes`.compile(db);
  preparedOnPostgres(query.sql);
  const [row] = (await db.executeQuery(query)).rows;
  return { products: row?.products ?? [], recipes: row?.recipes ?? [] };
}

/** Whose own products and recipes a search reads: the account's active organisation, or a given one. */
export type SearchOwner = { userId: string } | { organisationId: string };

export interface OwnSearch {
  /** The organisation searched; null when the account's active membership is gone (the caller falls back). */
  organisationId: string | null;
  /** Its products first (a name starting with the first word first, then shorter names), then its recipes. */
  hits: IngredientHit[];
}

/**
 * The organisation's own ingredients whose name holds every word typed, as ingredient-search
 * hits: its products first, marked « Mon produit » (a name starting with the first word
 * first, then shorter names), then its recipes, « Ma recette » (a sub-recipe to add), at most
 * `limit` in all. For `{ userId }` the organisation is the account's active one, read in the
 * same query as the names (as requireUser reads it): null when that membership is gone.
 *
 * Two queries when something matches, one otherwise (docs/decisions/0022-performance-at-the-physical-limit.md
 * « The signed-in API »): the names of the matching products (the index on
 * (organisation_id, name_folded) narrows the scan to its own rows) and of every recipe,
 * folded here; then the rows of the few shown only, the products' and the recipes' in one
 * query (bench/recipes.ts: a common word matches hundreds, and a recipe's stored facts are the
 * heavy part). Both are named prepared statements on PostgreSQL.
 */
export async function searchOwnIngredients(db: Kysely<DB>, owner: SearchOwner, q: string, limit: number): Promise<OwnSearch> {
  const patterns = foldedWords(q);
  const words = patterns.map((pattern) => pattern.slice(1, -1));
  const organisation =
    'userId' in owner
      ? sql`SELECT m.organisation_id FROM users u JOIN memberships m ON m.user_id = u.id AND m.organisation_id = u.active_organisation_id WHERE u.id = ${owner.userId}`
      : sql`SELECT ${owner.organisationId}::uuid AS organisation_id`;
  const productNames =
    patterns.length === 0
      ? sql`NULL::json`
      : sql`(SELECT json_agg(x ORDER BY x.name_folded) FROM (
          SELECT p.id, p.name, p.name_folded FROM products p
          WHERE p.organisation_id = o.organisation_id AND ${sql.join(patterns.map((pattern) => sql`p.name_folded LIKE ${pattern}`), sql` AND `)}
          ORDER BY p.name_folded LIMIT 500) x)`;
  const recipeNames =
    words.length === 0
      ? sql`NULL::json`
      : sql`(SELECT json_agg(x ORDER BY x.name) FROM (
          SELECT r.id, r.name FROM recipes r WHERE r.organisation_id = o.organisation_id ORDER BY r.name LIMIT 2000) x)`;
  const query = sql<{ organisation_id: string; products: { id: string; name: string; name_folded: string }[] | null; recipes: { id: string; name: string }[] | null }>`
    SELECT o.organisation_id, ${productNames} AS products, ${recipeNames} AS recipes FROM (${organisation}) o`.compile(db);
  // Every keystroke of a recipe's ingredient search: parsed and planned once per connection.
  preparedOnPostgres(query.sql);
  const [found] = (await db.executeQuery(query)).rows;
  if (!found) return { organisationId: null, hits: [] };
  const organisationId = found.organisation_id;

  const names = found.products ?? [];
  const first = words[0] ?? '';
  const starts = (name: string) => (name.startsWith(first) ? 0 : 1);
  names.sort((a, b) => starts(a.name_folded) - starts(b.name_folded) || a.name.length - b.name.length || (a.name_folded < b.name_folded ? -1 : 1));
  const productIds = names.slice(0, limit).map((row) => row.id);
  // The recipes come after the products: only as many as the products leave room for.
  const recipeIds = (found.recipes ?? [])
    .filter((row) => {
      const name = foldedName(row.name);
      return words.every((w) => name.includes(w));
    })
    .slice(0, limit - productIds.length)
    .map((row) => row.id);
  const { products, recipes } = await rowsShown(db, organisationId, productIds, recipeIds);
  const productById = new Map(products.map((row) => [row.id, row]));
  const recipeById = new Map(recipes.map((row) => [row.id, row]));
  const productHits = productIds.flatMap((id) => productById.get(id) ?? []).map((row): IngredientHit => {
    const source = productSource(row);
    return {
      kind: 'product',
      id: row.id,
      code: null,
      name: row.name,
      group: PRODUCT_HIT_GROUP,
      supplier: row.supplier === '' ? null : row.supplier,
      per100g: source.per100g,
      allergens: row.allergens,
      traces: row.traces,
      ...source.facts,
    };
  });
  const recipeHits = recipeIds.flatMap((id) => recipeById.get(id) ?? []).map((row): IngredientHit => {
    const source = subRecipeSource(row);
    return {
      kind: 'recipe' as const,
      id: row.id,
      code: null,
      name: row.name,
      group: RECIPE_HIT_GROUP,
      per100g: source.per100g,
      allergens: row.allergens,
      traces: row.traces,
      gramsPerPortion: servedGrams(row) / row.servings,
      ...source.facts,
    };
  });
  return { organisationId, hits: [...productHits, ...recipeHits] };
}
