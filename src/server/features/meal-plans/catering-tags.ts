import type { Kysely } from 'kysely';
import type { CateringTagsAnswer } from '../../../shared/api/meal-plans.ts';
import { CATERING_TAGS, type CateringTag } from '../../../shared/catering/catering.ts';
import { automaticTags } from '../../../shared/catering/gemrcn.ts';
import type { Actor } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { claimVersion } from '../../domain/versions.ts';
import { notFound } from '../../lib/http.ts';
import { isUuid } from '../../lib/ids.ts';
import { loadDishes } from './dishes.ts';

const ordered = (tags: readonly string[]) => CATERING_TAGS.filter((t) => tags.includes(t));

/** The owner's words (« compte », « ne compte pas ») and what the data says, each with its reason. */
async function answerFor(
  db: Kysely<DB>,
  organisationId: string,
  recipeId: string,
  row: { catering_tags: string[]; catering_excluded: string[]; seasonal: boolean; version: number },
): Promise<CateringTagsAnswer> {
  const dish = (await loadDishes(db, organisationId, [recipeId])).get(recipeId);
  return {
    tags: ordered(row.catering_tags),
    excluded: ordered(row.catering_excluded),
    seasonal: row.seasonal,
    version: row.version,
    automatic: dish ? automaticTags({ ...dish.profile, excluded: [] }) : [],
  };
}

export async function getCateringTags(
  db: Kysely<DB>,
  organisationId: string,
  recipeId: string,
): Promise<CateringTagsAnswer> {
  if (!isUuid(recipeId)) throw notFound();
  const row = await db
    .selectFrom('recipes')
    .select(['catering_tags', 'catering_excluded', 'seasonal', 'version'])
    .where('id', '=', recipeId)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return answerFor(db, organisationId, recipeId, row);
}

/** The owner's GEMRCN classifications of a recipe, « compte » and « ne compte pas », replaced as sets. */
export async function putCateringTags(
  db: Kysely<DB>,
  actor: Actor,
  recipeId: string,
  body: { tags: readonly CateringTag[]; excluded: readonly CateringTag[]; seasonal?: boolean | undefined },
  version?: number,
): Promise<CateringTagsAnswer> {
  if (!isUuid(recipeId)) throw notFound();
  const row = await db.transaction().execute(async (trx) => {
    const saved = await claimVersion(trx, 'recipes', { id: recipeId }, version, actor);
    const updated = await trx
      .updateTable('recipes')
      .set({
        catering_tags: ordered(body.tags),
        catering_excluded: ordered(body.excluded),
        ...(body.seasonal !== undefined ? { seasonal: body.seasonal } : {}),
      })
      .where('id', '=', recipeId)
      .where('organisation_id', '=', actor.organisationId)
      .returning(['catering_tags', 'catering_excluded', 'seasonal'])
      .executeTakeFirstOrThrow();
    return { ...updated, version: saved };
  });
  return answerFor(db, actor.organisationId, recipeId, row);
}
