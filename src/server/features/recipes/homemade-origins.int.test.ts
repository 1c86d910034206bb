import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meatOriginMessages } from '../../../shared/meat-origin.ts';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/harness.ts';

/** « Fait maison » and meat origin on recipes (docs/product/decisions.md 20), to the public menu. */
let t: TestApp;
let owner: SignedUpUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
});
afterAll(() => t.close());

const steak = { code: '6251', quantity: 150, unit: 'g' };
const potato = { code: '4003', quantity: 200, unit: 'g' };
const recipe = (extra: Record<string, unknown>) => ({
  name: 'Steak frites',
  servings: 1,
  ingredients: [steak, potato],
  allergens: [],
  allergensDeclared: true,
  dietaryInfo: [],
  ...extra,
});
const post = (body: unknown) => t.request('POST', '/api/recipes', { cookie: owner.cookie, body });

describe('« Fait maison » and meat origin', () => {
  it('stores them, flags red meat of unknown origin to the owner, and shows diners the decree’s wording', async () => {
    const undeclared = await post(recipe({}));
    expect(undeclared.body).toMatchObject({ homemade: false, meatOrigins: [], meatOriginMissing: true });
    const partial = await t.request('PUT', `/api/recipes/${undeclared.body.id}`, {
      cookie: owner.cookie,
      body: recipe({ meatOrigins: [{ meat: 'Bœuf', reared: 'France', slaughtered: 'France' }] }),
    });
    expect(partial.body).toMatchObject({
      meatOrigins: [{ meat: 'Bœuf', born: null, reared: 'France', slaughtered: 'France' }],
      meatOriginMissing: true,
    });
    const full = await t.request('PUT', `/api/recipes/${undeclared.body.id}`, {
      cookie: owner.cookie,
      body: recipe({
        homemade: true,
        meatOrigins: [{ meat: 'Bœuf', born: 'Irlande', reared: 'France', slaughtered: 'France' }],
      }),
    });
    expect(full.body).toMatchObject({ homemade: true, meatOriginMissing: false });
    const fries = await post({ ...recipe({}), name: 'Frites', ingredients: [potato] });
    expect(fries.body.meatOriginMissing).toBe(false);

    const menu = (await t.request('POST', '/api/menus', { cookie: owner.cookie, body: { name: 'Carte' } })).body;
    const section = (
      await t.request('POST', `/api/menus/${menu.id}/sections`, { cookie: owner.cookie, body: { name: 'Plats' } })
    ).body;
    await t.request('POST', `/api/sections/${section.id}/items`, {
      cookie: owner.cookie,
      body: { recipeId: full.body.id },
    });
    const json = (await t.request('GET', `/api/public/menus/${menu.id}`)).body;
    expect(json.sections[0].items[0].recipe).toMatchObject({
      homemade: true,
      meatOrigins: [{ meat: 'Bœuf', text: 'Né et élevé\u00a0: Irlande, France et abattu\u00a0: France' }],
    });
    const html = (await t.request('GET', `/menu/${menu.id}`)).text;
    expect(html).toContain('<h3>Steak frites</h3><p class="fm">Fait maison</p>');
    expect(html).toContain('<li>Bœuf · Né et élevé\u00a0: Irlande, France et abattu\u00a0: France</li>');
    expect(html).toContain(
      'Les plats « faits maison » sont élaborés sur place à partir de produits bruts'.replace(/« | »/g, (q) =>
        q === '« ' ? '«\u00a0' : '\u00a0»',
      ),
    );
  });

  it.each([
    [[{ meat: 'Chèvre' }], 'meatOrigins.0.meat', meatOriginMessages.unknownMeat],
    [[{ meat: 'Porc' }, { meat: 'Porc' }], 'meatOrigins.1.meat', meatOriginMessages.duplicate],
    [[{ meat: 'Porc', reared: 'x'.repeat(61) }], 'meatOrigins.0.reared', meatOriginMessages.countryTooLong],
  ])('refuses meat origins %j with 422 next to the field and stores nothing', async (meatOrigins, field, message) => {
    const before = await t.db.selectFrom('recipes').select('id').execute();
    const res = await post(recipe({ meatOrigins }));
    expect([res.status, res.body.error.fields?.[field]]).toEqual([422, message]);
    expect(await t.db.selectFrom('recipes').select('id').execute()).toEqual(before);
  });
});
