import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { startFakeBrevo } from '../../test/fake-brevo.ts';
import { openDatabase } from '../../db/database.ts';
import { createLogger } from '../../lib/logger.ts';
import { createBrevoClient } from './brevo.ts';
import { createOutboxWorker } from './worker.ts';

let brevo: Awaited<ReturnType<typeof startFakeBrevo>>;
let t: TestApp;
const silent = createLogger('silent');
const fastRetries = { backoffBaseMs: 1, backoffCapMs: 5, pollIntervalMs: 5 };

beforeAll(async () => {
  brevo = await startFakeBrevo();
  t = await createTestApp({ env: { BREVO_API_KEY: 'xkeysib-test', BREVO_API_URL: brevo.url } });
});
afterAll(async () => {
  await t.close();
  await brevo.close();
});
beforeEach(() => {
  brevo.calls.length = 0;
  brevo.setFailing(false);
});

const worker = (options = {}) =>
  createOutboxWorker(t.db, createBrevoClient(brevo.url, 'xkeysib-test'), silent, { ...fastRetries, ...options });
const pending = async () =>
  Number(
    (
      await t.db
        .selectFrom('event_outbox')
        .select(t.db.fn.countAll<number>().as('n'))
        .where('status', '!=', 'delivered')
        .executeTakeFirstOrThrow()
    ).n,
  );
const recipe = {
  name: 'Tarte aux pommes',
  servings: 8,
  ingredients: [{ code: '16400', quantity: 100, unit: 'g' }],
  allergens: ['Gluten', 'Lait'],
  dietaryInfo: [],
};

