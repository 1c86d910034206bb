import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { createApp } from './app.ts';
import type { AppEnv } from './context.ts';
import { createMetrics } from './metrics.ts';
import { createTestApp, TEST_ORIGIN, type SignedUpUser, type TestApp } from './test/harness.ts';

/** GET /metrics (docs/operations.md « Metrics »): Prometheus's text format, behind a token. */
const TOKEN = 'metrics-token-0123456789';
let t: TestApp;
let owner: SignedUpUser;
let app: Hono<AppEnv>;

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  owner = await t.signUp();
  const metrics = createMetrics({
    db: t.db,
    pool: t.database.pool,
    diner: t.deps.diner,
    menuChanges: t.deps.menuChanges,
  });
  app = createApp(t.deps, { metrics });
});
afterAll(() => t.close());

const call = (path: string, init: RequestInit = {}) =>
  app.request(path, { ...init, headers: { cookie: owner.cookie, origin: TEST_ORIGIN, ...init.headers } });
const scrape = async () => {
  const res = await app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
};
/** The value of one series, by its name and exact labels as Prometheus prints them. */
const value = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('GET /metrics', () => {
  it('answers 404 without the token or with another one', async () => {
    expect((await app.request('/metrics')).status).toBe(404);
    expect((await app.request('/metrics', { headers: { authorization: 'Bearer nope' } })).status).toBe(404);
    expect((await app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(404);
  });

  it('counts requests by route pattern and status, with a latency histogram', async () => {
    const created = await call('/api/recipes', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Soupe',
        servings: 2,
        ingredients: [{ code: '4003', quantity: 100, unit: 'g' }],
        allergens: [],
        dietaryInfo: [],
      }),
    });
    const id = ((await created.json()) as { id: string }).id;
    await call(`/api/recipes/${id}`);
    await call(`/api/recipes/${id}`);
    await call('/api/recipes/00000000-0000-4000-8000-000000000000');
    const text = await scrape();
    expect(value(text, 'http_requests_total{route="/api/recipes/:id",method="GET",status="200"}')).toBe(2);
    expect(value(text, 'http_requests_total{route="/api/recipes/:id",method="GET",status="404"}')).toBe(1);
    expect(value(text, 'http_requests_total{route="/api/recipes",method="POST",status="201"}')).toBe(1);
    expect(value(text, 'http_request_duration_seconds_count{route="/api/recipes/:id",method="GET",status="200"}')).toBe(
      2,
    );
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0\.005",route="\/api\/recipes\/:id"/);
    expect(text).not.toContain(id); // one series per route, never per row
  });

  it('shows the pool, the outbox backlog and its age, scans waiting, live streams and cache hits', async () => {
    await t.db
      .insertInto('event_outbox')
      .values({ kind: 'event', name: 'page_viewed', payload: '{}', created_at: new Date(Date.now() - 90_000) })
      .execute();
    const menu = (await (
      await call('/api/menus', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Carte' }),
      })
    ).json()) as { id: string };
    await app.request(`/menu/${menu.id}`);
    await app.request(`/menu/${menu.id}`);
    const text = await scrape();
    expect(value(text, 'outbox_pending{kind="event"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'outbox_pending{kind="webhook"}')).toBe(0);
    expect(value(text, 'outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(89);
    expect(value(text, 'db_pool_connections{state="waiting"}')).toBe(0);
    expect(value(text, 'db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'scan_buffer_pending')).toBe(0);
    expect(value(text, 'sse_streams_open')).toBe(0);
    expect(value(text, 'cache_requests_total{cache="pages",result="hit"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'cache_requests_total{cache="pages",result="miss"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'cache_entries{cache="pages"}')).toBeGreaterThanOrEqual(1);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });
});
