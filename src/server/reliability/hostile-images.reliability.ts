/**
 * Hostile images (docs/product/api.md « Photos », docs/decisions/0017-photos.md): random bytes,
 * real images truncated or with bytes flipped, every label of Content-Type, SVG, animated
 * images, a decompression bomb, bodies over 5 MB, sent to both photo routes with fast-check
 * (fixed seed). Every answer is < 500; a refusal has docs/product/api.md's shape in French and
 * stores nothing (row counts of every owned table, photos included, unchanged); an accepted
 * image is served as WebP. The JSON routes are fuzzed by hostile-input.reliability.ts, which
 * lists these two routes as covered here.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES, photoMessages } from '../../shared/api/photos.ts';
import { createTestApp, type SignedUpUser, type TestApp } from '../test/harness.ts';
import {
  describeImage,
  testAnimatedWebp,
  testGif,
  testJpeg,
  testPixelBomb,
  testPng,
  testWebp,
} from '../test/images.ts';
import { getRaw, putBytes } from '../test/photo-upload.ts';
import { errorShapeProblems } from './support/api-error.ts';
import { countOwnedRows } from './support/db-state.ts';
import { imagesFrom, RUNS, SEED, type SentImage } from './support/fuzz-inputs.ts';
import { report } from './support/report.ts';

const recipeBody = {
  name: 'Tarte aux pommes',
  servings: 4,
  ingredients: [{ code: '13039', quantity: 500, unit: 'g' }],
  allergens: ['Gluten'],
  dietaryInfo: [],
};

let t: TestApp;
let owner: SignedUpUser;
let routes: string[];
let valid: Uint8Array[];
const statuses = new Map<number, number>();

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  const call = async (method: string, path: string, body: unknown) => {
    const res = await t.request(method, path, { cookie: owner.cookie, body });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
    return res.body;
  };
  const recipe = await call('POST', '/api/recipes', recipeBody);
  const menu = await call('POST', '/api/menus', { name: 'Carte' });
  const section = await call('POST', `/api/menus/${menu.id}/sections`, { name: 'Plats' });
  const item = await call('POST', `/api/sections/${section.id}/items`, { recipeId: recipe.id });
  routes = [`/api/recipes/${recipe.id}/photo`, `/api/items/${item.id}/photo`];
  valid = [
    await testJpeg({ width: 300, height: 200 }),
    await testPng({ width: 240, height: 160 }),
    await testWebp({ width: 200, height: 200 }),
  ];
});
afterAll(() => t?.close());

const db = process.env.TEST_DB ?? 'pglite';

/** The rules every answer to a hostile image follows; returns the status. */
async function expectSafeAnswer(path: string, image: SentImage): Promise<number> {
  const before = await countOwnedRows(t.db);
  const res = await putBytes(
    t,
    path,
    image.bytes,
    owner.cookie,
    image.contentType ? { 'content-type': image.contentType } : { 'content-type': '' },
  );
  const after = await countOwnedRows(t.db);
  statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  const what = `PUT ${path} ← ${image.label}\n→ ${res.status} ${new TextDecoder().decode(res.body.subarray(0, 300))}`;
  expect(res.status, what).toBeLessThan(500);
  if (res.status >= 400) {
    expect(errorShapeProblems(res.status, res.json, res.headers.get('content-type')), what).toEqual([]);
    expect(after, `${what}\nrows stored by a refused upload`).toEqual(before);
  } else {
    expect(res.status, what).toBe(200);
    const served = await getRaw(t, res.json.photoUrl as string);
    expect([served.status, (await describeImage(served.body)).format], what).toEqual([200, 'webp']);
  }
  return res.status;
}

describe(`hostile images (${db})`, () => {
  it.each([0, 1])(
    'route %i: random and damaged images never answer 5xx, and a refusal stores nothing (fast-check)',
    async (index) => {
      await fc.assert(
        fc.asyncProperty(imagesFrom(valid), async (image) => {
          await expectSafeAnswer(routes[index]!, image);
        }),
        { seed: SEED + index, numRuns: RUNS, interruptAfterTimeLimit: 60_000 },
      );
    },
  );

  it('refuses each kind of bad file with its French message, whatever the Content-Type claims', async () => {
    const cases: [string, Uint8Array, string][] = [
      ['empty', new Uint8Array(0), photoMessages.notAnImage],
      ['text', new TextEncoder().encode('Soupe du jour'), photoMessages.notAnImage],
      [
        'SVG with a script',
        new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        photoMessages.wrongType,
      ],
      ['GIF', await testGif(), photoMessages.wrongType],
      ['animated WebP', await testAnimatedWebp(), photoMessages.animated],
      ['100 million pixels in a small PNG', testPixelBomb(), photoMessages.tooManyPixels],
    ];
    for (const path of routes) {
      for (const [label, bytes, message] of cases) {
        for (const contentType of ['image/jpeg', 'image/png', 'text/plain']) {
          const before = await countOwnedRows(t.db);
          const res = await putBytes(t, path, bytes, owner.cookie, { 'content-type': contentType });
          expect([res.status, res.json.error?.message], `${label} as ${contentType}`).toEqual([422, message]);
          expect(await countOwnedRows(t.db)).toEqual(before);
        }
      }
      const before = await countOwnedRows(t.db);
      const big = await putBytes(t, path, new Uint8Array(PHOTO_MAX_BYTES + 1), owner.cookie);
      expect([big.status, big.json.error?.code]).toEqual([413, 'payload_too_large']);
      expect(await countOwnedRows(t.db)).toEqual(before);
    }
  });

  it('fuzzing summary', (context) => {
    const byStatus = [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}×${n}`)
      .join(' ');
    report(
      context,
      `${[...statuses.values()].reduce((a, b) => a + b, 0)} hostile images (${byStatus}), none answered 5xx`,
    );
    expect([...statuses.keys()].every((status) => status < 500)).toBe(true);
    expect(statuses.get(422)).toBeGreaterThan(0);
  });
});
