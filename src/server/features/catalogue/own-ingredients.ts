import type { Kysely } from 'kysely';
import type { IngredientHit } from '../../../shared/api/recipes.ts';
import type { DB } from '../../db/schema.ts';
import { matchOwnNames, readOwnHits, readOwnNames, type OwnNames } from '../../domain/product-search.ts';
import type { InvalidatedCache } from '../../lib/invalidated-cache.ts';

/**
 * An organisation's own ingredients as the search keeps them: every name, and the hits already
 * shown (bounded), until one of its products or recipes changes.
 */
export interface KeptOwnIngredients extends OwnNames {
  hits: Map<string, IngredientHit>;
}

/** The kept organisations' weight, in estimated bytes (src/server/diner.ts). */
export const OWN_INGREDIENTS_BYTES = 32 * 1024 * 1024;
const NAME_BYTES = 200;
/** A hit with its nutrients, allergens and facts, as JSON (a sub-recipe's weighs about 1.5 kB). */
const HIT_BYTES = 2_000;
/** Hits kept per organisation: past that many, the older ones go. */
const HITS_KEPT = 200;
/** Read again after this long whatever happens (a change is heard on the channel long before). */
export const OWN_INGREDIENTS_CACHE_MS = 10 * 60_000;

/** The payload that announces a change to an organisation's products or recipes (migration 0020). */
export const ownIngredientsTag = (organisationId: string) => `i:${organisationId}`;

/**
 * The organisation's own hits for what the cook typed: its products, « Mon produit », then its
 * recipes, « Ma recette » (src/server/domain/product-search.ts says which and in what order).
 * Issue 20 « The signed-in API » (docs/decisions/0026-the-signed-in-api-at-the-physical-limit.md):
 * with the names and the hits kept (`kept`, the process's cache, dropped by the
 * `nutricarte_cache` channel on `i:<organisation>`), a keystroke makes no query; otherwise one
 * query reads the names, and one the hits not kept yet. Without `kept`, nothing is kept.
 */
export async function searchOwnIngredients(
  db: Kysely<DB>,
  kept: InvalidatedCache<KeptOwnIngredients> | undefined,
  organisationId: string,
  q: string,
  limit: number,
): Promise<IngredientHit[]> {
  let own = kept?.get(organisationId);
  if (!own) {
    const generation = kept?.generation() ?? 0;
    own = { ...(await readOwnNames(db, organisationId)), hits: new Map() };
    const weight = NAME_BYTES * (own.products.length + own.recipes.length) + HIT_BYTES * HITS_KEPT;
    kept?.set(organisationId, [ownIngredientsTag(organisationId)], own, {
      generation,
      validUntil: Date.now() + OWN_INGREDIENTS_CACHE_MS,
      weight,
    });
  }
  const { productIds, recipeIds } = matchOwnNames(own, q, limit);
  const hits = own.hits;
  const missingProducts = productIds.filter((id) => !hits.has(id));
  const missingRecipes = recipeIds.filter((id) => !hits.has(id));
  let read: Map<string, IngredientHit> | undefined;
  if (missingProducts.length > 0 || missingRecipes.length > 0) {
    read = await readOwnHits(db, organisationId, missingProducts, missingRecipes);
    // A Map keeps its order of insertion: the oldest hits go first.
    for (const [id, hit] of read) {
      hits.set(id, hit);
      if (hits.size > HITS_KEPT) hits.delete(hits.keys().next().value!);
    }
  }
  // A row deleted since the names were read has no hit: it is left out.
  return [...productIds, ...recipeIds].flatMap((id) => read?.get(id) ?? hits.get(id) ?? []);
}
