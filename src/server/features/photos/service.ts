import type { Kysely } from 'kysely';
import { PHOTO_FILE_NAME } from '../../../shared/api/photos.ts';
import type { DB } from '../../db/schema.ts';
import { photoObjectKey, type PhotoObjectStore } from '../../domain/photos/object-store.ts';

/**
 * The bytes of one stored WebP copy by its file name (`<photo id>-<width>.webp`), or null for
 * a name that is not one (deleted, never stored, malformed). The database says whether the copy
 * exists, so a deleted photo stops being served at once, whatever the bucket still holds.
 */
export async function readPhotoFile(
  db: Kysely<DB>,
  objects: PhotoObjectStore | null,
  name: string,
): Promise<Uint8Array | null> {
  const match = PHOTO_FILE_NAME.exec(name);
  if (!match) return null;
  const row = await db
    .selectFrom('photo_variants')
    .select('bytes')
    .where('photo_id', '=', match[1]!)
    .where('width', '=', Number(match[2]))
    .executeTakeFirst();
  if (!row) return null;
  if (row.bytes) return row.bytes;
  return objects ? objects.get(photoObjectKey(name)) : null;
}
