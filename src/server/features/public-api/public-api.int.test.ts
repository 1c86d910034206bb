import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationMessages } from '../../../shared/api/integrations.ts';
import { hashApiKey } from '../../domain/api-keys.ts';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/harness.ts';
import { addMember, makePremium } from '../../test/teams.ts';

/** /api/v1 with organisation keys (API.md « Public API », docs/product/integrations.md). */
let t: TestApp;
let owner: SignedUpUser;
let other: SignedUpUser;
let menuId: string;
let itemId: string;
let recipeId: string;

const recipe = {
  name: 'Gratin dauphinois',
  servings: 4,
  ingredients: [{ code: '4003', quantity: 800, unit: 'g' }],
  allergens: ['Lait'],
  allergensDeclared: true,
  dietaryInfo: ['Végétarien'],
  price: 14,
};

const as = (user: SignedUpUser) => ({
  post: (path: string, body: unknown = {}) => t.request('POST', path, { cookie: user.cookie, body }),
  get: (path: string) => t.request('GET', path, { cookie: user.cookie }),
  put: (path: string, body: unknown) => t.request('PUT', path, { cookie: user.cookie, body }),
  delete: (path: string) => t.request('DELETE', path, { cookie: user.cookie }),
});

const withKey = (key: string | undefined, method: string, path: string, body?: unknown) =>
  t.request(method, path, {
    headers: key ? { authorization: `Bearer ${key}` } : {},
    ...(body !== undefined ? { body } : {}),
    origin: null,
  });

async function newKey(user: SignedUpUser, scopes: string[], name = 'Caisse') {
  const res = await as(user).post('/api/integrations/keys', { name, scopes });
  expect(res.status).toBe(201);
  return res.body as { id: string; key: string; prefix: string };
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  other = await t.signUp();
  const menu = (await as(owner).post('/api/menus', { name: 'Carte du midi' })).body;
  menuId = menu.id;
  const section = (await as(owner).post(`/api/menus/${menuId}/sections`, { name: 'Plats' })).body;
  recipeId = (await as(owner).post('/api/recipes', recipe)).body.id;
  itemId = (await as(owner).post(`/api/sections/${section.id}/items`, { recipeId })).body.id;
  await as(owner).post(`/api/sections/${section.id}/items`, {
    name: 'Café',
    price: 2.5,
    allergens: [],
    allergensDeclared: true,
  });
});
afterAll(() => t.close());

describe('keys', () => {
  it('shows the key once, keeps only its SHA-256, lists it without the secret', async () => {
    const created = await newKey(owner, ['menus:read']);
    expect(created.key).toMatch(/^nc_live_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.key.slice(0, 12));
    const row = await t.db.selectFrom('api_keys').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(hashApiKey(created.key));
    expect(JSON.stringify(row)).not.toContain(created.key);
    const list = await as(owner).get('/api/integrations/keys');
    expect(list.text).not.toContain(created.key);
    expect(list.body.keys.find((k: { id: string }) => k.id === created.id)).toMatchObject({
      name: 'Caisse',
      scopes: ['menus:read'],
      lastUsedAt: null,
      revokedAt: null,
    });
  });

  it('refuses unknown scopes and empty names next to the field, in French', async () => {
    const res = await as(owner).post('/api/integrations/keys', { name: ' ', scopes: ['menus:write'] });
    expect(res.status).toBe(422);
    expect(res.body.error.fields.name).toBe(integrationMessages.nameRequired);
    expect(res.body.error.fields['scopes.0']).toBe(integrationMessages.scopeUnknown);
  });

  it('is for owners only: an editor and a viewer get 403', async () => {
    const editor = await addMember(t, owner, 'editor');
    const viewer = await addMember(t, owner, 'viewer');
    for (const member of [editor, viewer]) {
      expect((await as(member).post('/api/integrations/keys', { name: 'x', scopes: ['menus:read'] })).status).toBe(403);
      expect((await as(member).get('/api/integrations/keys')).status).toBe(403);
    }
  });
});

