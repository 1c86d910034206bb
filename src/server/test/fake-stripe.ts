import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeSubscription {
  id: string;
  status: string;
  priceId: string;
  interval: 'month' | 'year';
  currentPeriodEnd: number;
  trialEnd?: number | null;
  cancelAtPeriodEnd?: boolean;
  cancelAt?: number | null;
}

export interface RecordedRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  idempotencyKey: string | undefined;
}

/** A local stand-in for the few Stripe endpoints NutriCarte calls (STRIPE_API_URL points at it). */
export async function startFakeStripe() {
  const requests: RecordedRequest[] = [];
  const subscriptions = new Map<string, FakeSubscription[]>();
  const customersByKey = new Map<string, string>();
  let counter = 0;
  let failing = false;

  const subscriptionObject = (customer: string, s: FakeSubscription) => ({
    id: s.id,
    object: 'subscription',
    customer,
    status: s.status,
    cancel_at_period_end: s.cancelAtPeriodEnd ?? false,
    cancel_at: s.cancelAt ?? null,
    trial_end: s.trialEnd ?? null,
    items: {
      object: 'list',
      data: [
        {
          id: `si_${s.id}`,
          object: 'subscription_item',
          current_period_end: s.currentPeriodEnd,
          price: { id: s.priceId, object: 'price', recurring: { interval: s.interval } },
        },
      ],
    },
  });

  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const params = req.method === 'GET' ? url.searchParams : new URLSearchParams(body);
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method: req.method ?? '', path: url.pathname, params, idempotencyKey });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++counter}` });
        res.end(JSON.stringify(json));
      };
      if (req.method === 'POST' && url.pathname === '/v1/customers') {
        const key = idempotencyKey ?? `anon-${++counter}`;
        const id = customersByKey.get(key) ?? `cus_${++counter}`;
        customersByKey.set(key, id);
        return send(200, { id, object: 'customer', email: params.get('email') });
      }
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const id = `cs_test_${++counter}`;
        return send(200, {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/${id}`,
          customer: params.get('customer'),
        });
      }
      if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
        return send(200, {
          id: `bps_${++counter}`,
          object: 'billing_portal.session',
          url: `https://billing.stripe.test/p/${params.get('customer')}`,
        });
      }
      if (req.method === 'GET' && url.pathname === '/v1/subscriptions') {
        const customer = url.searchParams.get('customer') ?? '';
        const data = (subscriptions.get(customer) ?? []).map((s) => subscriptionObject(customer, s));
        return send(200, { object: 'list', data, has_more: false, url: '/v1/subscriptions' });
      }
      const customer = /^\/v1\/customers\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'DELETE' && customer) {
        if (failing) return send(500, { error: { type: 'api_error', message: 'Fake outage' } });
        // As Stripe does: a deleted customer's subscriptions are cancelled at once.
        for (const s of subscriptions.get(customer[1]!) ?? []) s.status = 'canceled';
        return send(200, { id: customer[1], object: 'customer', deleted: true });
      }
      send(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Sets what Stripe answers for a customer's subscriptions (newest first). */
    setSubscriptions: (customer: string, list: FakeSubscription[]) => subscriptions.set(customer, list),
    subscriptionsOf: (customer: string) => subscriptions.get(customer) ?? [],
    /** Makes customer deletion fail with a 500 (Stripe down). */
    setFailing: (value: boolean) => (failing = value),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
