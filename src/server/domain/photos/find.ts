import type { Kysely, Transaction } from 'kysely';
import { toPhoto, type Photo } from '../../../shared/api/photos.ts';
import type { DB } from '../../db/schema.ts';

/** The photos of these ids, in one query (ids may repeat or be null). */
export async function findPhotos(
  db: Kysely<DB> | Transaction<DB>,
  ids: readonly (string | null)[],
): Promise<Map<string, Photo>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('photo_variants')
    .select(['photo_id', 'width', 'height'])
    .where('photo_id', 'in', wanted)
    .execute();
  const sizes = new Map<string, { width: number; height: number }[]>();
  for (const row of rows) sizes.set(row.photo_id, [...(sizes.get(row.photo_id) ?? []), row]);
  return new Map([...sizes].map(([id, list]) => [id, toPhoto(id, list)]));
}