describe('/api/v1', () => {
  it('answers 401 without a key, with a malformed one and with an unknown one', async () => {
    for (const key of [undefined, 'abc', `nc_live_${'A'.repeat(43)}`]) {
      const res = await withKey(key, 'GET', '/api/v1/menus');
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('unauthenticated');
    }
  });

  it('reads the menus in the contract’s shape, with allergens, diets and nutrition', async () => {
    const { key } = await newKey(owner, ['menus:read']);
    const res = await withKey(key, 'GET', '/api/v1/menus');
    expect(res.status).toBe(200);
    const [menu] = res.body.menus;
    expect(menu).toMatchObject({ id: menuId, name: 'Carte du midi', isActive: true });
    const [gratin, coffee] = menu.sections[0].items;
    expect(gratin).toMatchObject({
      id: itemId,
      name: 'Gratin dauphinois',
      available: true,
      allergens: ['Lait'],
      allergenStatus: 'declared',
      diets: ['Végétarien'],
      recipeId,
    });
    expect(gratin.nutrition.caloriesPerServing).toBeGreaterThan(0);
    expect(coffee).toMatchObject({ name: 'Café', price: 2.5, allergens: [], nutrition: null });
    expect((await withKey(key, 'GET', `/api/v1/menus/${menuId}`)).body.menu.id).toBe(menuId);
  });

  it('answers another organisation’s ids like unknown ones (404), and lists only the key’s organisation', async () => {
    const theirs = await newKey(other, ['menus:read', 'availability:write']);
    expect((await withKey(theirs.key, 'GET', '/api/v1/menus')).body.menus).toEqual([]);
    expect((await withKey(theirs.key, 'GET', `/api/v1/menus/${menuId}`)).status).toBe(404);
    const write = await withKey(theirs.key, 'PUT', `/api/v1/items/${itemId}/availability`, { available: false });
    expect(write.status).toBe(404);
    const row = await t.db.selectFrom('menu_items').select('sold_out').where('id', '=', itemId).executeTakeFirst();
    expect(row?.sold_out).toBe(false);
  });

  it('refuses a route outside the key’s scopes with 403', async () => {
    const { key } = await newKey(owner, ['menus:read']);
    for (const [method, path, body] of [
      ['GET', '/api/v1/recipes'],
      ['GET', '/api/v1/products'],
      ['PUT', `/api/v1/items/${itemId}/availability`, { available: false }],
      ['PUT', `/api/v1/items/${itemId}/price`, { price: 3 }],
    ] as const) {
      const res = await withKey(key, method, path, body);
      expect([path, res.status, res.body.error.message]).toEqual([path, 403, integrationMessages.missingScope]);
    }
  });

  it('marks a dish « Épuisé » and back: the page shows it, « Historique » names the key, each call is recorded', async () => {
    const created = await newKey(owner, ['availability:write', 'prices:write'], 'Caisse du bar');
    const res = await withKey(created.key, 'PUT', `/api/v1/items/${itemId}/availability`, { available: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: itemId, menuId, available: false });
    expect((await t.request('GET', `/menu/${menuId}`)).text).toContain('Épuisé');
    const history = await as(owner).get('/api/organisation/history');
    expect(history.body.events[0]).toMatchObject({
      actor: { userId: null, name: expect.stringMatching(/^Clé d’API\s«\sCaisse du bar\s»$/) },
      action: 'updated',
      entity: { type: 'menu', id: menuId },
      details: { item: 'Gratin dauphinois', available: false },
    });
    expect((await withKey(created.key, 'PUT', `/api/v1/items/${itemId}/price`, { price: 15.5 })).body.price).toBe(15.5);
    await withKey(created.key, 'PUT', `/api/v1/items/${itemId}/availability`, { available: true });

    const calls = (await as(owner).get(`/api/integrations/keys/${created.id}/calls`)).body.calls;
    expect(calls.map((c: { method: string; path: string; status: number }) => [c.method, c.path, c.status])).toEqual([
      ['PUT', `/api/v1/items/${itemId}/availability`, 200],
      ['PUT', `/api/v1/items/${itemId}/price`, 200],
      ['PUT', `/api/v1/items/${itemId}/availability`, 200],
    ]);
    const key = (await as(owner).get('/api/integrations/keys')).body.keys.find(
      (k: { id: string }) => k.id === created.id,
    );
    expect(key.lastUsedAt).not.toBeNull();
  });

  it('refuses bad input with 400 or 422 in French, and changes nothing', async () => {
    const { key } = await newKey(owner, ['availability:write', 'prices:write']);
    const path = `/api/v1/items/${itemId}/availability`;
    const wrongType = await withKey(key, 'PUT', path, { available: 'oui' });
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.error.fields.available).toBe(integrationMessages.availableRequired);
    const negative = await withKey(key, 'PUT', `/api/v1/items/${itemId}/price`, { price: -1 });
    expect([negative.status, negative.body.error.fields.price]).toEqual([422, 'Le prix ne peut pas être négatif']);
    const malformed = await t.request('PUT', path, {
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: '{"available":',
      origin: null,
    });
    expect(malformed.status).toBe(400);
    const text = await t.request('PUT', path, {
      headers: { authorization: `Bearer ${key}`, 'content-type': 'text/plain' },
      body: 'available',
      origin: null,
    });
    expect(text.status).toBe(400);
    const row = await t.db
      .selectFrom('menu_items')
      .select(['sold_out', 'price'])
      .where('id', '=', itemId)
      .executeTakeFirst();
    expect(row?.sold_out).toBe(false);
  });

  it('gives recipe costs only to a key with costs:read', async () => {
    const facts = await newKey(owner, ['recipes:read', 'products:read']);
    const costs = await newKey(owner, ['recipes:read', 'products:read', 'costs:read']);
    const plain = (await withKey(facts.key, 'GET', `/api/v1/recipes/${recipeId}`)).body.recipe;
    expect(plain).toMatchObject({ id: recipeId, allergens: ['Lait'], price: 14 });
    expect(plain).not.toHaveProperty('costPerServing');
    expect(plain).not.toHaveProperty('foodCostPercent');
    const full = (await withKey(costs.key, 'GET', `/api/v1/recipes/${recipeId}`)).body.recipe;
    expect(full).toHaveProperty('costPerServing');
    expect(full).toHaveProperty('foodCostPercent');
  });

  it('stops a revoked key at once', async () => {
    const created = await newKey(owner, ['menus:read']);
    expect((await withKey(created.key, 'GET', '/api/v1/menus')).status).toBe(200);
    expect((await as(owner).delete(`/api/integrations/keys/${created.id}`)).status).toBe(204);
    expect((await withKey(created.key, 'GET', '/api/v1/menus')).status).toBe(401);
    expect((await as(other).delete(`/api/integrations/keys/${created.id}`)).status).toBe(404);
  });

  it('limits each key’s calls per minute (429 with Retry-After), counted in the database', async () => {
    const created = await newKey(owner, ['menus:read']);
    await t.db.updateTable('api_keys').set({ rate_per_minute: 2 }).where('id', '=', created.id).execute();
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await withKey(created.key, 'GET', '/api/v1/menus')).status);
    expect(statuses).toEqual([200, 200, 429]);
    const limited = await withKey(created.key, 'GET', '/api/v1/menus');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = await newKey(owner, ['menus:read']);
    expect((await withKey(other.key, 'GET', '/api/v1/menus')).status).toBe(200);
  });

  it('reads an establishment’s meal plan over at most 62 days', async () => {
    await makePremium(t, owner.organisationId);
    const establishment = (await as(owner).get('/api/establishments')).body.establishments[0].id;
    await as(owner).put(`/api/meal-plans/${establishment}/2026-09-07/dejeuner`, {
      components: [{ slot: 'plat', recipeId }],
    });
    const { key } = await newKey(owner, ['meal_plans:read']);
    const res = await withKey(
      key,
      'GET',
      `/api/v1/meal-plans?establishmentId=${establishment}&from=2026-09-07&to=2026-09-11`,
    );
    expect(res.body).toEqual({
      days: [
        {
          date: '2026-09-07',
          services: [{ service: 'dejeuner', components: [{ slot: 'plat', recipeId, recipeName: recipe.name }] }],
        },
      ],
    });
    const tooLong = await withKey(
      key,
      'GET',
      `/api/v1/meal-plans?establishmentId=${establishment}&from=2026-01-01&to=2026-12-31`,
    );
    expect(tooLong.status).toBe(422);
    const bad = await withKey(key, 'GET', `/api/v1/meal-plans?establishmentId=x&from=2026-01-01&to=2026-01-02`);
    expect([bad.status, Object.keys(bad.body.error.fields)]).toEqual([422, ['establishmentId']]);
  });
});

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and names every route of /api/v1 with its method', async () => {
    const res = await t.request('GET', '/api/v1/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(doc.openapi).toBe('3.1.0');
    const served = t.app.routes
      .filter((r) => r.path.startsWith('/api/v1/') && r.method !== 'ALL' && !/\*/.test(r.path))
      .filter((r) => !['/api/v1/openapi.json', '/api/v1/reference'].includes(r.path))
      .map((r) => `${r.method.toLowerCase()} ${r.path.replace('/api/v1', '').replace(/:(\w+)/g, '{$1}')}`);
    expect(served.length).toBeGreaterThanOrEqual(8);
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method} ${path}`),
    );
    expect(new Set(documented)).toEqual(new Set(served));
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/items/{id}/availability'].put.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/AvailabilityInput',
    });
  });

  it('has a readable reference page built from it', async () => {
    const res = await t.request('GET', '/api/v1/reference');
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    for (const path of ['/menus', '/items/{id}/availability', '/meal-plans']) expect(res.text).toContain(path);
    expect(res.text).toContain('availability:write');
  });
});
