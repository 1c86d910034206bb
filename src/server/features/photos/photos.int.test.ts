import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES, photoMessages } from '../../../shared/api/photos.ts';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/harness.ts';
import { describeImage, testJpeg, testPng, testWebp } from '../../test/images.ts';
import { getRaw, putBytes } from '../../test/photo-upload.ts';
import { addMember } from '../../test/teams.ts';

/** docs/product/api.md « Photos », photos kept in PostgreSQL (no S3_*): photos-s3.int.test.ts does the bucket. */
const recipe = (name: string) => ({
  name,
  servings: 2,
  ingredients: [{ code: '16400', quantity: 20, unit: 'g' }],
  allergens: ['Lait'],
  dietaryInfo: [],
});

let t: TestApp;
let owner: SignedUpUser;
let intruder: SignedUpUser;
let jpeg: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  intruder = await t.signUp();
  await t.db
    .updateTable('subscriptions')
    .set({ tier: 'premium' })
    .where('organisation_id', '=', owner.organisationId)
    .execute();
  jpeg = await testJpeg({ width: 1600, height: 1200 });
});
afterAll(() => t.close());

const newRecipe = async (name = 'Gratin') =>
  (await t.request('POST', '/api/recipes', { cookie: owner.cookie, body: recipe(name) })).body;
const stored = async () =>
  (
    await sql<{
      photos: number;
      variants: number;
    }>`SELECT (SELECT count(*)::int FROM photos) AS photos, (SELECT count(*)::int FROM photo_variants) AS variants`.execute(
      t.db,
    )
  ).rows[0]!;