describe('product events through the outbox to Brevo', () => {
  it('delivers every event of docs/product/spec.md section 7 with its properties, to the owner contact', async () => {
    const user = await t.signUp(undefined, undefined, 'Le Bistrot du Port');
    const cookie = user.cookie;
    const created = (await t.request('POST', '/api/recipes', { cookie, body: recipe })).body;
    await t.request('PUT', `/api/recipes/${created.id}`, { cookie, body: { ...recipe, servings: 4 } });
    const menu = (await t.request('POST', '/api/menus', { cookie, body: { name: 'Carte', description: 'Midi' } })).body;
    await t.request('PUT', `/api/menus/${menu.id}`, {
      cookie,
      body: { name: 'Carte', description: 'Soir', isActive: true },
    });
    await t.request('PATCH', `/api/menus/${menu.id}`, { cookie, body: { isActive: false } });
    await t.request('PATCH', `/api/menus/${menu.id}`, { cookie, body: { isActive: true } });
    const qr = (await t.request('POST', '/api/qr-codes', { cookie, body: { name: 'Table 1', menuId: menu.id } })).body;
    await t.request('PATCH', `/api/qr-codes/${qr.id}`, { cookie, body: { status: 'inactive' } });
    await t.request('PATCH', `/api/qr-codes/${qr.id}`, { cookie, body: { status: 'active' } });
    await t.request('POST', `/api/qr-codes/${qr.id}/downloads`, { cookie, body: { size: 400 } });
    expect((await t.request('GET', `/qr/${qr.id}`)).status).toBe(302);
    await t.request('POST', '/api/billing/checkout', { cookie, body: { tier: 'premium', billingType: 'yearly' } });
    await t.request('DELETE', `/api/qr-codes/${qr.id}`, { cookie });
    await t.request('DELETE', `/api/recipes/${created.id}`, { cookie });
    await t.request('DELETE', `/api/menus/${menu.id}`, { cookie });

    expect(brevo.calls).toHaveLength(0); // nothing is sent inside the owner's requests
    await worker().runOnce();
    expect(await pending()).toBe(0);

    const contact = brevo.calls.find((c) => c.path === '/contacts' && c.body.email === user.email)!;
    expect(contact.apiKey).toBe('xkeysib-test');
    expect(contact.body).toEqual({
      email: user.email,
      updateEnabled: true,
      attributes: {
        FIRSTNAME: 'Le',
        LASTNAME: 'Bistrot du Port',
        RESTAURANT_NAME: 'Le Bistrot du Port',
        SUBSCRIPTION_TIER: 'free',
        SUBSCRIPTION_TYPE: '',
        SUBSCRIPTION_STATUS: 'active',
      },
    });
    const mine = brevo.events().filter((e) => e.body.identifiers.email_id === user.email);
    const byName = (name: string) => mine.filter((e) => e.body.event_name === name).map((e) => e.body.event_properties);
    expect(byName('recipe_created')).toEqual([
      {
        recipe_name: 'Tarte aux pommes',
        servings: 8,
        ingredients_count: 1,
        allergens_count: 2,
        calories_per_serving: 94,
      },
    ]);
    expect(byName('recipe_updated')).toEqual([
      {
        recipe_name: 'Tarte aux pommes',
        servings: 4,
        ingredients_count: 1,
        allergens_count: 2,
        calories_per_serving: 188,
      },
    ]);
    expect(byName('recipe_deleted')).toEqual([{ recipe_id: created.id }]);
    expect(byName('menu_created')).toEqual([{ menu_name: 'Carte', menu_description: 'Midi', is_active: true }]);
    expect(byName('menu_updated')).toEqual([{ menu_name: 'Carte', menu_description: 'Soir', is_active: true }]);
    expect(byName('menu_status_changed')).toEqual([
      { menu_name: 'Carte', new_status: false, old_status: true },
      { menu_name: 'Carte', new_status: true, old_status: false },
    ]);
    expect(byName('menu_deleted')).toEqual([{ menu_id: menu.id }]);
    expect(byName('qr_code_created')).toEqual([
      expect.objectContaining({ qr_code_id: qr.id, qr_code_name: 'Table 1', timestamp: expect.any(String) }),
    ]);
    expect(byName('qr_code_status_changed')).toEqual([
      { qr_code_id: qr.id, new_status: 'inactive', old_status: 'active' },
      { qr_code_id: qr.id, new_status: 'active', old_status: 'inactive' },
    ]);
    expect(byName('qr_code_downloaded')).toEqual([{ qr_code_name: 'Table 1', download_size: 400 }]);
    expect(byName('qr_code_scanned')).toEqual([
      {
        qr_code_id: qr.id,
        qr_code_name: 'Table 1',
        menu_id: menu.id,
        menu_name: 'Carte',
        owner_user_id: user.user.id,
        scanned_at: expect.any(String),
      },
    ]);
    expect(byName('checkout_started')).toEqual([{ tier: 'premium', billing_type: 'yearly' }]);
    expect(byName('qr_code_deleted')).toEqual([{ qr_code_id: qr.id }]);
  });

  it('syncs the contact again when the subscription changes', async () => {
    const user = await t.signUp(undefined, undefined, 'Cantine');
    const start = await t.request('POST', '/api/billing/checkout', {
      cookie: user.cookie,
      body: { tier: 'premium', billingType: 'monthly' },
    });
    const id = (start.body.url as string).split('/').at(-1);
    await t.request('POST', `/api/billing/demo/checkout/${id}/pay`, { cookie: user.cookie, body: {} });
    await worker().runOnce();
    const syncs = brevo.calls
      .filter((c) => c.path === '/contacts' && c.body.email === user.email)
      .map((c) => c.body.attributes);
    expect(syncs).toEqual([
      expect.objectContaining({ FIRSTNAME: 'Cantine', LASTNAME: '', SUBSCRIPTION_TIER: 'free' }),
      expect.objectContaining({
        SUBSCRIPTION_TIER: 'premium',
        SUBSCRIPTION_TYPE: 'monthly',
        SUBSCRIPTION_STATUS: 'trialing',
      }),
    ]);
  });

  it('erases the CRM contact when the owner deletes their account, and sends none of their pending events', async () => {
    const user = await t.signUp(undefined, undefined, 'Chez Nous');
    await t.request('POST', '/api/recipes', { cookie: user.cookie, body: recipe });
    expect(
      (await t.request('DELETE', '/api/account', { cookie: user.cookie, body: { password: user.password } })).status,
    ).toBe(204);
    await worker().runOnce();
    const mine = brevo.calls.filter(
      (c) => JSON.stringify(c).includes(encodeURIComponent(user.email)) || JSON.stringify(c).includes(user.email),
    );
    expect(mine.map((c) => `${c.method} ${c.path}`)).toEqual([`DELETE /contacts/${encodeURIComponent(user.email)}`]);
    expect(await pending()).toBe(0);
    // Once erased at Brevo, the address is gone from the outbox too.
    const left = await t.db.selectFrom('event_outbox').select('payload').execute();
    expect(left.filter((row) => JSON.stringify(row.payload).includes(user.email))).toEqual([]);
  });

  it('moves the CRM contact when the owner changes their address, and erases both addresses on deletion', async () => {
    const user = await t.signUp(undefined, undefined, 'Le Relais');
    await worker().runOnce();
    brevo.calls.length = 0;
    const newEmail = `nouvelle.${user.email}`;
    expect(
      (await t.request('POST', '/api/auth/change-email', { cookie: user.cookie, body: { newEmail } })).status,
    ).toBe(200);
    await worker().runOnce();
    expect(brevo.calls.map((c) => `${c.method} ${c.path} ${c.body.email ?? ''}`.trim())).toEqual([
      `DELETE /contacts/${encodeURIComponent(user.email)}`,
      `POST /contacts ${newEmail}`,
    ]);
    expect(brevo.calls[1]!.body.attributes).toMatchObject({ RESTAURANT_NAME: 'Le Relais', SUBSCRIPTION_TIER: 'free' });

    brevo.calls.length = 0;
    expect(
      (await t.request('DELETE', '/api/account', { cookie: user.cookie, body: { password: user.password } })).status,
    ).toBe(204);
    await worker().runOnce();
    expect(brevo.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      `DELETE /contacts/${encodeURIComponent(newEmail)}`,
    ]);
    const left = await t.db.selectFrom('event_outbox').select('payload').execute();
    expect(
      left.filter(
        (row) =>
          JSON.stringify(row.payload).match(/relais|nouvelle/i) || JSON.stringify(row.payload).includes(user.email),
      ),
    ).toEqual([]);
  });

  it('keeps events while Brevo answers 500, then delivers each exactly once; the owner never notices', async () => {
    await worker().runOnce();
    brevo.calls.length = 0;
    brevo.setFailing(true);
    const user = await t.signUp();
    const names = ['A', 'B', 'C', 'D', 'E'];
    for (const name of names)
      expect((await t.request('POST', '/api/menus', { cookie: user.cookie, body: { name } })).status).toBeLessThan(500);
    const w = worker();
    for (let i = 0; i < 4; i++) {
      await w.runOnce();
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(brevo.calls).toHaveLength(0);
    const waiting = await t.db.selectFrom('event_outbox').selectAll().where('user_id', '=', user.user.id).execute();
    expect(waiting.every((r) => r.status === 'pending' && r.attempts >= 2 && r.last_error?.includes('500'))).toBe(true);

    brevo.setFailing(false);
    await new Promise((r) => setTimeout(r, 20));
    await w.runOnce();
    expect(await pending()).toBe(0);
    const mine = brevo.calls.filter((c) => c.body.email === user.email || c.body.identifiers?.email_id === user.email);
    expect(mine.filter((c) => c.path === '/contacts')).toHaveLength(1);
    expect(mine.filter((c) => c.body.event_name === 'menu_created')).toHaveLength(1); // free plan: 1 menu, 4 refusals
    const again = worker();
    await again.runOnce();
    expect(
      brevo.calls.filter((c) => c.body.email === user.email || c.body.identifiers?.email_id === user.email),
    ).toHaveLength(mine.length);
  });

  it('marks a row failed after the last attempt, shows it to the admin, and retries it on demand', async () => {
    await worker().runOnce();
    brevo.setFailing(true);
    const admin = await t.signUp();
    await t.request('POST', '/api/recipes', { cookie: admin.cookie, body: recipe });
    await worker({ maxAttempts: 1 }).runOnce();
    const failed = await t.db
      .selectFrom('event_outbox')
      .selectAll()
      .where('user_id', '=', admin.user.id)
      .where('status', '=', 'failed')
      .execute();
    expect(failed.length).toBeGreaterThan(0);
    brevo.setFailing(false);
    await t.db
      .updateTable('event_outbox')
      .set({ status: 'pending', available_at: new Date() })
      .where('status', '=', 'failed')
      .execute();
    await worker().runOnce();
    expect(await pending()).toBe(0);
  });

  it('never delivers an event twice with two workers on separate connections', async () => {
    await worker().runOnce();
    brevo.calls.length = 0;
    brevo.setDelay(5);
    const user = await t.signUp();
    const premium = t.db
      .updateTable('subscriptions')
      .set({ tier: 'premium' })
      .where('organisation_id', '=', user.organisationId);
    await premium.execute();
    for (let i = 0; i < 30; i++)
      await t.request('POST', '/api/menus', { cookie: user.cookie, body: { name: `Menu ${i}` } });

    const second =
      t.database.kind === 'postgres'
        ? await openDatabase({ databaseUrl: t.deps.config.databaseUrl, maxConnections: 2 })
        : undefined;
    const crm = createBrevoClient(brevo.url, 'xkeysib-test');
    const w1 = createOutboxWorker(t.db, crm, silent, { ...fastRetries, batchSize: 3 });
    const w2 = createOutboxWorker(second?.db ?? t.db, crm, silent, { ...fastRetries, batchSize: 3 });
    const [a, b] = await Promise.all([w1.runOnce(), w2.runOnce()]);
    await second?.close();
    brevo.setDelay(0);
    expect(a + b).toBe(31);
    if (second) {
      // Both workers took part: the rows were shared between them, none twice.
      expect(a).toBeGreaterThan(0);
      expect(b).toBeGreaterThan(0);
    }
    const created = brevo.events('menu_created').filter((e) => e.body.identifiers.email_id === user.email);
    expect(created).toHaveLength(30);
    expect(new Set(created.map((e) => e.body.event_properties.menu_name)).size).toBe(30);
    expect(await pending()).toBe(0);
  });
});
