import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe } from '../../test/fake-stripe.ts';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/harness.ts';
import { countOwnedRows } from './delete-account.ts';

const recipe = (name: string) => ({
  name,
  servings: 2,
  ingredients: [{ code: '16400', quantity: 250, unit: 'g' }],
  allergens: ['Lait'],
  dietaryInfo: ['Végétarien'],
});

/** Everything an owner can have: 2 recipes, a menu with a section and an item, a QR code scanned once. */
async function seedOwner(t: TestApp, owner: SignedUpUser, label: string) {
  const as = { cookie: owner.cookie };
  await t.db
    .updateTable('subscriptions')
    .set({ tier: 'premium' })
    .where('organisation_id', '=', owner.organisationId)
    .execute();
  const r1 = (await t.request('POST', '/api/recipes', { ...as, body: recipe(`${label} soupe`) })).body;
  await t.request('POST', '/api/recipes', { ...as, body: recipe(`${label} tarte`) });
  const menu = (await t.request('POST', '/api/menus', { ...as, body: { name: `${label} carte`, isActive: true } }))
    .body;
  const section = (await t.request('POST', `/api/menus/${menu.id}/sections`, { ...as, body: { name: 'Entrées' } }))
    .body;
  const item = (await t.request('POST', `/api/sections/${section.id}/items`, { ...as, body: { recipeId: r1.id } }))
    .body;
  const qr = (await t.request('POST', '/api/qr-codes', { ...as, body: { name: `QR ${label}`, menuId: menu.id } })).body;
  expect((await t.request('GET', `/qr/${qr.id}`)).status).toBe(302);
  return {
    recipeId: r1.id as string,
    menuId: menu.id as string,
    sectionId: section.id as string,
    itemId: item.id as string,
    qrId: qr.id as string,
  };
}

