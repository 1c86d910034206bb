import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DINER_TEXTS } from '../../shared/diner/texts.ts';
import { READ_ONLY_AFTER_DOWNGRADE } from '../../shared/plan-texts.ts';
import { FREE_LIMITS } from '../../shared/plans.ts';
import { createTestApp, type SignedUpUser, type TestApp } from '../test/harness.ts';
import { makePremium } from '../test/teams.ts';

/**
 * After a downgrade (DECISIONS 21, docs/product/downgrade.md): the outside attack found 3 menus
 * and 3 QR codes still public and 7 recipes editable after a subscription ended. The oldest
 * 5 recipes / 1 menu / 1 QR code stay usable; the rest is kept, visible to the team, read-only
 * and unpublished; a new subscription gives all of it back. Nothing is deleted.
 */
const readOnly = READ_ONLY_AFTER_DOWNGRADE;
// The calm page's title, after its apostrophe (which the page may write as an entity).
const calm = DINER_TEXTS.fr.unavailableTitle.split('’').at(-1)!;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const as = (user: SignedUpUser) => ({
  get: (path: string) => t.request('GET', path, { cookie: user.cookie }),
  post: (path: string, body: unknown) => t.request('POST', path, { cookie: user.cookie, body }),
  put: (path: string, body: unknown) => t.request('PUT', path, { cookie: user.cookie, body }),
  patch: (path: string, body: unknown) => t.request('PATCH', path, { cookie: user.cookie, body }),
});
const recipe = (name: string) => ({ name, servings: 4, ingredients: [{ code: '4003', quantity: 1, unit: 'kg' }] });
const planLimit = (message: string) => ({ status: 403, body: { error: { code: 'plan_limit', message } } });
const answer = (res: { status: number; body: unknown }) => ({ status: res.status, body: res.body });

async function endSubscription(organisationId: string) {
  await t.db
    .updateTable('subscriptions')
    .set({ tier: 'premium', status: 'canceled' })
    .where('organisation_id', '=', organisationId)
    .execute();
}

