import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type SignedUpUser, type TestApp } from '../../test/harness.ts';
import { startFakeStripe } from '../../test/fake-stripe.ts';

const WEBHOOK_SECRET = 'whsec_test_secret';
const DAY = 86_400;
const signer = new Stripe('sk_test_signer');

let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
let t: TestApp;

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_nutricarte',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
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

let eventCounter = 0;
function webhook(type: string, object: Record<string, unknown>, options: { id?: string; secret?: string } = {}) {
  const payload = JSON.stringify({
    id: options.id ?? `evt_${++eventCounter}`,
    object: 'event',
    type,
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET });
  return t.request('POST', '/api/billing/webhook', {
    body: payload,
    origin: null,
    headers: { 'stripe-signature': signature },
  });
}

const subscription = (user: SignedUpUser) => t.request('GET', '/api/billing/subscription', { cookie: user.cookie });
const recipe = {
  name: 'Soupe',
  servings: 1,
  ingredients: [{ code: '16400', quantity: 10, unit: 'g' }],
  allergens: [],
  dietaryInfo: [],
};

async function checkout(user: SignedUpUser, billingType: 'monthly' | 'yearly') {
  const res = await t.request('POST', '/api/billing/checkout', {
    cookie: user.cookie,
    body: { tier: 'premium', billingType },
  });
  expect(res.status).toBe(200);
  const customerId = (
    await t.db
      .selectFrom('subscriptions')
      .select('customer_id')
      .where('organisation_id', '=', user.organisationId)
      .executeTakeFirstOrThrow()
  ).customer_id!;
  return { url: res.body.url as string, customerId };
}