describe('RGPD: export and deletion', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('exports every row the owner has, nothing of another owner, and no secret', async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const mine = await seedOwner(t, owner, 'Chez Lucie');
    const theirs = await seedOwner(t, other, 'Chez Paul');

    const res = await t.request('GET', '/api/account/export', { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="nutricarte-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    const data = res.body;
    expect(data).toMatchObject({
      format: 'nutricarte-export',
      version: 2,
      user: { id: owner.user.id, email: owner.email },
    });
    expect(data.memberships).toEqual([
      { organisationId: owner.organisationId, name: 'Mon Restaurant', role: 'owner', joinedAt: expect.any(String) },
    ]);
    expect(data.organisations).toHaveLength(1);
    const organisation = data.organisations[0];
    expect(organisation).toMatchObject({ id: owner.organisationId, name: 'Mon Restaurant' });
    expect(organisation.establishments).toEqual([expect.objectContaining({ name: 'Mon Restaurant', address: null })]);
    expect(organisation.subscription.tier).toBe('premium');
    expect(organisation.recipes.map((r: { name: string }) => r.name).sort()).toEqual([
      'Chez Lucie soupe',
      'Chez Lucie tarte',
    ]);
    expect(organisation.recipes[0].ingredients).toEqual([
      expect.objectContaining({ food_code: 16400, quantity: 250, unit: 'g' }),
    ]);
    expect(organisation.menus.map((m: { id: string }) => m.id)).toEqual([mine.menuId]);
    expect(organisation.sections.map((s: { id: string }) => s.id)).toEqual([mine.sectionId]);
    expect(organisation.items.map((i: { id: string }) => i.id)).toEqual([mine.itemId]);
    expect(organisation.qrCodes).toEqual([
      expect.objectContaining({ id: mine.qrId, scan_count: 1, scans: [expect.any(String)] }),
    ]);
    expect(data.sessions).toHaveLength(1);
    for (const id of Object.values(theirs)) expect(res.text).not.toContain(id);
    expect(res.text).not.toContain(other.email);
    const token = (
      await t.db.selectFrom('sessions').select('token').where('user_id', '=', owner.user.id).executeTakeFirstOrThrow()
    ).token;
    expect(res.text).not.toContain(token);
    expect(res.text).not.toMatch(/password|secret|backup/i);
  });

  it('streams the scans of a busy code, oldest first, page after page, gzipped on the wire', async () => {
    const owner = await t.signUp();
    const mine = await seedOwner(t, owner, 'Chez Anna');
    // 20,005 scans more, three at each instant (to the microsecond), so pages end among equal times.
    await sql`INSERT INTO qr_scans (qr_code_id, scanned_at)
      SELECT ${mine.qrId}::uuid, timestamptz '2026-01-01 08:00:00.123456+00' + (g / 3) * interval '1.001 second'
      FROM generate_series(0, 20004) AS g`.execute(t.db);
    const expected = (
      await sql<{
        at: Date;
      }>`SELECT scanned_at AS at FROM qr_scans WHERE qr_code_id = ${mine.qrId} ORDER BY scanned_at, id`.execute(t.db)
    ).rows.map((row) => new Date(row.at).toISOString());
    expect(expected).toHaveLength(20_006);

    const res = await t.request('GET', '/api/account/export', { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.body.organisations[0].qrCodes[0].scans).toEqual(expected);
    // The document is the one JSON.stringify(…, null, 2) writes.
    expect(res.text).toBe(JSON.stringify(res.body, null, 2));
    const gzipped = await t.request('GET', '/api/account/export', {
      cookie: owner.cookie,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
  });

  it('refuses a wrong or missing password and deletes nothing', async () => {
    const owner = await t.signUp();
    await seedOwner(t, owner, 'Le Zinc');
    const before = await countOwnedRows(t.deps, owner.user.id);
    const wrong = await t.request('DELETE', '/api/account', { cookie: owner.cookie, body: { password: 'pas-le-bon' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error).toMatchObject({
      code: 'validation',
      message: 'Mot de passe incorrect',
      fields: { password: 'Mot de passe incorrect' },
    });
    const missing = await t.request('DELETE', '/api/account', { cookie: owner.cookie, body: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.error.message).toBe('Saisissez votre mot de passe pour confirmer la suppression');
    expect(await countOwnedRows(t.deps, owner.user.id)).toBe(before);
    expect((await t.request('DELETE', '/api/account', { body: { password: owner.password } })).status).toBe(401);
  });

  it('deletes everything the owner has, leaves another owner untouched, and their menus disappear', async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const mine = await seedOwner(t, owner, 'Le Comptoir');
    const theirs = await seedOwner(t, other, 'La Guinguette');
    await t.signUp(); // a third account, only for the row counts below
    const otherBefore = await countOwnedRows(t.deps, other.user.id);
    expect(await countOwnedRows(t.deps, owner.user.id)).toBeGreaterThan(8);

    const res = await t.request('DELETE', '/api/account', { cookie: owner.cookie, body: { password: owner.password } });
    expect(res.status).toBe(204);
    expect(res.setCookie.join('\n')).toMatch(/nutricarte\.session_token=;/);

    expect(await countOwnedRows(t.deps, owner.user.id)).toBe(0);
    for (const [table, id] of [
      ['recipes', mine.recipeId],
      ['menus', mine.menuId],
      ['menu_sections', mine.sectionId],
      ['menu_items', mine.itemId],
      ['qr_codes', mine.qrId],
    ] as const) {
      expect(await t.db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst(), table).toBeUndefined();
    }
    expect(await t.db.selectFrom('qr_scans').select('id').where('qr_code_id', '=', mine.qrId).execute()).toEqual([]);
    const page = await t.request('GET', `/menu/${mine.menuId}`);
    expect(page.status).toBe(404);
    expect(page.text).toContain('Menu non trouvé');
    expect((await t.request('GET', `/qr/${mine.qrId}`)).status).toBe(404);
    expect((await t.request('GET', '/api/me', { cookie: owner.cookie })).status).toBe(401);
    const signIn = await t.request('POST', '/api/auth/sign-in/email', {
      body: { email: owner.email, password: owner.password },
    });
    expect(signIn.status).toBe(401);

    // The CRM contact is erased too, and no queued event names the owner any more.
    const outbox = await t.db.selectFrom('event_outbox').select(['name', 'payload', 'user_id']).execute();
    expect(outbox.filter((e) => JSON.stringify(e.payload).includes(owner.email))).toEqual([
      { name: 'delete_contact', payload: { email: owner.email }, user_id: null },
    ]);

    expect(await countOwnedRows(t.deps, other.user.id)).toBe(otherBefore);
    expect((await t.request('GET', `/menu/${theirs.menuId}`)).status).toBe(200);
    expect((await t.request('GET', '/api/recipes', { cookie: other.cookie })).body.recipes).toHaveLength(2);
  });

  it("lists the owner's sessions, ends one of them, and never another owner's", async () => {
    const owner = await t.signUp();
    const second = await t.request('POST', '/api/auth/sign-in/email', {
      body: { email: owner.email, password: owner.password },
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1' },
    });
    const other = await t.signUp();
    const list = await t.request('GET', '/api/account/sessions', { cookie: owner.cookie });
    expect(list.status).toBe(200);
    expect(list.body.sessions).toHaveLength(2);
    const current = list.body.sessions.find((s: { current: boolean }) => s.current);
    const phone = list.body.sessions.find((s: { current: boolean }) => !s.current);
    expect(phone.userAgent).toContain('iPhone');
    expect(Object.keys(phone).sort()).toEqual([
      'createdAt',
      'current',
      'expiresAt',
      'id',
      'ipAddress',
      'updatedAt',
      'userAgent',
    ]);

    const otherSession = (await t.request('GET', '/api/account/sessions', { cookie: other.cookie })).body.sessions[0];
    expect(
      (await t.request('DELETE', `/api/account/sessions/${otherSession.id}`, { cookie: owner.cookie })).status,
    ).toBe(404);
    expect((await t.request('GET', '/api/me', { cookie: other.cookie })).status).toBe(200);

    expect((await t.request('DELETE', `/api/account/sessions/${phone.id}`, { cookie: owner.cookie })).status).toBe(204);
    expect((await t.request('GET', '/api/me', { cookie: second.cookie })).status).toBe(401);
    expect(
      (await t.request('GET', '/api/account/sessions', { cookie: owner.cookie })).body.sessions.map(
        (s: { id: string }) => s.id,
      ),
    ).toEqual([current.id]);
    expect((await t.request('DELETE', `/api/account/sessions/${phone.id}`, { cookie: owner.cookie })).status).toBe(404);
    expect((await t.request('DELETE', '/api/account/sessions/pas-un-uuid', { cookie: owner.cookie })).status).toBe(404);
  });
});

describe('RGPD deletion with Stripe', () => {
  let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
  let t: TestApp;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_nutricarte',
        STRIPE_PRICE_MONTHLY: 'price_monthly',
        STRIPE_PRICE_YEARLY: 'price_yearly',
        STRIPE_API_URL: stripe.url,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  async function premiumOwner() {
    const owner = await t.signUp();
    expect(
      (
        await t.request('POST', '/api/billing/checkout', {
          cookie: owner.cookie,
          body: { tier: 'premium', billingType: 'monthly' },
        })
      ).status,
    ).toBe(200);
    const { customer_id } = await t.db
      .selectFrom('subscriptions')
      .select('customer_id')
      .where('organisation_id', '=', owner.organisationId)
      .executeTakeFirstOrThrow();
    const subId = `sub_${owner.user.id.slice(0, 8)}`;
    stripe.setSubscriptions(customer_id!, [
      {
        id: subId,
        status: 'active',
        priceId: 'price_monthly',
        interval: 'month',
        currentPeriodEnd: Math.floor(Date.now() / 1000) + 20 * 86_400,
      },
      {
        id: `${subId}_old`,
        status: 'canceled',
        priceId: 'price_monthly',
        interval: 'month',
        currentPeriodEnd: Math.floor(Date.now() / 1000) - 86_400,
      },
    ]);
    return { owner, customerId: customer_id!, subId };
  }

  it('erases the customer, which ends the live subscription, before deleting the account', async () => {
    const { owner, customerId, subId } = await premiumOwner();
    const res = await t.request('DELETE', '/api/account', { cookie: owner.cookie, body: { password: owner.password } });
    expect(res.status).toBe(204);
    const calls = stripe.requests.filter((r) => r.method === 'DELETE').map((r) => r.path);
    expect(calls).toEqual([`/v1/customers/${customerId}`]);
    expect(stripe.subscriptionsOf(customerId).find((s) => s.id === subId)?.status).toBe('canceled');
    expect(await countOwnedRows(t.deps, owner.user.id)).toBe(0);
  });

  it('keeps the account and the subscription, and says so in French, when Stripe cannot be reached', async () => {
    const { owner, customerId, subId } = await premiumOwner();
    const before = await countOwnedRows(t.deps, owner.user.id);
    stripe.setFailing(true);
    try {
      const res = await t.request('DELETE', '/api/account', {
        cookie: owner.cookie,
        body: { password: owner.password },
        allowServerError: true,
      });
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('unavailable');
      expect(res.headers.get('retry-after')).toBe('60');
      expect(res.body.error.message).toMatch(/^Votre abonnement n’a pas pu être résilié/);
    } finally {
      stripe.setFailing(false);
    }
    expect(await countOwnedRows(t.deps, owner.user.id)).toBe(before);
    expect((await t.request('GET', '/api/me', { cookie: owner.cookie })).status).toBe(200);
    expect(stripe.subscriptionsOf(customerId).find((s) => s.id === subId)?.status).toBe('active');
  });
});

describe('RGPD deletion: password guessing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '3' } });
  });
  afterAll(() => t.close());

  it('stops password attempts on account deletion after the sign-in limit', async () => {
    const owner = await t.signUp();
    const attempt = (password: string) =>
      t.request('DELETE', '/api/account', { cookie: owner.cookie, body: { password } });
    for (let i = 0; i < 3; i++) expect((await attempt(`essai-${i}`)).status).toBe(422);
    const refused = await attempt(owner.password);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
    expect(await countOwnedRows(t.deps, owner.user.id)).toBeGreaterThan(0);
  });
});
