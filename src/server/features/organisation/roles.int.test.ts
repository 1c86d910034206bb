import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionMessages } from '../../../shared/permissions.ts';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/harness.ts';
import { addMember, type TeamMember } from '../../test/teams.ts';

/**
 * Roles on the routes (docs/product/organisations.md « Roles »): owners do everything,
 * editors the content, viewers read and print. The exhaustive matrix, every route × every
 * role, is src/server/reliability/isolation.reliability.ts.
 */
let t: TestApp;
let owner: SignedUpUser;
let editor: TeamMember;
let viewer: TeamMember;
const recipe = {
  name: 'Gratin',
  servings: 4,
  ingredients: [{ code: '16400', quantity: 100, unit: 'g' }],
  allergens: [],
  dietaryInfo: [],
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  editor = await addMember(t, owner, 'editor');
  viewer = await addMember(t, owner, 'viewer');
});
afterAll(() => t.close());

const send = (user: SignedUpUser, method: string, path: string, body?: unknown) =>
  t.request(method, path, { cookie: user.cookie, ...(body !== undefined ? { body } : {}) });
const expectForbidden = (res: { status: number; body: { error: { code: string; message: string } } }) =>
  expect([res.status, res.body.error.code, res.body.error.message]).toEqual([
    403,
    'forbidden',
    permissionMessages.forbidden,
  ]);

describe('roles', () => {
  it('an editor writes recipes, menus and QR codes of the organisation; a viewer reads and prints them and writes nothing', async () => {
    const created = await send(editor, 'POST', '/api/recipes', recipe);
    expect(created.status).toBe(201);
    const menu = (await send(editor, 'POST', '/api/menus', { name: 'Carte' })).body;
    const section = (await send(editor, 'POST', `/api/menus/${menu.id}/sections`, { name: 'Plats' })).body;
    const qr = (await send(editor, 'POST', '/api/qr-codes', { name: 'Table 1', menuId: menu.id })).body;
    const count = async () =>
      (await t.db.selectFrom('audit_events').select('id').where('organisation_id', '=', owner.organisationId).execute())
        .length;
    const before = await count();

    for (const [method, path, body] of [
      ['POST', '/api/recipes', recipe],
      ['PUT', `/api/recipes/${created.body.id}`, recipe],
      ['DELETE', `/api/recipes/${created.body.id}`, undefined],
      ['POST', '/api/menus', { name: 'Autre' }],
      ['PATCH', `/api/menus/${menu.id}`, { isActive: false }],
      ['POST', `/api/menus/${menu.id}/sections`, { name: 'Desserts' }],
      ['POST', `/api/sections/${section.id}/items`, { recipeId: created.body.id }],
      ['POST', '/api/qr-codes', { name: 'Table 2', menuId: menu.id }],
      ['PATCH', `/api/qr-codes/${qr.id}`, { status: 'inactive' }],
      ['DELETE', `/api/qr-codes/${qr.id}`, undefined],
      // Refused before the body is read: whatever a viewer sends.
      ['POST', '/api/recipes', { name: '' }],
    ] as const) {
      expectForbidden(await send(viewer, method, path, body));
    }
    expect(await count()).toBe(before);
    for (const path of [
      '/api/recipes',
      `/api/recipes/${created.body.id}`,
      '/api/menus',
      `/api/menus/${menu.id}/sections`,
      '/api/qr-codes',
      `/api/qr-codes/${qr.id}/stats`,
      '/api/establishments',
      '/api/organisation',
      '/api/billing/subscription',
      `/api/recipes/${created.body.id}/history`,
    ]) {
      const res = await send(viewer, 'GET', path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('x-organisation-id'), path).toBe(owner.organisationId);
    }
    // Printing a code is reading: a viewer downloads it.
    expect((await send(viewer, 'POST', `/api/qr-codes/${qr.id}/downloads`, { size: 400 })).status).toBe(204);
    expect((await send(viewer, 'GET', '/api/me')).body.organisation).toEqual({
      id: owner.organisationId,
      name: 'Mon Restaurant',
      role: 'viewer',
    });
  });

  it('only owners manage establishments, members, invitations, the organisation’s history and its billing', async () => {
    for (const user of [editor, viewer]) {
      for (const [method, path, body] of [
        ['POST', '/api/establishments', { name: 'Annexe' }],
        ['PUT', '/api/organisation', { name: 'Renommée' }],
        ['POST', '/api/organisation/invitations', { email: 'cuisine@example.com', role: 'editor' }],
        ['PATCH', `/api/organisation/members/${viewer.user.id}`, { role: 'editor' }],
        ['DELETE', `/api/organisation/members/${owner.user.id}`, undefined],
        ['GET', '/api/organisation/history', undefined],
        ['POST', '/api/billing/checkout', { tier: 'premium', billingType: 'monthly' }],
        ['POST', '/api/billing/portal', {}],
        ['POST', '/api/billing/demo/portal', { action: 'cancel' }],
      ] as const) {
        expectForbidden(await send(user, method, path, body));
      }
    }
    const subscription = await send(editor, 'GET', '/api/billing/subscription');
    expect(subscription.status).toBe(200);
    expect(subscription.body.subscriptionTier).toBe('premium');
  });

  it('the organisation pays: its owner’s checkout, paid in the demo, is the plan of every member', async () => {
    const boss = await t.signUp();
    const cook = await addMember(t, boss, 'editor');
    await t.db
      .updateTable('subscriptions')
      .set({ tier: 'free' })
      .where('organisation_id', '=', boss.organisationId)
      .execute();
    const checkout = await send(boss, 'POST', '/api/billing/checkout', { tier: 'premium', billingType: 'monthly' });
    expect(checkout.status).toBe(200);
    const sessionId = String(checkout.body.url).split('/').at(-1)!;
    expect((await send(cook, 'GET', `/api/billing/demo/checkout/${sessionId}`)).status).toBe(200);
    expectForbidden(await send(cook, 'POST', `/api/billing/demo/checkout/${sessionId}/pay`, {}));
    expectForbidden(await send(cook, 'POST', `/api/billing/demo/checkout/${sessionId}/cancel`, {}));
    expect((await send(boss, 'POST', `/api/billing/demo/checkout/${sessionId}/pay`, {})).status).toBe(200);
    expect((await send(cook, 'GET', '/api/me')).body.subscription).toMatchObject({ subscribed: true, tier: 'premium' });
    const row = await t.db
      .selectFrom('subscriptions')
      .select(['customer_id', 'trial_used_at'])
      .where('organisation_id', '=', boss.organisationId)
      .executeTakeFirstOrThrow();
    expect(row.customer_id).toBe(`demo_cus_${boss.organisationId}`);
    expect(row.trial_used_at).not.toBeNull();
    // The cook's own organisation has its own plan and its own trial.
    await send(cook, 'PUT', '/api/me/organisation', { organisationId: cook.organisationId });
    expect((await send(cook, 'GET', '/api/billing/subscription')).body).toMatchObject({
      subscribed: false,
      trialAvailable: true,
    });
  });
});
