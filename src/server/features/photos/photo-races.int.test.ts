import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/harness.ts';
import { testJpeg, testPng } from '../../test/images.ts';
import { getRaw, putBytes } from '../../test/photo-upload.ts';

/**
 * The same file attached and released at once by several requests (on PostgreSQL they really
 * run side by side): release_photo (migration 0011) and attachPhoto lock the photo row, so a
 * photo is never deleted under a row that shows it, and swaps never end in a 500.
 */
const recipe = (name: string) => ({
  name,
  servings: 1,
  ingredients: [{ code: '16400', quantity: 20, unit: 'g' }],
  allergens: [],
  dietaryInfo: [],
});

let t: TestApp;
let owner: SignedUpUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  await t.db
    .updateTable('subscriptions')
    .set({ tier: 'premium' })
    .where('organisation_id', '=', owner.organisationId)
    .execute();
});
afterAll(() => t.close());

const newRecipe = async (name: string) =>
  (await t.request('POST', '/api/recipes', { cookie: owner.cookie, body: recipe(name) })).body.id as string;
const photoOf = async (id: string) =>
  (await t.request('GET', `/api/recipes/${id}`, { cookie: owner.cookie })).body.photoUrl as string | null;

describe(`concurrent uploads and releases (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('attaching a file while other rows release it leaves it stored for every row that shows it', async () => {
    const bytes = await testJpeg({ width: 700, height: 500, seed: 51 });
    for (let round = 0; round < 3; round++) {
      const releasing = await Promise.all([1, 2, 3].map((i) => newRecipe(`Avant ${round}-${i}`)));
      for (const id of releasing)
        expect((await putBytes(t, `/api/recipes/${id}/photo`, bytes, owner.cookie)).status).toBe(200);
      const attaching = await Promise.all([1, 2, 3].map((i) => newRecipe(`Après ${round}-${i}`)));
      const answers = await Promise.all([
        ...releasing.map((id) =>
          t.request('DELETE', `/api/recipes/${id}`, { cookie: owner.cookie }).then((r) => r.status),
        ),
        ...attaching.map((id) => putBytes(t, `/api/recipes/${id}/photo`, bytes, owner.cookie).then((r) => r.status)),
      ]);
      expect(answers).toEqual([204, 204, 204, 200, 200, 200]);
      for (const id of attaching) {
        const url = await photoOf(id);
        expect(url).not.toBeNull();
        expect((await getRaw(t, url!)).status).toBe(200);
      }
      await Promise.all(attaching.map((id) => t.request('DELETE', `/api/recipes/${id}`, { cookie: owner.cookie })));
    }
    expect(await t.db.selectFrom('photos').select('id').execute()).toEqual([]);
  });

  it('two rows swapping their photos at once both succeed', async () => {
    const [x, y] = [
      await testJpeg({ width: 400, height: 300, seed: 61 }),
      await testPng({ width: 400, height: 300, seed: 62 }),
    ];
    const a = await newRecipe('A');
    const b = await newRecipe('B');
    await putBytes(t, `/api/recipes/${a}/photo`, x, owner.cookie);
    await putBytes(t, `/api/recipes/${b}/photo`, y, owner.cookie);
    for (let round = 0; round < 4; round++) {
      const [first, second] = round % 2 ? [x, y] : [y, x];
      const statuses = await Promise.all([
        putBytes(t, `/api/recipes/${a}/photo`, first, owner.cookie),
        putBytes(t, `/api/recipes/${b}/photo`, second, owner.cookie),
      ]);
      expect(statuses.map((s) => s.status)).toEqual([200, 200]);
    }
    const [urlA, urlB] = [await photoOf(a), await photoOf(b)];
    expect(urlA).not.toBe(urlB);
    for (const url of [urlA, urlB]) expect((await getRaw(t, url!)).status).toBe(200);
  });
});
