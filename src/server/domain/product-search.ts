import type { Kysely } from 'kysely';
import { foldText } from '../../shared/allergens.ts';
import type { IngredientHit } from '../../shared/api/recipes.ts';
import type { DB } from '../db/schema.ts';
import { productSource, servedGrams, subRecipeSource } from './recipe-line-sources.ts';

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

/**
 * The organisation's products whose folded name holds every word typed, as ingredient-search
 * hits: a name starting with the first word first, then shorter names. An organisation keeps
 * at most a few thousand products; the index on (organisation_id, name_folded) narrows the
 * scan to its own rows.
 */
export async function searchProducts(db: Kysely<DB>, organisationId: string, q: string, limit: number): Promise<IngredientHit[]> {
  const patterns = foldedWords(q);
  if (patterns.length === 0) return [];
  let query = db.selectFrom('products').select(['id', 'name', 'name_folded']).where('organisation_id', '=', organisationId);
  for (const pattern of patterns) query = query.where('name_folded', 'like', pattern);
  const names = await query.orderBy('name_folded').limit(500).execute();
  const first = foldText(q).split(/[^a-z0-9]+/).find((w) => w.length > 0) ?? '';
  const starts = (name: string) => (name.startsWith(first) ? 0 : 1);
  names.sort((a, b) => starts(a.name_folded) - starts(b.name_folded) || a.name.length - b.name.length || (a.name_folded < b.name_folded ? -1 : 1));
  // The whole rows of the few shown only (bench/recipes.ts: a common word matches hundreds).
  const ids = names.slice(0, limit).map((row) => row.id);
  if (ids.length === 0) return [];
  const found = await db.selectFrom('products').selectAll().where('organisation_id', '=', organisationId).where('id', 'in', ids).execute();
  const byId = new Map(found.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []).map((row) => {
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
}

/** The organisation's recipes whose name holds every word typed, as hits (a sub-recipe to add). */
export async function searchOwnRecipes(db: Kysely<DB>, organisationId: string, q: string, limit: number): Promise<IngredientHit[]> {
  const words = foldText(q).split(/[^a-z0-9]+/).filter((w) => w.length > 0).slice(0, 8);
  if (words.length === 0) return [];
  // Names first, then the facts of the few that match: the stored facts are the heavy part (bench/recipes.ts).
  const names = await db.selectFrom('recipes').select(['id', 'name']).where('organisation_id', '=', organisationId).orderBy('name').limit(2000).execute();
  const ids = names.filter((row) => words.every((w) => foldText(row.name).includes(w))).slice(0, limit).map((row) => row.id);
  if (ids.length === 0) return [];
  const found = await db
    .selectFrom('recipes')
    .select(['id', 'name', 'servings', 'cooked_weight_g', 'allergens', 'traces', 'facts'])
    .where('organisation_id', '=', organisationId)
    .where('id', 'in', ids)
    .execute();
  const byId = new Map(found.map((row) => [row.id, row]));
  return ids
    .flatMap((id) => byId.get(id) ?? [])
    .map((row) => {
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
}
