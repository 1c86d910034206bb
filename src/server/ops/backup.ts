import { execFile } from 'node:child_process';
import { sql } from 'kysely';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { photoFileName } from '../../shared/api/photos.ts';
import { createS3PhotoStore } from '../domain/photos/s3-store.ts';
import { photoObjectKey } from '../domain/photos/object-store.ts';
import type { Logger } from '../lib/logger.ts';

/**
 * `npm run backup` and `npm run restore` (docs/operations.md « Backups »). A backup is one
 * folder: `manifest.json`; the database, as `database.dump` (pg_dump's custom format, restored
 * by pg_restore) or, for the embedded database, `pglite-data.tar` (PGlite's own dump of its
 * data folder); and `photos/`, the WebP copies kept in the S3 bucket (copies kept in
 * PostgreSQL are in the dump). The embedded database is single-process: stop the server first.
 */
const run = promisify(execFile);
export const MANIFEST = 'manifest.json';
const DUMP = 'database.dump';
const PGLITE_TAR = 'pglite-data.tar';
const PHOTOS = 'photos';

export interface Manifest {
  format: 1;
  createdAt: string;
  database: 'postgres' | 'pglite';
  migrations: string[];
  photosInBucket: number;
}

/** Where src/server/boot.ts keeps the embedded database, and the secret it generated (src/server/secrets.ts). */
const pgliteDir = (config: Config) => path.join(config.dataDir, 'pgdata');
const SECRET_FILE = 'auth-secret';

export async function backup(
  config: Config,
  out: string,
  logger: Logger,
): Promise<{ dir: string; manifest: Manifest }> {
  const dir = path.join(out, `nutricarte-backup-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  await mkdir(path.join(dir, PHOTOS), { recursive: true });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: pgliteDir(config),
    maxConnections: 2,
  });
  try {
    const migrations = (
      await database.db
        .selectFrom('kysely_migration' as never)
        .select('name' as never)
        .orderBy('name' as never)
        .execute()
    ).map((row) => (row as { name: string }).name);
    if (database.kind === 'postgres') {
      await run('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--file=${path.join(dir, DUMP)}`,
        `--dbname=${config.databaseUrl}`,
      ]);
    } else {
      const tar = await database.dumpDataDir!();
      await writeFile(path.join(dir, PGLITE_TAR), Buffer.from(await tar.arrayBuffer()));
      // The secret the server generated: it signs sessions and seals the two-factor secrets.
      const secret = await readFile(path.join(config.dataDir, SECRET_FILE)).catch(() => null);
      if (secret) await writeFile(path.join(dir, SECRET_FILE), secret, { mode: 0o600 });
    }
    let photosInBucket = 0;
    if (config.s3) {
      const store = createS3PhotoStore(config.s3, logger);
      const variants = await database.db
        .selectFrom('photo_variants')
        .select(['photo_id', 'width'])
        .where('bytes', 'is', null)
        .execute();
      for (const variant of variants) {
        const name = photoFileName(variant.photo_id, variant.width);
        const bytes = await store.get(photoObjectKey(name));
        if (!bytes) throw new Error(`photo ${name} is missing from the bucket`);
        await writeFile(path.join(dir, PHOTOS, name), bytes);
        photosInBucket += 1;
      }
    }
    const manifest: Manifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      database: database.kind,
      migrations,
      photosInBucket,
    };
    await writeFile(path.join(dir, MANIFEST), JSON.stringify(manifest, null, 2) + '\n');
    return { dir, manifest };
  } finally {
    await database.close();
  }
}

/**
 * Into an empty database (a new PostgreSQL database, or a DATA_DIR without an embedded
 * database yet) and the configured bucket. Refuses a non-empty target: a restore never mixes.
 */
export async function restore(config: Config, dir: string, logger: Logger): Promise<Manifest> {
  const manifest = JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8')) as Manifest;
  if (manifest.format !== 1) throw new Error(`unknown backup format ${String(manifest.format)}`);
  const target = config.databaseUrl ? 'postgres' : 'pglite';
  if (target !== manifest.database)
    throw new Error(`this backup holds a ${manifest.database} database; the configuration names a ${target} one`);
  if (target === 'postgres') {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, maxConnections: 1 });
    try {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'`.execute(database.db);
      if (rows[0]!.n > 0) throw new Error('the target database is not empty: restore into a new database');
    } finally {
      await database.close();
    }
    await run('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      `--dbname=${config.databaseUrl}`,
      path.join(dir, DUMP),
    ]);
  } else {
    const exists = await stat(pgliteDir(config)).then(
      () => true,
      () => false,
    );
    if (exists) throw new Error(`${pgliteDir(config)} exists: restore into an empty DATA_DIR`);
    const tar = new Blob([await readFile(path.join(dir, PGLITE_TAR))]);
    const database = await openDatabase({ pgliteDir: pgliteDir(config), loadDataDir: tar });
    await database.close();
    const secret = await readFile(path.join(dir, SECRET_FILE)).catch(() => null);
    if (secret) await writeFile(path.join(config.dataDir, SECRET_FILE), secret, { mode: 0o600, flag: 'wx' });
  }
  const photos = await readdir(path.join(dir, PHOTOS));
  if (photos.length) {
    if (!config.s3) throw new Error(`${photos.length} photos of the backup need a bucket: set S3_*`);
    const store = createS3PhotoStore(config.s3, logger);
    for (const name of photos) await store.put(photoObjectKey(name), await readFile(path.join(dir, PHOTOS, name)));
  }
  return manifest;
}
