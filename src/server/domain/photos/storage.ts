import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import type { Logger } from '../../lib/logger.ts';
import type { PhotoObjectStore } from './object-store.ts';
import { createOrphanSweeper, type OrphanSweeper } from './orphans.ts';
import { createS3PhotoStore } from './s3-store.ts';

/** Where photo bytes go (docs/decisions/0017-photos.md), built once at boot. */
export interface PhotoStorage {
  /** The S3 bucket of S3_*; null: the bytes are in PostgreSQL (`photo_variants.bytes`). */
  objects: PhotoObjectStore | null;
  sweeper: OrphanSweeper;
}

export function createPhotoStorage(config: Config, db: Kysely<DB>, logger: Logger): PhotoStorage {
  const objects = config.s3 ? createS3PhotoStore(config.s3, logger) : null;
  return { objects, sweeper: createOrphanSweeper(db, objects, logger) };
}
