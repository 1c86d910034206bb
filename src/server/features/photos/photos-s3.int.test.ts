import { mkdtemp, rm } from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoMessages } from '../../../shared/api/photos.ts';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/harness.ts';
import { describeImage, testJpeg, testPng } from '../../test/images.ts';
import { getRaw, putBytes } from '../../test/photo-upload.ts';

/**
 * Photos in an S3-compatible bucket (S3_*, docs/decisions/0017-photos.md), against s3rver
 * started here on a free loopback port: no network. The database keeps the copies' sizes and
 * NULL bytes; the bucket keeps the bytes under `photos/<name>`.
 */
const BUCKET = 'nutricarte-photos';
const recipe = (name: string) => ({
  name,
  servings: 1,
  ingredients: [{ code: '16400', quantity: 20, unit: 'g' }],
  allergens: [],
  dietaryInfo: [],
});

let s3rver: S3rver | undefined;
let port: number;
let dir: string;
let client: S3Client;
let t: TestApp;
let owner: SignedUpUser;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port: free } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return free;
}

async function startBucket() {
  s3rver = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  await s3rver.run();
}
async function stopBucket() {
  await s3rver?.close();
  s3rver = undefined;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'nutricarte-s3rver-'));
  port = await freePort();
  await startBucket();
  const env = {
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
  client = new S3Client({
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  t = await createTestApp({ env });
  owner = await t.signUp();
});
afterAll(async () => {
  await t?.close();
  client?.destroy();
  await stopBucket();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const bucketKeys = async () =>
  ((await client.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((o) => o.Key!).sort();
const newRecipe = async (name: string) =>
  (await t.request('POST', '/api/recipes', { cookie: owner.cookie, body: recipe(name) })).body.id as string;

describe('photos in an S3 bucket', () => {
  it('stores the copies in the bucket, serves them through /photos, and deletes them once released', async () => {
    const id = await newRecipe('Soupe');
    const res = await putBytes(
      t,
      `/api/recipes/${id}/photo`,
      await testJpeg({ width: 1300, height: 1000, seed: 71 }),
      owner.cookie,
    );
    expect(res.status).toBe(200);
    const photo = res.json.photo as { variants: { url: string; width: number }[] };
    const names = photo.variants.map((v) => v.url.replace('/photos/', ''));
    expect(await bucketKeys()).toEqual(names.map((n) => `photos/${n}`).sort());
    const rows = await t.db.selectFrom('photo_variants').select(['width', 'bytes', 'byte_size']).execute();
    expect(rows.map((r) => [r.width, r.bytes])).toEqual([
      [320, null],
      [640, null],
      [1024, null],
    ]);

    const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: `photos/${names[2]}` }));
    expect(object.ContentType).toBe('image/webp');
    const served = await getRaw(t, photo.variants[2]!.url);
    expect([served.status, served.headers.get('cache-control'), (await describeImage(served.body)).width]).toEqual([
      200,
      'public, max-age=31536000, immutable',
      1024,
    ]);
    expect(Buffer.from(served.body).equals(Buffer.from(await object.Body!.transformToByteArray()))).toBe(true);

    expect((await t.request('DELETE', `/api/recipes/${id}`, { cookie: owner.cookie })).status).toBe(204);
    await t.deps.photos.sweeper.idle();
    expect(await bucketKeys()).toEqual([]);
    expect(await t.db.selectFrom('photo_orphans').selectAll().execute()).toEqual([]);
    expect((await getRaw(t, photo.variants[0]!.url)).status).toBe(404);
  });

  it('a bucket that is down: an upload answers 503 in French and stores nothing; a release is swept once it is back', async () => {
    const id = await newRecipe('Tarte');
    const kept = await putBytes(
      t,
      `/api/recipes/${id}/photo`,
      await testPng({ width: 500, height: 400, seed: 72 }),
      owner.cookie,
    );
    expect(kept.status).toBe(200);
    await stopBucket();
    try {
      const refused = await putBytes(
        t,
        `/api/recipes/${id}/photo`,
        await testJpeg({ width: 500, height: 400, seed: 73 }),
        owner.cookie,
      );
      expect([refused.status, refused.json.error?.code, refused.json.error?.message]).toEqual([
        503,
        'unavailable',
        photoMessages.storageUnavailable,
      ]);
      expect((await t.request('GET', `/api/recipes/${id}`, { cookie: owner.cookie })).body.photoUrl).toBe(
        kept.json.photoUrl,
      );
      expect((await t.db.selectFrom('photos').select('id').execute()).length).toBe(1);

      // Removing the photo works; its copies wait in photo_orphans while the bucket is away.
      expect((await t.request('DELETE', `/api/recipes/${id}/photo`, { cookie: owner.cookie })).status).toBe(204);
      await t.deps.photos.sweeper.idle();
      expect((await t.db.selectFrom('photo_orphans').select('object_key').execute()).length).toBe(2);
      expect((await getRaw(t, kept.json.photoUrl as string)).status).toBe(404);
    } finally {
      await startBucket();
    }
    t.deps.photos.sweeper.request();
    await t.deps.photos.sweeper.idle();
    expect(await t.db.selectFrom('photo_orphans').select('object_key').execute()).toEqual([]);
    expect(await bucketKeys()).toEqual([]);
  });

  it('an upload of a file whose release is still waiting claims its keys back: the sweep leaves its copies', async () => {
    const bytes = await testJpeg({ width: 400, height: 300, seed: 74 });
    const a = await newRecipe('Quiche');
    const url = (await putBytes(t, `/api/recipes/${a}/photo`, bytes, owner.cookie)).json.photoUrl as string;
    await stopBucket();
    try {
      expect((await t.request('DELETE', `/api/recipes/${a}/photo`, { cookie: owner.cookie })).status).toBe(204);
      await t.deps.photos.sweeper.idle();
      expect((await t.db.selectFrom('photo_orphans').select('object_key').execute()).length).toBe(2);
    } finally {
      await startBucket();
    }
    const b = await newRecipe('Quiche lorraine');
    expect((await putBytes(t, `/api/recipes/${b}/photo`, bytes, owner.cookie)).json.photoUrl).toBe(url);
    await t.deps.photos.sweeper.idle();
    expect(await t.db.selectFrom('photo_orphans').select('object_key').execute()).toEqual([]);
    expect((await getRaw(t, url)).status).toBe(200);
    expect((await bucketKeys()).length).toBe(2);
  });
});
