import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, PUBLIC_RATE } from '../../app.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/** The diner's routes that reach the database are limited per client (src/server/app.ts PUBLIC_RATE). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('per-client limit on the diner’s routes', () => {
  it('answers 429 with Retry-After and a French message past the burst, and other routes are not affected', async () => {
    // The limit's clock is held: the burst is spent however slowly the machine answers.
    let now = 1_000_000;
    const app = createApp(t.deps, { publicRateNow: () => now });
    // Unknown pages cost a query each (never kept): the case a flood would use.
    const unknown = '/menu/00000000-0000-4000-8000-000000000000';
    for (let i = 0; i < PUBLIC_RATE.burst; i++) expect((await app.request(unknown)).status).toBe(404);
    const refused = await app.request(unknown);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await refused.json()).error).toEqual({ code: 'rate_limited', message: 'Trop de demandes. Veuillez réessayer dans un instant.' });
    expect((await app.request('/qr/00000000-0000-4000-8000-000000000000')).status).toBe(429);
    // The owners' API is not a diner's route.
    expect((await app.request('/api/config')).status).toBe(200);
    // A second later, one more page.
    now += 1_000;
    expect((await app.request(unknown)).status).toBe(404);
  });
});
