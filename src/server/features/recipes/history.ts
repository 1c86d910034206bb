import type { Kysely } from 'kysely';
import type { RecipeHistory } from '../../../shared/api/organisations.ts';
import type { DB } from '../../db/schema.ts';
import { listAuditEvents } from '../../domain/audit.ts';
import { notFound } from '../../lib/http.ts';
import { isUuid } from '../../lib/ids.ts';

/** The most a recipe's « Historique » lists (newest first). */
const RECIPE_HISTORY_LIMIT = 100;

/** GET /api/recipes/:id/history: any member reads the history of a recipe of the organisation. */
export async function recipeHistory(db: Kysely<DB>, organisationId: string, id: string): Promise<RecipeHistory> {
  if (!isUuid(id)) throw notFound();
  const recipe = await db
    .selectFrom('recipes')
    .select('id')
    .where('id', '=', id)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  if (!recipe) throw notFound();
  return {
    events: await listAuditEvents(db, { organisationId, entity: { type: 'recipe', id }, limit: RECIPE_HISTORY_LIMIT }),
  };
}
