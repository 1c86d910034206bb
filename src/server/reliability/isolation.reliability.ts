/**
 * Owner isolation (docs/product/decisions.md 14, docs/product/api.md « 404 … or a row owned by someone else »): for
 * EVERY route that takes an id, a second owner's read, update and delete answer exactly what
 * an unknown id answers (404 `not_found`), and no row of any owned table changes.
 *
 * Driven by ID_ROUTES: to cover a new route, add a line. The table is checked against the
 * app's own route list, so a new `:id` route that is not in it fails the suite.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedUpUser, type TestApp } from '../test/harness.ts';
import { errorShapeProblems } from './support/api-error.ts';
import { snapshotOwnedRows, unclassifiedTables } from './support/db-state.ts';
import { report } from './support/report.ts';

/** Ids of one owner's rows, by placeholder name. */
interface Fixture {
  recipe: string;
  otherRecipe: string;
  menu: string;
  section: string;
  otherSection: string;
  item: string;
  otherItem: string;
  qr: string;
  checkout: string;
  /** An own product (« Mes produits »), used by no recipe. */
  product: string;
  /** A second session of the owner (signed in again), not the one the tests use. */
  session: string;
}
type Placeholder = keyof Fixture;

interface IdRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** With `:placeholder` segments naming the target owner's rows (Fixture keys). */
  path: string;
  /** Body sent by the actor; `own` is the actor's own fixture (e.g. its own recipe to add). */
  body?: (own: Fixture) => unknown;
  /** What the owner gets for the same request (the owner pass runs the table in order). */
  ownerStatus: 200 | 201 | 204;
}

const recipeInput = (name: string) => ({
  name,
  servings: 2,
  ingredients: [
    { code: '16400', quantity: 20, unit: 'g' },
    { code: '20276', quantity: 150, unit: 'g' },
  ],
  allergens: ['Lait'],
  dietaryInfo: [],
});

const productInput = (name: string) => ({ name, per100g: { energyKcal: 250, fat: 10 }, allergens: ['Céleri'], traces: [], labels: ['bio'], price: { amount: 4.5, per: 'kg' } });

/**
 * Every owner-scoped route with an id. Order matters only for the owner's own pass at the
 * end (reads and updates first, then deletes from the leaves up).
 */
const ID_ROUTES: IdRoute[] = [
  { method: 'GET', path: '/api/recipes/:recipe', ownerStatus: 200 },
  { method: 'PUT', path: '/api/recipes/:recipe', body: () => recipeInput('Recette modifiée'), ownerStatus: 200 },
  { method: 'GET', path: '/api/products/:product', ownerStatus: 200 },
  { method: 'PUT', path: '/api/products/:product', body: () => productInput('Produit modifié'), ownerStatus: 200 },
  { method: 'GET', path: '/api/menus/:menu', ownerStatus: 200 },
  { method: 'PUT', path: '/api/menus/:menu', body: () => ({ name: 'Menu modifié', description: 'x', isActive: false }), ownerStatus: 200 },
  { method: 'PATCH', path: '/api/menus/:menu', body: () => ({ isActive: true }), ownerStatus: 200 },
  { method: 'GET', path: '/api/menus/:menu/sections', ownerStatus: 200 },
  { method: 'POST', path: '/api/menus/:menu/sections', body: () => ({ name: 'Section ajoutée' }), ownerStatus: 201 },
  { method: 'PUT', path: '/api/sections/:section', body: () => ({ name: 'Section modifiée', description: 'x' }), ownerStatus: 200 },
  { method: 'POST', path: '/api/sections/:section/move', body: () => ({ position: 1 }), ownerStatus: 200 },
  { method: 'POST', path: '/api/sections/:section/items', body: (own) => ({ recipeId: own.recipe }), ownerStatus: 201 },
  { method: 'PUT', path: '/api/items/:item', body: () => ({ name: 'Plat modifié', description: 'x', isAvailable: false }), ownerStatus: 200 },
  { method: 'POST', path: '/api/items/:item/move', body: () => ({ position: 1 }), ownerStatus: 200 },
  { method: 'GET', path: '/api/qr-codes/:qr/stats', ownerStatus: 200 },
  { method: 'PATCH', path: '/api/qr-codes/:qr', body: () => ({ status: 'inactive' }), ownerStatus: 200 },
  { method: 'POST', path: '/api/qr-codes/:qr/downloads', body: () => ({ size: 400 }), ownerStatus: 204 },
  { method: 'GET', path: '/api/billing/demo/checkout/:checkout', ownerStatus: 200 },
  { method: 'POST', path: '/api/billing/demo/checkout/:checkout/cancel', body: () => ({}), ownerStatus: 200 },
  { method: 'POST', path: '/api/billing/demo/checkout/:checkout/pay', body: () => ({}), ownerStatus: 200 },
  { method: 'DELETE', path: '/api/items/:item', ownerStatus: 204 },
  { method: 'DELETE', path: '/api/sections/:section', ownerStatus: 204 },
  { method: 'DELETE', path: '/api/qr-codes/:qr', ownerStatus: 204 },
  { method: 'DELETE', path: '/api/menus/:menu', ownerStatus: 204 },
  { method: 'DELETE', path: '/api/recipes/:recipe', ownerStatus: 204 },
  { method: 'DELETE', path: '/api/products/:product', ownerStatus: 204 },
  { method: 'DELETE', path: '/api/account/sessions/:session', ownerStatus: 204 },
];

