import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/me usage', () => {
  it('counts what exists, and what was created this calendar month for the premium statistics', async () => {
    const user = await t.signUp();
    await t.db
      .updateTable('subscriptions')
      .set({ tier: 'premium' })
      .where('organisation_id', '=', user.organisationId)
      .execute();
    const body = {
      name: 'Soupe',
      servings: 1,
      ingredients: [{ code: '16400', quantity: 10, unit: 'g' }],
      allergens: [],
      dietaryInfo: [],
    };
    const old = (await t.request('POST', '/api/recipes', { cookie: user.cookie, body })).body;
    await t.request('POST', '/api/recipes', { cookie: user.cookie, body });
    await t.request('POST', '/api/menus', { cookie: user.cookie, body: { name: 'Carte' } });
    await t.db
      .updateTable('recipes')
      .set({ created_at: new Date(Date.now() - 40 * 86_400_000) })
      .where('id', '=', old.id)
      .execute();
    const me = (await t.request('GET', '/api/me', { cookie: user.cookie })).body;
    expect(me.usage).toEqual({
      recipes: 2,
      menus: 1,
      qrCodes: 0,
      establishments: 1,
      members: 1,
      recipesThisMonth: 1,
      menusThisMonth: 1,
      qrCodesThisMonth: 0,
    });
    expect(me.limits).toEqual({ recipes: null, menus: null, qrCodes: null, establishments: null, members: null });
  });
});
