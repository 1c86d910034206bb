/**
 * `npm run backup` and `npm run restore` (src/server/ops/backup.ts, docs/operations.md
 * « Backups »), run as an operator runs them (the built CLI, the server's environment), for
 * both databases: a backup restored into a fresh database holds every table equal, row for
 * row, its identity sequences where they were, and every photo, in the bucket or in the database.
 */
import { ListObjectsV2Command, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql, type Kysely } from 'kysely';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../db/database.ts';
import { migrateToLatest } from '../db/migrator.ts';
import type { DB } from '../db/schema.ts';
import { projectRoot } from '../lib/paths.ts';
import '../test/provided.ts';
import { testJpeg } from '../test/images.ts';
import { client, signUp } from './support/http.ts';
import { createScratchDatabase, type ScratchDatabase } from './support/postgres-cluster.ts';
import { freePort } from './support/ports.ts';
import { report } from './support/report.ts';
import { newAuthSecret, startServer } from './support/server-process.ts';

const run = promisify(execFile);
const CLI = path.join(projectRoot, 'dist', 'server', 'server', 'ops', 'backup-cli.js');
const SOURCE_BUCKET = 'photos-source';
const TARGET_BUCKET = 'photos-restored';

let dir = '';
let bucket: S3rver | undefined;
let bucketPort = 0;
const scratches: ScratchDatabase[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'nutricarte-backup-'));
  bucketPort = await freePort();
  bucket = new S3rver({
    address: '127.0.0.1',
    port: bucketPort,
    silent: true,
    directory: path.join(dir, 's3'),
    configureBuckets: [
      { name: SOURCE_BUCKET, configs: [] },
      { name: TARGET_BUCKET, configs: [] },
    ],
  });
  await bucket.run();
});
afterAll(async () => {
  await Promise.all(scratches.map((s) => s.drop()));
  await bucket?.close();
  await rm(dir, { recursive: true, force: true });
});

const s3Env = (name: string) => ({
  S3_BUCKET: name,
  S3_ENDPOINT: `http://127.0.0.1:${bucketPort}`,
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_FORCE_PATH_STYLE: 'true',
});

/** The CLI with only the variables given (plus PATH and HOME), like server-process.ts starts the server. */
async function cli(args: string[], env: Record<string, string>) {
  const { stdout } = await run(process.execPath, [CLI, ...args], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', ...env },
  });
  return stdout;
}

/** The columns of an outbox row that its delivery changes (src/server/db/schema.ts `EventOutboxTable`). */
const DELIVERY_STATE = [
  'status',
  'attempts',
  'available_at',
  'delivered_at',
  'delivered_to',
  'last_error',
  'response_status',
];

/** Every row of every table of the public schema, as text, in a stable order; and the sequences. */
async function snapshot(db: Kysely<DB>): Promise<Record<string, string[]>> {
  const tables = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`.execute(db);
  const all: Record<string, string[]> = {};
  for (const { name } of tables.rows) {
    const rows = await sql<{ r: string }>`SELECT to_jsonb(t)::text AS r FROM ${sql.table(name)} t ORDER BY 1`.execute(
      db,
    );
    all[name] = rows.rows.map((row) => row.r);
  }
  const sequences = await sql<{ r: string }>`
    SELECT sequencename || '=' || coalesce(last_value::text, 'null') AS r FROM pg_sequences
    WHERE schemaname = 'public' ORDER BY 1`.execute(db);
  all['(sequences)'] = sequences.rows.map((row) => row.r);
  return all;
}

async function bucketContents(name: string): Promise<Record<string, string>> {
  const s3 = new S3Client({
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${bucketPort}`,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: name }));
  const contents: Record<string, string> = {};
  for (const { Key } of listed.Contents ?? []) {
    const object = await s3.send(new GetObjectCommand({ Bucket: name, Key: Key! }));
    contents[Key!] = Buffer.from(await object.Body!.transformToByteArray()).toString('base64');
  }
  s3.destroy();
  return contents;
}

const nonEmpty = (all: Record<string, string[]>) => Object.entries(all).filter(([, rows]) => rows.length > 0).length;