describe('PUT /api/recipes/:id/photo', () => {
  it.each([
    ['JPEG', 'image/jpeg', testJpeg],
    ['PNG', 'image/png', testPng],
    ['WebP', 'image/webp', testWebp],
  ])('stores a %s as WebP copies and answers {photoUrl, photo}; the recipe carries it', async (_label, type, make) => {
    const r = await newRecipe();
    const res = await putBytes(
      t,
      `/api/recipes/${r.id}/photo`,
      await make({ width: 1600, height: 1200, seed: r.id.charCodeAt(0) }),
      owner.cookie,
      { 'content-type': type },
    );
    expect(res.status).toBe(200);
    const { photoUrl, photo } = res.json as {
      photoUrl: string;
      photo: { url: string; width: number; height: number; variants: { url: string; width: number }[] };
    };
    expect(photoUrl).toMatch(/^\/photos\/[0-9a-f]{32}-1024\.webp$/);
    expect(photo).toMatchObject({ url: photoUrl, width: 1024, height: 768 });
    expect(photo.variants.map((v) => v.width)).toEqual([320, 640, 1024]);
    const again = await t.request('GET', `/api/recipes/${r.id}`, { cookie: owner.cookie });
    expect(again.body).toMatchObject({ photoUrl, photo });
    const listed = (await t.request('GET', '/api/recipes', { cookie: owner.cookie })).body.recipes.find(
      (x: { id: string }) => x.id === r.id,
    );
    expect(listed.photoUrl).toBe(photoUrl);
  });

  it('serves each copy to anyone, with year-long immutable caching, an ETag and 304', async () => {
    const r = await newRecipe();
    const { photo } = (await putBytes(t, `/api/recipes/${r.id}/photo`, await testJpeg({ seed: 11 }), owner.cookie))
      .json as { photo: { variants: { url: string; width: number }[] } };
    for (const variant of photo.variants) {
      const res = await getRaw(t, variant.url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('content-length')).toBe(String(res.body.byteLength));
      expect((await describeImage(res.body)).width).toBe(variant.width);
      const etag = res.headers.get('etag')!;
      expect(etag).toMatch(/^"[0-9a-f]{32}-\d+"$/);
      const revalidated = await getRaw(t, variant.url, { 'if-none-match': etag });
      expect([revalidated.status, revalidated.body.byteLength]).toEqual([304, 0]);
    }
    for (const unknown of [
      '/photos/0123456789abcdef0123456789abcdef-320.webp',
      '/photos/nope.webp',
      `${photo.variants[0]!.url.replace('.webp', '.png')}`,
    ]) {
      expect((await getRaw(t, unknown)).status).toBe(404);
    }
  });

  it.each([
    [
      'a text file sent as image/jpeg',
      () => Buffer.from('Menu du jour : soupe, gratin, tarte.'),
      photoMessages.notAnImage,
    ],
    ['a truncated JPEG', async () => (await testJpeg({ seed: 12 })).subarray(0, 20_000), photoMessages.notAnImage],
    ['an empty body', () => Buffer.alloc(0), photoMessages.notAnImage],
  ])('refuses %s with a French 422 and stores nothing', async (_label, make, message) => {
    const r = await newRecipe();
    const before = await stored();
    const res = await putBytes(t, `/api/recipes/${r.id}/photo`, await make(), owner.cookie);
    expect([res.status, res.json.error]).toEqual([422, { code: 'validation', message, fields: { photo: message } }]);
    expect(await stored()).toEqual(before);
    expect((await t.request('GET', `/api/recipes/${r.id}`, { cookie: owner.cookie })).body.photoUrl).toBeNull();
  });

  it('refuses a body over 5 MB with 413 and the French message, announced or streamed, and stores nothing', async () => {
    const r = await newRecipe();
    const before = await stored();
    const big = Buffer.concat([await testJpeg({ seed: 13 }), Buffer.alloc(PHOTO_MAX_BYTES)]);
    expect(big.byteLength).toBeGreaterThan(PHOTO_MAX_BYTES);
    for (const headers of [{ 'content-length': String(big.byteLength) }, {}] as Record<string, string>[]) {
      const res = await putBytes(t, `/api/recipes/${r.id}/photo`, big, owner.cookie, headers);
      expect([res.status, res.headers.get('connection'), res.json.error]).toEqual([
        413,
        'close',
        { code: 'payload_too_large', message: photoMessages.tooLarge, fields: { photo: photoMessages.tooLarge } },
      ]);
    }
    expect(await stored()).toEqual(before);
    // Exactly 5 MB is allowed through to the image checks (here: not an image).
    expect(
      (await putBytes(t, `/api/recipes/${r.id}/photo`, Buffer.alloc(PHOTO_MAX_BYTES, 1), owner.cookie)).status,
    ).toBe(422);
    // The JSON routes keep their 1 MB.
    expect(
      (
        await t.request('PUT', `/api/recipes/${r.id}`, {
          cookie: owner.cookie,
          body: { ...recipe('x'), description: 'x'.repeat(1024 * 1024) },
        })
      ).status,
    ).toBe(413);
  });

  it("answers another owner's recipe, an unknown id and a malformed id like a missing one (404), and stores nothing", async () => {
    const r = await newRecipe();
    const before = await stored();
    for (const [path, cookie] of [
      [`/api/recipes/${r.id}/photo`, intruder.cookie],
      ['/api/recipes/6f1c2f0e-8b7a-4c1e-9d2a-3b4c5d6e7f80/photo', owner.cookie],
      ['/api/recipes/pas-un-id/photo', owner.cookie],
    ] as const) {
      const put = await putBytes(t, path, jpeg, cookie);
      expect([put.status, put.json.error?.code]).toEqual([404, 'not_found']);
      const del = await t.request('DELETE', path, { cookie });
      expect([del.status, del.body.error.code]).toEqual([404, 'not_found']);
    }
    expect(await stored()).toEqual(before);
    expect((await putBytes(t, `/api/recipes/${r.id}/photo`, jpeg, undefined)).status).toBe(401);
    expect(
      (await putBytes(t, `/api/recipes/${r.id}/photo`, jpeg, owner.cookie, { origin: 'https://evil.example' })).status,
    ).toBe(403);
  });
});

describe('roles in the organisation (src/shared/permissions.ts)', () => {
  it('lets an editor change a photo of the organisation; a viewer gets 403 and nothing is stored or removed', async () => {
    const editor = await addMember(t, owner, 'editor');
    const viewer = await addMember(t, owner, 'viewer');
    const r = await newRecipe();
    const put = await putBytes(t, `/api/recipes/${r.id}/photo`, await testJpeg({ seed: 31 }), editor.cookie);
    expect(put.status).toBe(200);
    const before = await stored();
    const refused = await putBytes(t, `/api/recipes/${r.id}/photo`, await testJpeg({ seed: 32 }), viewer.cookie);
    expect([refused.status, refused.json.error?.code]).toEqual([403, 'forbidden']);
    const del = await t.request('DELETE', `/api/recipes/${r.id}/photo`, { cookie: viewer.cookie });
    expect([del.status, del.body.error.code]).toEqual([403, 'forbidden']);
    expect(await stored()).toEqual(before);
    expect((await t.request('GET', `/api/recipes/${r.id}`, { cookie: viewer.cookie })).body.photoUrl).toBe(
      put.json.photoUrl,
    );
  });
});

