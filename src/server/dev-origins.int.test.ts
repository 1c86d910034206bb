import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../shared/messages.ts';
import { createTestApp, SESSION_COOKIE, TEST_PASSWORD, uniqueEmail, type TestApp } from './test/harness.ts';

/**
 * In development the app opened at 127.0.0.1, [::1] or the machine's LAN address
 * works like at localhost (src/server/lib/dev-origins.ts); production accepts PUBLIC_ORIGIN only.
 */
const PORT = '3456';
let dev: TestApp;
let production: TestApp;

beforeAll(async () => {
  dev = await createTestApp({ env: { PORT, PUBLIC_ORIGIN: `http://localhost:${PORT}` } });
  production = await createTestApp({ env: { PORT, PUBLIC_ORIGIN: `http://localhost:${PORT}`, APP_ENV: 'production' } });
});
afterAll(async () => {
  await dev?.close();
  await production?.close();
});

const signUp = (app: TestApp, origin: string) =>
  app.request('POST', '/api/auth/sign-up/email', {
    body: { email: uniqueEmail('origine'), password: TEST_PASSWORD },
    origin,
  });

describe('development origins', () => {
  it('development: sign-up, a change and sign-out from http://127.0.0.1:PORT and http://[::1]:PORT work', async () => {
    expect(dev.deps.config.appEnv).toBe('development');
    for (const origin of [`http://127.0.0.1:${PORT}`, `http://[::1]:${PORT}`, ...dev.deps.config.lanUrls]) {
      const up = await signUp(dev, origin);
      expect({ origin, status: up.status }).toEqual({ origin, status: 200 });
      expect(up.cookie).toContain(`${SESSION_COOKIE}=`);
      const menu = await dev.request('POST', '/api/menus', { cookie: up.cookie, body: { name: 'Carte' }, origin });
      expect(menu.status).toBe(201);
      // better-auth checks the Origin of a request with cookies against its trusted origins.
      const out = await dev.request('POST', '/api/auth/sign-out', { cookie: up.cookie, body: {}, origin });
      expect(out.status).toBe(200);
      expect((await dev.request('GET', '/api/me', { cookie: up.cookie })).status).toBe(401);
    }
  });

  it('better-auth trusts the same origins (its own check runs outside tests, where it is switched off)', async () => {
    const devAuth = await dev.deps.auth.$context;
    const productionAuth = await production.deps.auth.$context;
    for (const origin of [`http://127.0.0.1:${PORT}`, `http://[::1]:${PORT}`]) {
      expect(devAuth.isTrustedOrigin(origin)).toBe(true);
      expect(productionAuth.isTrustedOrigin(origin)).toBe(false);
    }
    expect(devAuth.isTrustedOrigin('http://evil.example')).toBe(false);
  });

  it('development still refuses other ports and other sites', async () => {
    for (const origin of [
      `http://127.0.0.1:${Number(PORT) + 1}`,
      `https://127.0.0.1:${PORT}`,
      'http://evil.example',
      `http://localhost:${PORT}.evil.example`,
    ]) {
      const res = await signUp(dev, origin);
      expect({ origin, status: res.status, body: res.body }).toEqual({
        origin,
        status: 403,
        body: { error: { code: 'forbidden', message: messages.generic.badOrigin } },
      });
    }
  });

  it('production: only PUBLIC_ORIGIN, so http://127.0.0.1:PORT is refused and creates nothing', async () => {
    const res = await signUp(production, `http://127.0.0.1:${PORT}`);
    expect({ status: res.status, body: res.body }).toEqual({
      status: 403,
      body: { error: { code: 'forbidden', message: messages.generic.badOrigin } },
    });
    expect(res.cookie).toBeUndefined();
    expect((await signUp(production, `http://localhost:${PORT}`)).status).toBe(200);
  });
});
