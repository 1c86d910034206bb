import type { Kysely } from 'kysely';
import type { CateringTagsAnswer } from '../../../shared/api/meal-plans.ts';
import { CATERING_TAGS, type CateringTag } from '../../../shared/catering/catering.ts';
import type { Actor } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { claimVersion } from '../../domain/versions.ts';
import { notFound } from '../../lib/http.ts';
import { isUuid } from '../../lib/ids.ts';

const ordered = (tags: readonly string[]) => CATERING_TAGS.filter((t) => tags.includes(t));

export async function getCateringTags(
  db: Kysely<DB>,
  organisationId: string,
  recipeId: string,
): Promise<CateringTagsAnswer> {
  if (!isUuid(recipeId)) throw notFound();
  const row = await db
    .selectFrom('recipes')
    .select('catering_tags')
    .where('id', '=', recipeId)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return { tags: ordered(row.catering_tags) };
}

/** The owner's GEMRCN classifications of a recipe, replaced as a set. */
export async function putCateringTags(
  db: Kysely<DB>,
  actor: Actor,
  recipeId: string,
  tags: readonly CateringTag[],
  version?: number,
): Promise<CateringTagsAnswer> {
  if (!isUuid(recipeId)) throw notFound();
  return db.transaction().execute(async (trx) => {
    await claimVersion(trx, 'recipes', { id: recipeId }, version, actor);
    const row = await trx
      .updateTable('recipes')
      .set({ catering_tags: ordered(tags) })
      .where('id', '=', recipeId)
      .where('organisation_id', '=', actor.organisationId)
      .returning('catering_tags')
      .executeTakeFirstOrThrow();
    return { tags: ordered(row.catering_tags) };
  });
}
