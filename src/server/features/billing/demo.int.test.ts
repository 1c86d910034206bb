import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo billing provider (no STRIPE_SECRET_KEY)', () => {
  it('drives the same subscription state machine: checkout, trial, cancel at period end, resume, end', async () => {
    const user = await t.signUp();
    const other = await t.signUp();
    const start = await t.request('POST', '/api/billing/checkout', {
      cookie: user.cookie,
      body: { tier: 'premium', billingType: 'yearly' },
    });
    expect(start.status).toBe(200);
    const sessionId = (start.body.url as string).match(/^\/demo\/checkout\/(demo_cs_[\w-]+)$/)![1]!;

    expect((await t.request('GET', `/api/billing/demo/checkout/${sessionId}`, { cookie: other.cookie })).status).toBe(
      404,
    );
    expect(
      (await t.request('POST', `/api/billing/demo/checkout/${sessionId}/pay`, { cookie: other.cookie, body: {} }))
        .status,
    ).toBe(404);
    const session = await t.request('GET', `/api/billing/demo/checkout/${sessionId}`, { cookie: user.cookie });
    expect(session.body).toEqual({
      id: sessionId,
      billingType: 'yearly',
      status: 'open',
      amountEuros: 80,
      trialDays: 14,
    });

    const paid = await t.request('POST', `/api/billing/demo/checkout/${sessionId}/pay`, {
      cookie: user.cookie,
      body: {},
    });
    expect(paid.body.redirectUrl).toBe(`/payment-success?session_id=${sessionId}`);
    const sub = (await t.request('GET', '/api/billing/subscription?refresh=1', { cookie: user.cookie })).body;
    expect(sub).toMatchObject({
      subscribed: true,
      subscriptionTier: 'premium',
      status: 'trialing',
      billingType: 'yearly',
      willExpire: false,
      provider: 'demo',
    });
    const days = (new Date(sub.subscriptionEnd).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThan(14.1);
    expect((await t.request('GET', '/api/me', { cookie: user.cookie })).body.limits.recipes).toBeNull();

    const again = await t.request('POST', '/api/billing/checkout', {
      cookie: user.cookie,
      body: { tier: 'premium', billingType: 'monthly' },
    });
    expect(again.status).toBe(422);
    expect((await t.request('POST', '/api/billing/portal', { cookie: user.cookie, body: {} })).body.url).toBe(
      '/demo/portal',
    );

    const cancelled = await t.request('POST', '/api/billing/demo/portal', {
      cookie: user.cookie,
      body: { action: 'cancel' },
    });
    expect(cancelled.body).toMatchObject({ subscribed: true, willExpire: true });
    const resumed = await t.request('POST', '/api/billing/demo/portal', {
      cookie: user.cookie,
      body: { action: 'resume' },
    });
    expect(resumed.body).toMatchObject({ subscribed: true, willExpire: false });
    const ended = await t.request('POST', '/api/billing/demo/portal', {
      cookie: user.cookie,
      body: { action: 'end-now' },
    });
    expect(ended.body).toMatchObject({ subscribed: false, subscriptionTier: 'free' });
    expect((await t.request('GET', '/api/me', { cookie: user.cookie })).body.limits.recipes).toBe(5);
  });

  it('cancels a checkout without changing the plan', async () => {
    const user = await t.signUp();
    const start = await t.request('POST', '/api/billing/checkout', {
      cookie: user.cookie,
      body: { tier: 'premium', billingType: 'monthly' },
    });
    const id = (start.body.url as string).split('/').at(-1)!;
    const cancel = await t.request('POST', `/api/billing/demo/checkout/${id}/cancel`, {
      cookie: user.cookie,
      body: {},
    });
    expect(cancel.body.redirectUrl).toBe('/payment-cancel');
    expect(
      (await t.request('POST', `/api/billing/demo/checkout/${id}/pay`, { cookie: user.cookie, body: {} })).status,
    ).toBe(200);
    expect((await t.request('GET', '/api/billing/subscription', { cookie: user.cookie })).body.subscribed).toBe(false);
    const bad = await t.request('POST', '/api/billing/checkout', {
      cookie: user.cookie,
      body: { tier: 'premium', billingType: 'weekly' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.message).toBe('Période de facturation invalide');
    expect((await t.request('GET', '/api/billing/subscription', {})).status).toBe(401);
  });

  it('one free trial per owner: a checkout after the subscription ended starts paid, and its page says so', async () => {
    const user = await t.signUp();
    const subscription = async () =>
      (await t.request('GET', '/api/billing/subscription', { cookie: user.cookie })).body;
    const checkout = async (billingType: 'monthly' | 'yearly') => {
      const start = await t.request('POST', '/api/billing/checkout', {
        cookie: user.cookie,
        body: { tier: 'premium', billingType },
      });
      return (start.body.url as string).split('/').at(-1)!;
    };
    const pay = (id: string) =>
      t.request('POST', `/api/billing/demo/checkout/${id}/pay`, { cookie: user.cookie, body: {} });
    const portal = (action: string) =>
      t.request('POST', '/api/billing/demo/portal', { cookie: user.cookie, body: { action } });

    // A checkout left unpaid uses nothing.
    const abandoned = await checkout('monthly');
    await t.request('POST', `/api/billing/demo/checkout/${abandoned}/cancel`, { cookie: user.cookie, body: {} });
    expect(await subscription()).toMatchObject({ subscribed: false, trialAvailable: true });

    const first = await checkout('monthly');
    expect(
      (await t.request('GET', `/api/billing/demo/checkout/${first}`, { cookie: user.cookie })).body.trialDays,
    ).toBe(14);
    await pay(first);
    expect(await subscription()).toMatchObject({ status: 'trialing', trialAvailable: false });
    // Ended during the trial, then paid again: no second trial, the first month is paid now.
    await portal('end-now');
    expect(await subscription()).toMatchObject({ subscribed: false, trialAvailable: false });
    const second = await checkout('monthly');
    expect(
      (await t.request('GET', `/api/billing/demo/checkout/${second}`, { cookie: user.cookie })).body,
    ).toMatchObject({ trialDays: 0, amountEuros: 10 });
    const before = new Date();
    await pay(second);
    const paid = await subscription();
    expect(paid).toMatchObject({
      subscribed: true,
      subscriptionTier: 'premium',
      status: 'active',
      billingType: 'monthly',
      trialAvailable: false,
    });
    const monthLater = new Date(before);
    monthLater.setUTCMonth(monthLater.getUTCMonth() + 1);
    expect(Math.abs(new Date(paid.subscriptionEnd).getTime() - monthLater.getTime())).toBeLessThan(60_000);
    const row = await t.db
      .selectFrom('subscriptions')
      .select(['trial_end', 'status'])
      .where('organisation_id', '=', user.organisationId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ trial_end: null, status: 'active' });

    // And again, yearly: a year paid at once.
    await portal('end-now');
    const third = await checkout('yearly');
    await pay(third);
    const yearly = await subscription();
    expect(yearly).toMatchObject({ status: 'active', billingType: 'yearly' });
    expect((new Date(yearly.subscriptionEnd).getTime() - Date.now()) / 86_400_000).toBeGreaterThan(364);
  });
});
