import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { createTestApp, TEST_ORIGIN, uniqueEmail, type TestApp } from '../test/harness.ts';

/** TRUST_PROXY decides which address the sign-in rate limit counts (3 attempts here). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '3' } });
});
afterAll(() => t.close());

async function attempts(trustProxy: boolean, forwardedFor: (i: number) => string): Promise<number[]> {
  const app = createApp(t.deps, { trustProxy });
  const email = uniqueEmail('proxy');
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) {
    const res = await app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': forwardedFor(i) },
      body: JSON.stringify({ email, password: 'mauvais-mot-de-passe' }),
    });
    statuses.push(res.status);
  }
  return statuses;
}

describe('client address behind a proxy', () => {
  it('with TRUST_PROXY, counts each client as the proxy saw it (the last X-Forwarded-For entry)', async () => {
    expect(await attempts(true, (i) => `203.0.113.${i + 1}`)).toEqual([401, 401, 401, 401, 401]);
    // What a client writes before the proxy's entry is forged: it changes nothing.
    expect(await attempts(true, (i) => `10.9.8.${i + 1}, 198.51.100.7`)).toEqual([401, 401, 401, 429, 429]);
  });

  it('without it, ignores a forged X-Forwarded-For', async () => {
    expect(await attempts(false, (i) => `192.0.2.${i + 1}`)).toEqual([401, 401, 401, 429, 429]);
  });
});