describe('a subscription that ends', () => {
  let owner: SignedUpUser;
  let recipes: string[];
  let menus: { id: string; name: string; establishmentId: string }[];
  let codes: string[];
  const rows = async () => ({
    recipes: (
      await t.db.selectFrom('recipes').select('id').where('organisation_id', '=', owner.organisationId).execute()
    ).length,
    menus: (await t.db.selectFrom('menus').select('id').where('organisation_id', '=', owner.organisationId).execute())
      .length,
    codes: (
      await t.db.selectFrom('qr_codes').select('id').where('organisation_id', '=', owner.organisationId).execute()
    ).length,
  });

  beforeAll(async () => {
    owner = await t.signUp();
    await makePremium(t, owner.organisationId);
    const api = as(owner);
    recipes = [];
    for (let i = 1; i <= 7; i += 1) {
      const res = await api.post('/api/recipes', recipe(`Recette ${i}`));
      expect(res.status).toBe(201);
      recipes.push(res.body.id);
    }
    menus = [];
    for (let i = 1; i <= 3; i += 1) {
      const res = await api.post('/api/menus', { name: `Carte ${i}` });
      expect(res.status).toBe(201);
      menus.push(res.body);
      // A section in each, for the content checks below.
      expect((await api.post(`/api/menus/${res.body.id}/sections`, { name: 'Entrées' })).status).toBe(201);
    }
    codes = [];
    for (const menu of menus) {
      const res = await api.post('/api/qr-codes', { name: `Table ${menu.name}`, menuId: menu.id });
      expect(res.status).toBe(201);
      codes.push(res.body.id);
    }
    await endSubscription(owner.organisationId);
  });

  it('keeps the oldest 5 recipes editable; the others stay readable and answer 403 to a change', async () => {
    const api = as(owner);
    for (const [i, id] of recipes.entries()) {
      const res = await api.put(`/api/recipes/${id}`, recipe(`Recette ${i + 1} modifiée`));
      if (i < FREE_LIMITS.recipes) expect(res.status, `recipe ${i + 1}`).toBe(200);
      else expect(answer(res), `recipe ${i + 1}`).toEqual(planLimit(readOnly.recipes));
      expect((await api.get(`/api/recipes/${id}`)).status).toBe(200);
    }
    const names = (await api.get('/api/recipes')).body.recipes.map((r: { name: string }) => r.name).sort();
    expect(names).toEqual([1, 2, 3, 4, 5].map((i) => `Recette ${i} modifiée`).concat(['Recette 6', 'Recette 7']));
  });

  it('publishes only the oldest menu: the others answer the calm « pas disponible » page, their content is read-only', async () => {
    const api = as(owner);
    const first = await t.request('GET', `/menu/${menus[0]!.id}`);
    expect(first.status).toBe(200);
    for (const menu of menus.slice(1)) {
      const page = await t.request('GET', `/menu/${menu.id}`);
      expect(page.status).toBe(404);
      expect(page.text).toContain(calm);
      expect((await t.request('GET', `/api/public/menus/${menu.id}`)).status).toBe(404);
      expect(answer(await api.put(`/api/menus/${menu.id}`, { name: 'Nouveau nom', isActive: true }))).toEqual(
        planLimit(readOnly.menus),
      );
      expect(answer(await api.post(`/api/menus/${menu.id}/sections`, { name: 'Desserts' }))).toEqual(
        planLimit(readOnly.menus),
      );
      const { sections } = (await api.get(`/api/menus/${menu.id}/sections`)).body;
      expect(sections).toHaveLength(1);
      expect(answer(await api.put(`/api/sections/${sections[0].id}`, { name: 'Plats' }))).toEqual(
        planLimit(readOnly.menus),
      );
    }
    expect((await api.put(`/api/menus/${menus[0]!.id}`, { name: 'Carte 1', isActive: true })).status).toBe(200);
  });

  it('keeps the oldest QR code: the others lead to the calm page and cannot be switched on', async () => {
    const first = await t.request('GET', `/qr/${codes[0]}`);
    expect(first.status).toBe(302);
    for (const code of codes.slice(1)) {
      const scan = await t.request('GET', `/qr/${code}`);
      expect(scan.status).toBe(404);
      expect(scan.text).toContain(calm);
    }
    expect(answer(await as(owner).patch(`/api/qr-codes/${codes[2]}`, { status: 'active' }))).toEqual(
      planLimit(readOnly.qrCodes),
    );
  });

  it('deletes nothing, and a new subscription gives all of it back', async () => {
    expect(await rows()).toEqual({ recipes: 7, menus: 3, codes: 3 });
    await makePremium(t, owner.organisationId);
    const api = as(owner);
    expect((await api.put(`/api/recipes/${recipes[6]}`, recipe('Recette 7 modifiée'))).status).toBe(200);
    for (const menu of menus) expect((await t.request('GET', `/menu/${menu.id}`)).status).toBe(200);
    for (const code of codes) expect((await t.request('GET', `/qr/${code}`)).status).toBe(302);
    expect((await api.post(`/api/menus/${menus[2]!.id}/sections`, { name: 'Desserts' })).status).toBe(201);
  });

  it('another organisation’s read-only recipe is 404, never a 403 that tells it exists', async () => {
    await endSubscription(owner.organisationId);
    const stranger = await t.signUp();
    const res = await as(stranger).put(`/api/recipes/${recipes[6]}`, recipe('Intrus'));
    expect(res.status).toBe(404);
  });

  it('a paid period that ends while a page and a code are kept in memory: the next visit after the end is calm', async () => {
    await makePremium(t, owner.organisationId);
    const end = new Date(Date.now() + 2_000);
    await t.db
      .updateTable('subscriptions')
      .set({ current_period_end: end })
      .where('organisation_id', '=', owner.organisationId)
      .execute();
    // Read (and kept) while the period runs…
    expect((await t.request('GET', `/qr/${codes[2]}`)).status).toBe(302);
    expect((await t.request('GET', `/menu/${menus[2]!.id}`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, end.getTime() - Date.now() + 200));
    // …and not served past its end, with no row changed in between.
    expect((await t.request('GET', `/qr/${codes[2]}`)).status).toBe(404);
    expect((await t.request('GET', `/menu/${menus[2]!.id}`)).status).toBe(404);
    expect((await t.request('GET', `/qr/${codes[0]}`)).status).toBe(302);
  });
});