describe('replacing, sharing and deleting photos', () => {
  const variantsOf = async (photoUrl: string) => {
    const id = /([0-9a-f]{32})/.exec(photoUrl)![1]!;
    return (await t.db.selectFrom('photo_variants').select('width').where('photo_id', '=', id).execute()).length;
  };

  it('DELETE answers 204 and the copies are gone (404), again 204; a replaced photo is deleted', async () => {
    const r = await newRecipe();
    const first = (await putBytes(t, `/api/recipes/${r.id}/photo`, await testJpeg({ seed: 21 }), owner.cookie)).json
      .photoUrl as string;
    const second = (await putBytes(t, `/api/recipes/${r.id}/photo`, await testPng({ seed: 22 }), owner.cookie)).json
      .photoUrl as string;
    expect(second).not.toBe(first);
    expect([await variantsOf(first), await variantsOf(second)]).toEqual([0, 3]);
    expect((await getRaw(t, first)).status).toBe(404);
    expect((await getRaw(t, second)).status).toBe(200);

    expect((await t.request('DELETE', `/api/recipes/${r.id}/photo`, { cookie: owner.cookie })).status).toBe(204);
    expect(await variantsOf(second)).toBe(0);
    expect((await getRaw(t, second)).status).toBe(404);
    expect((await t.request('GET', `/api/recipes/${r.id}`, { cookie: owner.cookie })).body).toMatchObject({
      photoUrl: null,
      photo: null,
    });
    expect((await t.request('DELETE', `/api/recipes/${r.id}/photo`, { cookie: owner.cookie })).status).toBe(204);
  });

  it('stores one file shown by two recipes once, and deletes it with the last one that shows it', async () => {
    const bytes = await testWebp({ seed: 31 });
    const a = await newRecipe('Tarte');
    const b = await newRecipe('Tarte fine');
    const urlA = (await putBytes(t, `/api/recipes/${a.id}/photo`, bytes, owner.cookie)).json.photoUrl;
    const urlB = (await putBytes(t, `/api/recipes/${b.id}/photo`, bytes, owner.cookie)).json.photoUrl;
    expect(urlB).toBe(urlA);
    expect(await variantsOf(urlA as string)).toBe(3);
    expect((await t.request('DELETE', `/api/recipes/${a.id}`, { cookie: owner.cookie })).status).toBe(204);
    expect((await getRaw(t, urlA as string)).status).toBe(200);
    expect((await t.request('DELETE', `/api/recipes/${b.id}`, { cookie: owner.cookie })).status).toBe(204);
    expect(await variantsOf(urlA as string)).toBe(0);
    expect((await getRaw(t, urlA as string)).status).toBe(404);
  });
});