/** Routes with an id that are not owner-scoped, and why. */
const NOT_OWNER_SCOPED: Record<string, string> = {
  'GET /menu/:id': 'public menu page, for anonymous diners',
  'GET /api/public/menus/:id': 'public menu JSON, for anonymous diners',
  'GET /qr/:id': 'public QR redirect, for anonymous diners',
};

const fill = (path: string, ids: Fixture) =>
  path.replace(/:(\w+)/g, (_, name: string) => {
    const id = ids[name as Placeholder];
    if (!id) throw new Error(`unknown placeholder :${name} in ${path}`);
    return id;
  });
const routeKey = (method: string, path: string) => `${method} ${path.replace(/:\w+/g, ':id')}`;
const label = (route: IdRoute) => `${route.method} ${route.path}`;

let t: TestApp;
let owner: SignedUpUser;
let intruder: SignedUpUser;
let ownerIds: Fixture;
let intruderIds: Fixture;
/** Ids that name no row at all (same formats). */
let unknownIds: Fixture;
let refused = 0;
let ownedRows = 0;

async function ok<R extends { status: number; text: string }>(res: R, what: string): Promise<R> {
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${res.text}`);
  return res;
}

/** A free owner's rows within the free plan: 2 recipes, 1 menu with 2 sections and 2 items, 1 QR code, 1 open demo checkout, scans. */
async function seed(user: SignedUpUser, tag: string): Promise<Fixture> {
  const call = async (method: string, path: string, body?: unknown) =>
    (await ok(await t.request(method, path, { cookie: user.cookie, ...(body !== undefined ? { body } : {}) }), `${method} ${path}`)).body;
  const recipe = await call('POST', '/api/recipes', recipeInput(`Gratin ${tag}`));
  const otherRecipe = await call('POST', '/api/recipes', recipeInput(`Soupe ${tag}`));
  const menu = await call('POST', '/api/menus', { name: `Carte ${tag}`, description: 'Midi' });
  const section = await call('POST', `/api/menus/${menu.id}/sections`, { name: 'Plats' });
  const otherSection = await call('POST', `/api/menus/${menu.id}/sections`, { name: 'Desserts' });
  const item = await call('POST', `/api/sections/${section.id}/items`, { recipeId: recipe.id });
  const otherItem = await call('POST', `/api/sections/${section.id}/items`, { recipeId: otherRecipe.id });
  const qr = await call('POST', '/api/qr-codes', { name: `Table ${tag}`, menuId: menu.id });
  const product = await call('POST', '/api/products', productInput(`Fond blanc ${tag}`));
  const checkout = await call('POST', '/api/billing/checkout', { tier: 'premium', billingType: 'monthly' });
  expect((await t.request('GET', `/qr/${qr.id}`)).status).toBe(302);
  await ok(await t.request('POST', '/api/auth/sign-in/email', { body: { email: user.email, password: user.password } }), 'second sign-in');
  const sessions = (await t.request('GET', '/api/account/sessions', { cookie: user.cookie })).body.sessions as { id: string; current: boolean }[];
  return {
    session: sessions.find((s) => !s.current)!.id,
    recipe: recipe.id,
    otherRecipe: otherRecipe.id,
    menu: menu.id,
    section: section.id,
    otherSection: otherSection.id,
    item: item.id,
    otherItem: otherItem.id,
    qr: qr.id,
    checkout: String(checkout.url).split('/').at(-1)!,
    product: product.id,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  intruder = await t.signUp();
  ownerIds = await seed(owner, 'A');
  intruderIds = await seed(intruder, 'B');
  const uuid = () => randomUUID();
  unknownIds = {
    recipe: uuid(),
    otherRecipe: uuid(),
    menu: uuid(),
    section: uuid(),
    otherSection: uuid(),
    item: uuid(),
    otherItem: uuid(),
    qr: uuid(),
    checkout: `demo_cs_${uuid()}`,
    session: uuid(),
    product: uuid(),
  };
});
afterAll(() => t?.close());

describe(`owner isolation (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('the route table covers every owner-scoped route with an id, and every owned table is classified', async () => {
    const withId = t.app.routes.filter((r) => r.method !== 'ALL' && /\/:\w+/.test(r.path)).map((r) => routeKey(r.method, r.path));
    const expected = ID_ROUTES.map((r) => routeKey(r.method, r.path));
    expect(new Set(expected).size).toBe(expected.length);
    expect([...new Set(withId)].filter((key) => !(key in NOT_OWNER_SCOPED)).sort()).toEqual([...expected].sort());
    expect(await unclassifiedTables(t.db)).toEqual([]);
  });

  it.for(ID_ROUTES.map((route) => [label(route), route] as const))('%s: another owner gets exactly the unknown-id 404, and no owned row changes', async ([, route]) => {
    const before = await snapshotOwnedRows(t.db);
    const send = (ids: Fixture, cookie: string) =>
      t.request(route.method, fill(route.path, ids), { cookie, ...(route.body ? { body: route.body(intruderIds) } : {}) });

    const foreign = await send(ownerIds, intruder.cookie);
    expect(foreign.status, `${label(route)} as intruder: ${foreign.text}`).toBe(404);
    expect(foreign.body.error.code).toBe('not_found');
    expect(errorShapeProblems(foreign.status, foreign.body, foreign.headers.get('content-type'))).toEqual([]);
    // No oracle: a row of someone else looks exactly like a row that does not exist.
    const unknown = await send(unknownIds, intruder.cookie);
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: foreign.status, body: foreign.body });

    const anonymous = await t.request(route.method, fill(route.path, ownerIds), route.body ? { body: route.body(intruderIds) } : {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe('unauthenticated');

    const after = await snapshotOwnedRows(t.db);
    expect(after).toEqual(before);
    refused += 3;
    ownedRows = Object.values(after).reduce((n, rows) => n + rows.length, 0);
  });

  it("refuses another owner's ids given in a body (422) and changes nothing", async () => {
    // Free the intruder's single QR code slot, so the plan limit cannot answer first.
    expect((await t.request('DELETE', `/api/qr-codes/${intruderIds.qr}`, { cookie: intruder.cookie })).status).toBe(204);
    const before = await snapshotOwnedRows(t.db);
    const addForeignRecipe = await t.request('POST', `/api/sections/${intruderIds.section}/items`, { cookie: intruder.cookie, body: { recipeId: ownerIds.recipe } });
    expect([addForeignRecipe.status, addForeignRecipe.body.error.code]).toEqual([422, 'validation']);
    const qrForForeignMenu = await t.request('POST', '/api/qr-codes', { cookie: intruder.cookie, body: { name: 'Volé', menuId: ownerIds.menu } });
    expect([qrForForeignMenu.status, qrForForeignMenu.body.error.code]).toEqual([422, 'validation']);
    const foreignProduct = await t.request('PUT', `/api/recipes/${intruderIds.recipe}`, {
      cookie: intruder.cookie,
      body: { ...recipeInput('Avec le produit d’un autre'), ingredients: [{ productId: ownerIds.product, quantity: 10, unit: 'g' }] },
    });
    expect([foreignProduct.status, foreignProduct.body.error.code]).toEqual([422, 'validation']);
    expect(await snapshotOwnedRows(t.db)).toEqual(before);
  });

  it('a route without an id acts on the caller’s own rows only (GET and PUT /api/account/profile)', async () => {
    const ownersProfile = async () => (await snapshotOwnedRows(t.db)).profiles!.filter((row) => (row as { id: string }).id === owner.user.id);
    const before = await ownersProfile();
    expect(before).toHaveLength(1);
    const put = await t.request('PUT', '/api/account/profile', { cookie: intruder.cookie, body: { restaurantName: 'Chez l’intrus', city: 'Lille' } });
    expect(put.status).toBe(200);
    expect(await ownersProfile()).toEqual(before);
    expect((await t.request('GET', '/api/account/profile', { cookie: owner.cookie })).body.restaurantName).not.toBe('Chez l’intrus');
    for (const method of ['GET', 'PUT']) {
      const anonymous = await t.request(method, '/api/account/profile', method === 'PUT' ? { body: { restaurantName: 'Anonyme' } } : {});
      expect([anonymous.status, anonymous.body.error.code]).toEqual([401, 'unauthenticated']);
    }
  });

  it("the same requests succeed for the owner (so the 404s above are not typos in the table)", async (context) => {
    report(context, `${ID_ROUTES.length} id routes: ${refused} foreign/unknown/anonymous requests refused, ${ownedRows} owned rows byte-for-byte unchanged`);
    for (const route of ID_ROUTES) {
      const res = await t.request(route.method, fill(route.path, ownerIds), { cookie: owner.cookie, ...(route.body ? { body: route.body(ownerIds) } : {}) });
      expect(res.status, `${label(route)} as owner: ${res.text}`).toBe(route.ownerStatus);
    }
  });
});
