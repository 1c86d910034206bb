import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/harness.ts';
import { queriesDuring as countQueries, secondConnection } from '../../test/connections.ts';
import { addMember, join } from '../../test/teams.ts';

/**
 * The ingredient search from memory (src/server/features/catalogue/own-ingredients.ts,
 * migration 0020; docs/decisions/0026-the-signed-in-api-at-the-physical-limit.md): once the
 * session, the account and the organisation's names and hits are kept, a keystroke makes no
 * query; every change to a product or a recipe shows in the next search, whoever makes it.
 */
let t: TestApp;
let owner: SignedUpUser;
let other: Database | undefined;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp(undefined, undefined, 'Le Bistrot du Port');
  other = await secondConnection(t.database);
});
afterAll(async () => {
  await other?.close();
  await t.close();
});

const queriesDuring = (work: () => Promise<unknown>) => countQueries(t.database, work);

interface Hit {
  kind: string;
  id: string | null;
  name: string;
  group: string;
  allergens?: string[];
}

// `settle: false`: the harness's wait for the channel (a query of its own) is left out of the count.
const search = async (user: SignedUpUser, q: string): Promise<Hit[]> => {
  const res = await t.request('GET', `/api/catalogue/ingredients?${new URLSearchParams({ q, limit: '10' })}`, {
    cookie: user.cookie,
    settle: false,
  });
  expect(res.status, res.text).toBe(200);
  return res.body.hits;
};
const own = (hits: Hit[]) =>
  hits.filter((hit) => hit.kind === 'product' || hit.kind === 'recipe').map((hit) => `${hit.group}: ${hit.name}`);
const write = async (user: SignedUpUser, method: 'POST' | 'PUT', path: string, body: unknown) => {
  const res = await t.request(method, path, { cookie: user.cookie, body });
  expect(res.status, res.text).toBeLessThan(300);
  return res.body;
};
const product = (name: string, allergens: string[] = []) => ({
  name,
  supplier: 'Légumerie du marché',
  per100g: { energyKcal: 36, fat: 0.3, carbs: 6.6, sugars: 5.8, protein: 0.8, salt: 0.1 },
  allergens,
  price: { amount: 3.2, per: 'kg' },
});
const recipe = (name: string) => ({
  name,
  servings: 4,
  ingredients: [{ code: '22000', quantity: 400, unit: 'g' }],
  allergens: [],
});

describe('the ingredient search kept in memory', () => {
  it('answers a keystroke already asked with no query, the same hits; and reads again when nothing is listened to', async () => {
    await write(owner, 'POST', '/api/products', product('Carottes râpées maison'));
    await write(owner, 'POST', '/api/recipes', recipe('Salade de carottes'));
    await t.deps.diner.sync();
    const first = await search(owner, 'carottes');
    expect(own(first)).toEqual(['Mon produit: Carottes râpées maison', 'Ma recette: Salade de carottes']);
    let again: Hit[] = [];
    expect(await queriesDuring(async () => (again = await search(owner, 'carottes')))).toBe(0);
    expect(again).toEqual(first);
    // Another keystroke with the same own hits: still none.
    expect(await queriesDuring(() => search(owner, 'carottes r'))).toBe(0);
    // While changes cannot be heard, nothing is served from memory.
    t.deps.diner.ownIngredients.reset(false);
    expect(await queriesDuring(() => search(owner, 'carottes'))).toBeGreaterThan(0);
    t.deps.diner.ownIngredients.reset(true);
  });

  it('shows the cook’s own change at once: a product created, renamed, given an allergen, deleted; a recipe created, renamed, deleted', async () => {
    const created = await write(owner, 'POST', '/api/products', product('Betteraves crues'));
    expect(own(await search(owner, 'betterave'))).toEqual(['Mon produit: Betteraves crues']);
    await write(owner, 'PUT', `/api/products/${created.id}`, product('Betteraves crues bio', ['Céleri']));
    const renamed = await search(owner, 'betterave');
    expect(own(renamed)).toEqual(['Mon produit: Betteraves crues bio']);
    expect(renamed[0]!.allergens).toEqual(['Céleri']);
    expect((await t.request('DELETE', `/api/products/${created.id}`, { cookie: owner.cookie })).status).toBe(204);
    expect(own(await search(owner, 'betterave'))).toEqual([]);

    const dish = await write(owner, 'POST', '/api/recipes', recipe('Velouté de potiron'));
    expect(own(await search(owner, 'potiron'))).toEqual(['Ma recette: Velouté de potiron']);
    await write(owner, 'PUT', `/api/recipes/${dish.id}`, recipe('Velouté de potiron et châtaignes'));
    expect(own(await search(owner, 'potiron'))).toEqual(['Ma recette: Velouté de potiron et châtaignes']);
    expect((await t.request('DELETE', `/api/recipes/${dish.id}`, { cookie: owner.cookie })).status).toBe(204);
    expect(own(await search(owner, 'potiron'))).toEqual([]);
  });

  it('shows another member’s change, and follows the account into the organisation it joins', async () => {
    const editor = await addMember(t, owner, 'editor');
    expect(own(await search(owner, 'panais'))).toEqual([]);
    await write(editor, 'POST', '/api/products', product('Panais du maraîcher'));
    expect(own(await search(owner, 'panais'))).toEqual(['Mon produit: Panais du maraîcher']);

    // A cook with their own organisation, then invited into the owner's: the search follows.
    const cook = await t.signUp(undefined, undefined, 'Chez Paul');
    await write(cook, 'POST', '/api/products', product('Panais de Paul'));
    expect(own(await search(cook, 'panais'))).toEqual(['Mon produit: Panais de Paul']);
    await join(t, owner, cook, 'editor');
    expect(own(await search(cook, 'panais'))).toEqual(['Mon produit: Panais du maraîcher']);
  });

  it('hears a write of another connection (another process) within a second', async (context) => {
    if (!other) return context.skip(); // PGlite has one connection, this process's
    expect(own(await search(owner, 'navet'))).toEqual([]);
    await sql`INSERT INTO products (organisation_id, name, name_folded) VALUES (${owner.organisationId}, 'Navets nouveaux', 'navets nouveaux')`.execute(
      other.db,
    );
    await expect
      .poll(async () => own(await search(owner, 'navet')), { timeout: 1_000, interval: 50 })
      .toEqual(['Mon produit: Navets nouveaux']);
    await sql`UPDATE products SET name = 'Navets de Milan', name_folded = 'navets de milan' WHERE organisation_id = ${owner.organisationId} AND name = 'Navets nouveaux'`.execute(
      other.db,
    );
    await expect
      .poll(async () => own(await search(owner, 'navet')), { timeout: 1_000, interval: 50 })
      .toEqual(['Mon produit: Navets de Milan']);
  });
});