describe('backup and restore', () => {
  it('PostgreSQL: a backup taken while the server runs restores into a fresh database, photos in the bucket', async (context) => {
    const source = await createScratchDatabase(inject('postgresAdminUrl'), {
      template: inject('postgresTemplate'),
      prefix: inject('postgresDbPrefix'),
    });
    scratches.push(source);
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const server = await startServer({
      label: 'backup',
      port,
      env: () => ({
        DATABASE_URL: source.url,
        BETTER_AUTH_SECRET: newAuthSecret(),
        PUBLIC_ORIGIN: origin,
        AUTH_RATE_LIMIT_MAX: '100000',
        ...s3Env(SOURCE_BUCKET),
      }),
    });
    try {
      const api = client(server.url, origin);
      const { cookie } = await signUp(api);
      const post = async (p: string, body: unknown) => (await api('POST', p, { cookie, body })).body as { id: string };
      const recipe = await post('/api/recipes', {
        name: 'Purée',
        servings: 4,
        ingredients: [{ code: '4003', quantity: 1, unit: 'kg' }],
        allergens: ['Lait'],
      });
      const photo = await api('PUT', `/api/recipes/${recipe.id}/photo`, {
        cookie,
        body: await testJpeg({ width: 640, height: 480 }),
        headers: { 'content-type': 'image/jpeg' },
      });
      expect(photo.status).toBe(200);
      const menu = await post('/api/menus', { name: 'Carte' });
      const section = await post(`/api/menus/${menu.id}/sections`, { name: 'Plats' });
      await post(`/api/sections/${section.id}/items`, { recipeId: recipe.id });
      const qr = await post('/api/qr-codes', { name: 'Table 1', menuId: menu.id });
      for (let i = 0; i < 5; i += 1) await api('GET', `/qr/${qr.id}`);
      await post('/api/integrations/keys', { name: 'Caisse', scopes: ['menus:read'] });
      await post('/api/integrations/webhooks', { url: 'http://127.0.0.1:9/hooks', events: ['menu.updated'] });

      const out = path.join(dir, 'pg');
      expect(await cli(['backup', out], { DATABASE_URL: source.url, ...s3Env(SOURCE_BUCKET) })).toMatch(
        /^backup: postgres database and \d+ photos of the bucket/,
      );
      const [backupDir] = await readdir(out);
      expect(await readdir(path.join(out, backupDir!))).toEqual(
        expect.arrayContaining(['manifest.json', 'database.dump', 'photos']),
      );
    } finally {
      await server.stop();
    }

    const target = await createScratchDatabase(inject('postgresAdminUrl'), { prefix: inject('postgresDbPrefix') });
    scratches.push(target);
    const [backupDir] = await readdir(path.join(dir, 'pg'));
    await cli(['restore', path.join(dir, 'pg', backupDir!)], { DATABASE_URL: target.url, ...s3Env(TARGET_BUCKET) });

    const [from, to] = await Promise.all(
      [source, target].map((s) => openDatabase({ databaseUrl: s.url, maxConnections: 1 })),
    );
    try {
      const before = await snapshot(from!.db);
      const after = await snapshot(to!.db);
      expect(Object.keys(after)).toEqual(Object.keys(before));
      // The server ran on after the backup, delivering the events the backup holds as pending: the
      // outbox is compared on what each event is, not on how far its delivery had gone.
      const undelivered = (rows: string[] | undefined) =>
        (rows ?? []).map((row) => {
          const event = JSON.parse(row) as Record<string, unknown>;
          for (const key of DELIVERY_STATE) delete event[key];
          return JSON.stringify(event);
        });
      for (const table of Object.keys(before))
        if (table === 'event_outbox') expect(undelivered(after[table]), table).toEqual(undelivered(before[table]));
        else expect(after[table], table).toEqual(before[table]);
      const photos = await bucketContents(SOURCE_BUCKET);
      expect(Object.keys(photos).length).toBeGreaterThan(0);
      expect(await bucketContents(TARGET_BUCKET)).toEqual(photos);
      report(
        context,
        `${Object.keys(before).length - 1} tables (${nonEmpty(before)} with rows) and ${Object.keys(photos).length} photos equal after restore`,
      );
    } finally {
      await Promise.all([from!.close(), to!.close()]);
    }

    // A restore never mixes with existing data.
    await expect(
      cli(['restore', path.join(dir, 'pg', backupDir!)], { DATABASE_URL: target.url, ...s3Env(TARGET_BUCKET) }),
    ).rejects.toThrow(/not empty/);
  });

  it('PGlite: the embedded database and its photos restore into an empty DATA_DIR', async (context) => {
    const dataDir = path.join(dir, 'data');
    const seeded: Database = await openDatabase({ pgliteDir: path.join(dataDir, 'pgdata') });
    await migrateToLatest(seeded.db as never);
    await sql`
      INSERT INTO users (id, email, name) VALUES ('00000000-0000-4000-8000-000000000001', 'chef@example.com', 'Chef');
      INSERT INTO photos (id) VALUES ('0123456789abcdef0123456789abcdef');
      INSERT INTO photo_variants (photo_id, width, height, byte_size, bytes)
        VALUES ('0123456789abcdef0123456789abcdef', 320, 240, 3, '\\x010203');`.execute(seeded.db);
    const before = await snapshot(seeded.db);
    await seeded.close();

    const out = path.join(dir, 'lite');
    expect(await cli(['backup', out], { DATA_DIR: dataDir })).toMatch(/^backup: pglite database and 0 photos/);
    const [backupDir] = await readdir(out);
    const restoredDir = path.join(dir, 'data-restored');
    await cli(['restore', path.join(out, backupDir!)], { DATA_DIR: restoredDir });
    const restored = await openDatabase({ pgliteDir: path.join(restoredDir, 'pgdata') });
    try {
      const after = await snapshot(restored.db);
      expect(Object.keys(after)).toEqual(Object.keys(before));
      for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
      expect(after.photo_variants).toHaveLength(1);
      report(context, `${Object.keys(before).length - 1} tables equal after restore (embedded)`);
    } finally {
      await restored.close();
    }
    await expect(cli(['restore', path.join(out, backupDir!)], { DATA_DIR: restoredDir })).rejects.toThrow(/exists/);
  });
});