describe('PUT /api/items/:id/photo and the public menu', () => {
  it("an item shows its own photo, else its recipe's, in the editor, the public JSON and the page; deleting the menu deletes its photos", async () => {
    const call = async (method: string, path: string, body?: unknown) =>
      (await t.request(method, path, { cookie: owner.cookie, ...(body ? { body } : {}) })).body;
    const soupe = await newRecipe('Soupe');
    const gratin = await newRecipe('Gratin');
    const menu = await call('POST', '/api/menus', { name: 'Carte photo' });
    const section = await call('POST', `/api/menus/${menu.id}/sections`, { name: 'Plats' });
    const soupeItem = await call('POST', `/api/sections/${section.id}/items`, { recipeId: soupe.id });
    const gratinItem = await call('POST', `/api/sections/${section.id}/items`, { recipeId: gratin.id });
    const recipePhoto = (
      await putBytes(t, `/api/recipes/${soupe.id}/photo`, await testJpeg({ seed: 41 }), owner.cookie)
    ).json.photoUrl;
    const itemUpload = await putBytes(
      t,
      `/api/items/${gratinItem.id}/photo`,
      await testPng({ seed: 42, width: 800, height: 800 }),
      owner.cookie,
      { 'content-type': 'image/png' },
    );
    expect(itemUpload.status).toBe(200);
    const itemPhoto = itemUpload.json.photoUrl;
    expect(itemPhoto).toMatch(/-800\.webp$/);

    const sections = (await call('GET', `/api/menus/${menu.id}/sections`)).sections;
    const [first, second] = sections[0].items;
    expect([first.photoUrl, first.recipe.photoUrl]).toEqual([null, recipePhoto]);
    expect([second.photoUrl, second.photo.width, second.recipe.photoUrl]).toEqual([itemPhoto, 800, null]);

    const publicItems = (await t.request('GET', `/api/public/menus/${menu.id}`)).body.sections[0].items;
    expect(publicItems.map((i: { photoUrl: string }) => i.photoUrl)).toEqual([recipePhoto, itemPhoto]);
    expect(publicItems[0].photo.variants.map((v: { width: number }) => v.width)).toEqual([320, 640, 1024]);

    const page = (await t.request('GET', `/menu/${menu.id}`)).text;
    expect(page).toContain(
      `<img class="ph" src="${publicItems[0].photo.variants[0].url}" srcset="${publicItems[0].photo.variants.map((v: { url: string; width: number }) => `${v.url} ${v.width}w`).join(', ')}"`,
    );
    expect(page).toContain('width="320" height="240" alt="Soupe" loading="lazy" decoding="async">');
    expect(page).toContain('alt="Gratin" loading="lazy"');

    // Another owner cannot touch the item; the owner removes its photo, the recipe's shows again.
    expect((await putBytes(t, `/api/items/${soupeItem.id}/photo`, jpeg, intruder.cookie)).status).toBe(404);
    expect((await t.request('DELETE', `/api/items/${gratinItem.id}/photo`, { cookie: intruder.cookie })).status).toBe(
      404,
    );
    await putBytes(t, `/api/items/${soupeItem.id}/photo`, await testWebp({ seed: 43 }), owner.cookie);
    const ownPhoto = (await call('GET', `/api/menus/${menu.id}/sections`)).sections[0].items[0].photoUrl;
    expect((await t.request('DELETE', `/api/items/${gratinItem.id}/photo`, { cookie: owner.cookie })).status).toBe(204);
    expect((await getRaw(t, itemPhoto as string)).status).toBe(404);

    // The menu goes with its sections and items, and the photos only its items showed.
    expect((await t.request('DELETE', `/api/menus/${menu.id}`, { cookie: owner.cookie })).status).toBe(204);
    expect((await getRaw(t, ownPhoto)).status).toBe(404);
    expect((await getRaw(t, recipePhoto as string)).status).toBe(200);
  });
});

describe('deleting an account', () => {
  it('deletes the photos only its recipes and items showed, in the same transaction', async () => {
    const leaving = await t.signUp();
    const call = async (method: string, path: string, body?: unknown) =>
      (await t.request(method, path, { cookie: leaving.cookie, ...(body ? { body } : {}) })).body;
    const soupe = await call('POST', '/api/recipes', recipe('Soupe'));
    const menu = await call('POST', '/api/menus', { name: 'Carte' });
    const section = await call('POST', `/api/menus/${menu.id}/sections`, { name: 'Plats' });
    const item = await call('POST', `/api/sections/${section.id}/items`, { recipeId: soupe.id });
    const recipePhoto = (
      await putBytes(t, `/api/recipes/${soupe.id}/photo`, await testJpeg({ seed: 81 }), leaving.cookie)
    ).json.photoUrl as string;
    const itemPhoto = (await putBytes(t, `/api/items/${item.id}/photo`, await testPng({ seed: 82 }), leaving.cookie))
      .json.photoUrl as string;
    // The same file as another owner's photo stays for that owner.
    const shared = await testWebp({ seed: 83 });
    const kept = await newRecipe('Tarte partagée');
    const sharedUrl = (await putBytes(t, `/api/recipes/${kept.id}/photo`, shared, owner.cookie)).json
      .photoUrl as string;
    const other = await call('POST', '/api/recipes', recipe('Tarte'));
    expect((await putBytes(t, `/api/recipes/${other.id}/photo`, shared, leaving.cookie)).json.photoUrl).toBe(sharedUrl);

    const deleted = await t.request('DELETE', '/api/account', {
      cookie: leaving.cookie,
      body: { password: leaving.password },
    });
    expect(deleted.status).toBe(204);
    expect([
      (await getRaw(t, recipePhoto)).status,
      (await getRaw(t, itemPhoto)).status,
      (await getRaw(t, sharedUrl)).status,
    ]).toEqual([404, 404, 200]);
  });
});