describe('Stripe billing', () => {
  it('creates a checkout session with the right price, trial and URLs, and one customer per owner', async () => {
    const user = await t.signUp();
    const first = await checkout(user, 'yearly');
    expect(first.url).toMatch(/^https:\/\/checkout\.stripe\.test\/cs_test_/);
    const session = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(session.params.get('mode')).toBe('subscription');
    expect(session.params.get('customer')).toBe(first.customerId);
    expect(session.params.get('line_items[0][price]')).toBe('price_yearly');
    expect(session.params.get('subscription_data[trial_period_days]')).toBe('14');
    expect(session.params.get('success_url')).toBe(`${TEST_ORIGIN}/payment-success?session_id={CHECKOUT_SESSION_ID}`);
    expect(session.params.get('cancel_url')).toBe(`${TEST_ORIGIN}/payment-cancel`);
    // One Stripe customer per organisation (docs/decisions/0016-organisations.md).
    expect(session.params.get('client_reference_id')).toBe(user.organisationId);

    const second = await checkout(user, 'monthly');
    expect(second.customerId).toBe(first.customerId);
    expect(
      stripe.requests.filter(
        (r) => r.path === '/v1/customers' && r.params.get('metadata[organisationId]') === user.organisationId,
      ),
    ).toHaveLength(1);
    expect(
      stripe.requests
        .filter((r) => r.path === '/v1/checkout/sessions')
        .at(-1)!
        .params.get('line_items[0][price]'),
    ).toBe('price_monthly');

    const free = await t.request('POST', '/api/billing/checkout', {
      cookie: user.cookie,
      body: { tier: 'free', billingType: 'monthly' },
    });
    expect(free.status).toBe(422);
    expect(free.body.error.message).toBe('Vous êtes déjà sur le plan gratuit\u202f!');
  });

  it('opens the customer portal for a customer', async () => {
    const user = await t.signUp();
    const none = await t.request('POST', '/api/billing/portal', { cookie: user.cookie, body: {} });
    expect(none.status).toBe(422);
    const { customerId } = await checkout(user, 'monthly');
    const portal = await t.request('POST', '/api/billing/portal', { cookie: user.cookie, body: {} });
    expect(portal.body.url).toBe(`https://billing.stripe.test/p/${customerId}`);
    expect(stripe.requests.at(-1)!.params.get('return_url')).toBe(`${TEST_ORIGIN}/subscription`);
  });

  it('rejects a webhook with a bad signature and changes nothing', async () => {
    const user = await t.signUp();
    const { customerId } = await checkout(user, 'monthly');
    stripe.setSubscriptions(customerId, [
      {
        id: 'sub_bad',
        status: 'active',
        priceId: 'price_monthly',
        interval: 'month',
        currentPeriodEnd: Date.now() / 1000 + 30 * DAY,
      },
    ]);
    const res = await webhook(
      'customer.subscription.created',
      { id: 'sub_bad', object: 'subscription', customer: customerId },
      { secret: 'whsec_wrong' },
    );
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Signature du webhook invalide');
    expect((await subscription(user)).body.subscribed).toBe(false);
    const unsigned = await t.request('POST', '/api/billing/webhook', { body: '{}', origin: null });
    expect(unsigned.status).toBe(400);
  });

  it('follows the subscription lifecycle: trial, cancel at period end, deleted; limits lifted then restored', async () => {
    const user = await t.signUp();
    const { customerId } = await checkout(user, 'yearly');
    const periodEnd = Math.floor(Date.now() / 1000) + 14 * DAY;
    const sub = {
      id: 'sub_life',
      status: 'trialing',
      priceId: 'price_yearly',
      interval: 'year' as const,
      currentPeriodEnd: periodEnd,
      trialEnd: periodEnd,
    };
    stripe.setSubscriptions(customerId, [sub]);
    expect(
      (await webhook('checkout.session.completed', { id: 'cs_x', object: 'checkout.session', customer: customerId }))
        .status,
    ).toBe(200);
    const premium = (await subscription(user)).body;
    expect(premium).toMatchObject({
      subscribed: true,
      subscriptionTier: 'premium',
      customerId,
      willExpire: false,
      status: 'trialing',
      billingType: 'yearly',
    });
    expect(premium.subscriptionEnd).toBe(new Date(periodEnd * 1000).toISOString());

    for (let i = 0; i < 6; i++)
      expect((await t.request('POST', '/api/recipes', { cookie: user.cookie, body: recipe })).status).toBe(201);

    stripe.setSubscriptions(customerId, [{ ...sub, status: 'active', cancelAtPeriodEnd: true }]);
    await webhook('customer.subscription.updated', { id: 'sub_life', object: 'subscription', customer: customerId });
    expect((await subscription(user)).body).toMatchObject({ subscribed: true, willExpire: true });

    stripe.setSubscriptions(customerId, [{ ...sub, status: 'canceled', cancelAtPeriodEnd: false }]);
    await webhook('customer.subscription.deleted', { id: 'sub_life', object: 'subscription', customer: customerId });
    expect((await subscription(user)).body).toMatchObject({
      subscribed: false,
      subscriptionTier: 'free',
      willExpire: false,
    });
    // Nothing the owner made is deleted, but no new recipe beyond the free limit.
    const me = (await t.request('GET', '/api/me', { cookie: user.cookie })).body;
    expect(me.usage.recipes).toBe(6);
    expect(me.limits.recipes).toBe(5);
    expect((await t.request('POST', '/api/recipes', { cookie: user.cookie, body: recipe })).status).toBe(403);
  });

  it('ignores a duplicated event and re-reads Stripe for events out of order', async () => {
    const user = await t.signUp();
    const { customerId } = await checkout(user, 'monthly');
    const end = Math.floor(Date.now() / 1000) + 30 * DAY;
    stripe.setSubscriptions(customerId, [
      { id: 'sub_dup', status: 'active', priceId: 'price_monthly', interval: 'month', currentPeriodEnd: end },
    ]);
    const first = await webhook(
      'customer.subscription.created',
      { id: 'sub_dup', object: 'subscription', customer: customerId, status: 'active' },
      { id: 'evt_dup' },
    );
    expect(first.body.duplicate).toBe(false);
    expect((await subscription(user)).body.subscribed).toBe(true);

    // Stripe now says canceled, but a replay of the old event must change nothing.
    stripe.setSubscriptions(customerId, [
      { id: 'sub_dup', status: 'canceled', priceId: 'price_monthly', interval: 'month', currentPeriodEnd: end },
    ]);
    const replay = await webhook(
      'customer.subscription.created',
      { id: 'sub_dup', object: 'subscription', customer: customerId, status: 'active' },
      { id: 'evt_dup' },
    );
    expect(replay.status).toBe(200);
    expect(replay.body.duplicate).toBe(true);
    expect((await subscription(user)).body.subscribed).toBe(true);

    // A late « created » event (claiming active) arriving after the cancellation: Stripe's truth wins.
    await webhook('customer.subscription.created', {
      id: 'sub_dup',
      object: 'subscription',
      customer: customerId,
      status: 'active',
    });
    expect((await subscription(user)).body).toMatchObject({
      subscribed: false,
      status: 'inactive',
      subscriptionTier: 'free',
    });
    const rows = await t.db
      .selectFrom('subscriptions')
      .select(['status', 'tier'])
      .where('organisation_id', '=', user.organisationId)
      .executeTakeFirstOrThrow();
    expect(rows).toEqual({ status: 'canceled', tier: 'free' });
  });

  it('reconciles with Stripe on ?refresh=1', async () => {
    const user = await t.signUp();
    const { customerId } = await checkout(user, 'monthly');
    stripe.setSubscriptions(customerId, [
      {
        id: 'sub_ref',
        status: 'active',
        priceId: 'price_monthly',
        interval: 'month',
        currentPeriodEnd: Date.now() / 1000 + 30 * DAY,
      },
    ]);
    expect((await subscription(user)).body.subscribed).toBe(false);
    const refreshed = await t.request('GET', '/api/billing/subscription?refresh=1', { cookie: user.cookie });
    expect(refreshed.body).toMatchObject({ subscribed: true, billingType: 'monthly', provider: 'stripe' });
  });

  it('one free trial per owner: after a subscription, a new checkout sends no trial days', async () => {
    const user = await t.signUp();
    const trialParam = () =>
      stripe.requests
        .filter((r) => r.path === '/v1/checkout/sessions')
        .at(-1)!
        .params.get('subscription_data[trial_period_days]');
    // Checkouts never completed keep the trial.
    const { customerId } = await checkout(user, 'monthly');
    expect(trialParam()).toBe('14');
    await checkout(user, 'monthly');
    expect(trialParam()).toBe('14');
    expect((await subscription(user)).body.trialAvailable).toBe(true);

    const periodEnd = Math.floor(Date.now() / 1000) + 14 * DAY;
    stripe.setSubscriptions(customerId, [
      {
        id: 'sub_trial_once',
        status: 'trialing',
        priceId: 'price_monthly',
        interval: 'month',
        currentPeriodEnd: periodEnd,
        trialEnd: periodEnd,
      },
    ]);
    await webhook('customer.subscription.created', {
      id: 'sub_trial_once',
      object: 'subscription',
      customer: customerId,
    });
    expect((await subscription(user)).body).toMatchObject({ subscribed: true, trialAvailable: false });

    stripe.setSubscriptions(customerId, [
      {
        id: 'sub_trial_once',
        status: 'canceled',
        priceId: 'price_monthly',
        interval: 'month',
        currentPeriodEnd: periodEnd,
        trialEnd: periodEnd,
      },
    ]);
    await webhook('customer.subscription.deleted', {
      id: 'sub_trial_once',
      object: 'subscription',
      customer: customerId,
    });
    expect((await subscription(user)).body).toMatchObject({ subscribed: false, trialAvailable: false });

    await checkout(user, 'yearly');
    const session = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(session.params.get('line_items[0][price]')).toBe('price_yearly');
    expect(trialParam()).toBeNull();
    expect([...session.params.keys()].filter((key) => key.includes('trial'))).toEqual([]);
  });
});
