/**
 * Where photo bytes live when they are not in PostgreSQL (docs/decisions/0017-photos.md): an
 * S3-compatible bucket shared by every server of the deployment. Keys are `photos/<file name>`,
 * the form the database writes in `photo_orphans` (src/server/db/migrations/0011-photos.ts).
 */
export interface PhotoObjectStore {
  /** Writes (or overwrites with the same bytes) one WebP copy. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or null when the bucket has no such key. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes one key; a missing key is not an error. */
  remove(key: string): Promise<void>;
}

export const photoObjectKey = (fileName: string) => `photos/${fileName}`;
