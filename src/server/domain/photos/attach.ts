import { sql, type Kysely, type Transaction } from 'kysely';
import { photoFileName, toPhoto, type Photo } from '../../../shared/api/photos.ts';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../lib/http.ts';
import { photoObjectKey, type PhotoObjectStore } from './object-store.ts';
import type { ProcessedPhoto } from './process-image.ts';

/** The tables whose rows show a photo. */
export type PhotoHolder = 'recipes' | 'menu_items';
/** The holder's own feature lookup for the signed-in owner, in the transaction: throws its 404 (and claims the row's version). */
export type AssertOwned = (trx: Transaction<DB>) => Promise<unknown>;

const DEADLOCK = '40P01';
const isDeadlock = (error: unknown) => (error as { code?: unknown }).code === DEADLOCK;

/**
 * Two uploads that swap the same two files between two rows at the same instant lock the two
 * photo rows in opposite orders; PostgreSQL stops one of them. Its work is idempotent (same
 * bytes, same keys), so it is done again rather than answered with a 500. A row's deletion,
 * whose trigger releases its photo (migration 0011), meets an upload the same way.
 */
export async function retryOnDeadlock<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isDeadlock(error)) throw error;
    }
  }
}

/**
 * Shows the processed photo on the row (docs/decisions/0017-photos.md), in one transaction:
 * the owner's lookup, the row locked, the photo row inserted or locked (release_photo of
 * migration 0011 locks it too, so a release of the same file is serialized with this), its
 * copies stored once (in PostgreSQL, or in the bucket after claiming their keys from
 * `photo_orphans`), then the row pointed at it. The photo it showed before is released by the
 * trigger in this same transaction.
 */
export async function attachPhoto(
  db: Kysely<DB>,
  objects: PhotoObjectStore | null,
  holder: PhotoHolder,
  holderId: string,
  processed: ProcessedPhoto,
  assertOwned: AssertOwned,
): Promise<Photo> {
  const { id } = processed;
  return retryOnDeadlock(() =>
    db.transaction().execute(async (trx) => {
      await assertOwned(trx);
      const row = await trx
        .selectFrom(holder)
        .select('photo_id')
        .where('id', '=', holderId)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw notFound();
      await sql`INSERT INTO photos (id) VALUES (${id}) ON CONFLICT (id) DO UPDATE SET created_at = photos.created_at`.execute(
        trx,
      );
      let sizes = await trx
        .selectFrom('photo_variants')
        .select(['width', 'height'])
        .where('photo_id', '=', id)
        .execute();
      if (sizes.length === 0) {
        if (objects) {
          const keys = processed.variants.map((v) => photoObjectKey(photoFileName(id, v.width)));
          await trx.deleteFrom('photo_orphans').where('object_key', 'in', keys).execute();
          await Promise.all(processed.variants.map((v, i) => objects.put(keys[i]!, v.bytes)));
        }
        await trx
          .insertInto('photo_variants')
          .values(
            processed.variants.map((v) => ({
              photo_id: id,
              width: v.width,
              height: v.height,
              byte_size: v.bytes.byteLength,
              bytes: objects ? null : v.bytes,
            })),
          )
          .execute();
        sizes = processed.variants;
      }
      if (row.photo_id !== id)
        await trx
          .updateTable(holder)
          .set({ photo_id: id, updated_at: new Date() })
          .where('id', '=', holderId)
          .execute();
      return toPhoto(id, sizes);
    }),
  );
}

/** The row shows no photo any more (a row without one is left as it is); the trigger releases the old one. */
export async function detachPhoto(
  db: Kysely<DB>,
  holder: PhotoHolder,
  holderId: string,
  assertOwned: AssertOwned,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await assertOwned(trx);
    await trx
      .updateTable(holder)
      .set({ photo_id: null, updated_at: new Date() })
      .where('id', '=', holderId)
      .where('photo_id', 'is not', null)
      .execute();
  });
}
