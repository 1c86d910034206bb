import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/harness.ts';
import { queriesDuring as countQueries, secondConnection } from '../../test/connections.ts';
import { addMember } from '../../test/teams.ts';

/**
 * GET /api/me answered from memory while nothing it shows has changed
 * (src/server/features/account/account-cache.ts, migration 0019; docs/decisions/0026-the-signed-in-api-at-the-physical-limit.md): no query when kept; every kind of change it shows drops it, whoever makes
 * it, the person themself seeing theirs at once.
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

// `settle: false`: the harness's wait for the channel (a query of its own) is left out of the count.
const me = async (user: SignedUpUser) => {
  const res = await t.request('GET', '/api/me', { cookie: user.cookie, settle: false });
  expect(res.status, res.text).toBe(200);
  return res.body;
};
const post = async (user: SignedUpUser, path: string, body: unknown) => {
  const res = await t.request('POST', path, { cookie: user.cookie, body });
  expect(res.status, res.text).toBeLessThan(300);
  return res.body;
};

describe('GET /api/me kept in memory', () => {
  it('answers with no query once kept, the same answer; and reads again when nothing is listened to', async () => {
    // The sign-up's own changes heard first: each would drop what is kept.
    await t.deps.diner.sync();
    const first = await me(owner);
    let again: unknown;
    expect(await queriesDuring(async () => (again = await me(owner)))).toBe(0);
    expect(again).toEqual(first);
    // While changes cannot be heard, nothing is served from memory.
    t.deps.diner.accounts.reset(false);
    expect(await queriesDuring(() => me(owner))).toBe(1);
    t.deps.diner.accounts.reset(true);
  });

  it('shows the person’s own change at once: a recipe, a menu, a QR code, the name, an establishment, an invitation', async () => {
    const base = await me(owner);
    const recipe = await post(owner, '/api/recipes', {
      name: 'Quiche',
      servings: 4,
      ingredients: [{ code: '22000', quantity: 200, unit: 'g' }],
      allergens: [],
    });
    expect((await me(owner)).usage.recipes).toBe(base.usage.recipes + 1);
    const menu = await post(owner, '/api/menus', { name: 'Carte' });
    expect((await me(owner)).usage.menus).toBe(base.usage.menus + 1);
    await post(owner, '/api/qr-codes', { name: 'Table 1', menuId: menu.id });
    expect((await me(owner)).usage.qrCodes).toBe(base.usage.qrCodes + 1);
    expect(
      (await t.request('PUT', '/api/organisation', { cookie: owner.cookie, body: { name: 'Le Bistrot du Quai' } }))
        .status,
    ).toBe(200);
    const renamed = await me(owner);
    expect(renamed.organisation.name).toBe('Le Bistrot du Quai');
    expect(renamed.organisations.map((o: { name: string }) => o.name)).toContain('Le Bistrot du Quai');
    const site = (await t.request('GET', '/api/establishments', { cookie: owner.cookie })).body.establishments[0].id;
    expect(
      (
        await t.request('PUT', `/api/establishments/${site}`, {
          cookie: owner.cookie,
          body: { name: 'Le Bistrot du Quai', city: 'Sète' },
        })
      ).status,
    ).toBe(200);
    expect((await me(owner)).profile.city).toBe('Sète');
    expect((await t.request('DELETE', `/api/recipes/${recipe.id}`, { cookie: owner.cookie })).status).toBe(204);
    expect((await me(owner)).usage.recipes).toBe(base.usage.recipes);
  });

  it('shows another member’s change and the plan’s, and a removed member’s next answer falls back', async () => {
    const editor = await addMember(t, owner, 'editor');
    const before = await me(owner);
    // Premium (addMember): the plan and the members are already the new ones.
    expect(before.subscription.tier).toBe('premium');
    await me(editor);
    await post(editor, '/api/recipes', {
      name: 'Tarte',
      servings: 4,
      ingredients: [{ code: '22000', quantity: 200, unit: 'g' }],
      allergens: [],
    });
    expect((await me(owner)).usage.recipes).toBe(before.usage.recipes + 1);
    expect(
      (await t.request('PUT', '/api/organisation', { cookie: editor.cookie, body: { name: 'Refusé' } })).status,
    ).toBe(403);
    await t.db
      .updateTable('subscriptions')
      .set({ tier: 'free', status: 'active' })
      .where('organisation_id', '=', owner.organisationId)
      .execute();
    await t.deps.diner.sync();
    expect((await me(owner)).subscription.tier).toBe('free');

    const member = (await t.request('GET', '/api/organisation', { cookie: owner.cookie })).body.members.find(
      (m: { email: string }) => m.email === editor.email,
    );
    expect(
      (await t.request('DELETE', `/api/organisation/members/${member.userId ?? member.id}`, { cookie: owner.cookie }))
        .status,
    ).toBe(204);
    const fallen = await me(editor);
    expect(fallen.organisation.id).not.toBe(owner.organisationId);
    expect(fallen.organisations.map((o: { id: string }) => o.id)).not.toContain(owner.organisationId);
    expect((await me(owner)).usage.members).toBe(before.usage.members - 1);
  });

  it('hears a change written by another connection or tool, within a second', async () => {
    const kept = await me(owner);
    const writer = other?.db ?? t.db;
    await sql`UPDATE organisations SET name = 'Chez Paul' WHERE id = ${owner.organisationId}`.execute(writer);
    const deadline = Date.now() + 1_000;
    let seen = kept.organisation.name;
    while (seen !== 'Chez Paul' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      seen = (await t.request('GET', '/api/me', { cookie: owner.cookie, settle: false })).body.organisation.name;
    }
    expect(seen).toBe('Chez Paul');
  });
});
