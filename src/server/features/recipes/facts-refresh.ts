import type { Kysely } from 'kysely';
import { RECIPE_FACTS_VERSION } from '../../../shared/recipe-facts.ts';
import type { DB } from '../../db/schema.ts';
import { recomputeRecipes } from '../../domain/recipe-recompute.ts';

const BATCH = 100;

export interface RefreshOptions {
  /** Recompute every recipe, not only the stale ones (the catalogue's values changed). */
  all?: boolean;
}

/**
 * Brings every stored recipe's facts to RECIPE_FACTS_VERSION (and to the catalogue as loaded),
 * so the API and the public menu can read them as stored. Run at start, after the migrations
 * and the catalogue load, before the server listens. Batches of 100 in their own transactions;
 * rows are claimed with SKIP LOCKED, so several processes starting together share the work,
 * and a recipe an owner is saving at that moment is left to that save (it writes fresh facts).
 * Returns the number of recipes recomputed.
 */
export async function refreshRecipeFacts(db: Kysely<DB>, options: RefreshOptions = {}): Promise<number> {
  let after = '00000000-0000-0000-0000-000000000000';
  let done = 0;
  for (;;) {
    const batch = await db.transaction().execute(async (trx) => {
      let query = trx
        .selectFrom('recipes')
        .select('id')
        .where('id', '>', after)
        .orderBy('id')
        .limit(BATCH)
        .forUpdate()
        .skipLocked();
      if (!options.all) query = query.where('facts_version', '<', RECIPE_FACTS_VERSION);
      const recipes = await query.execute();
      if (recipes.length === 0) return null;
      await recomputeRecipes(
        trx,
        recipes.map((r) => r.id),
      );
      return { last: recipes.at(-1)!.id, count: recipes.length };
    });
    if (batch === null) return done;
    after = batch.last;
    done += batch.count;
  }
}
