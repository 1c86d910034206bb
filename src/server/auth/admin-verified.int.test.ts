import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, cookieHeader, type TestApp } from '../test/harness.ts';

/**
 * The admin role needs a confirmed address (src/server/auth/require-user.ts roleOf): a
 * production server without SMTP (started with ALLOW_NO_SMTP) confirms none, so an owner who
 * takes an address of ADMIN_EMAILS is not an admin until that address is verified.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { APP_ENV: 'production', ALLOW_NO_SMTP: 'true', ADMIN_EMAILS: 'patron@nutricarte.fr' },
  });
});
afterAll(() => t.close());

describe('admin role', () => {
  it('an owner who changes their address to an admin’s is not an admin; once the address is verified, they are', async () => {
    const owner = await t.signUp('cuisinier@example.fr');
    const changed = await t.request('POST', '/api/auth/change-email', {
      cookie: owner.cookie,
      body: { newEmail: 'patron@nutricarte.fr' },
    });
    expect(changed.status).toBe(200);
    const signIn = async () => {
      const res = await t.request('POST', '/api/auth/sign-in/email', {
        body: { email: 'patron@nutricarte.fr', password: TEST_PASSWORD },
      });
      expect(res.status).toBe(200);
      return cookieHeader(res.setCookie);
    };
    const cookie = await signIn();
    expect((await t.request('GET', '/api/me', { cookie })).body.user).toMatchObject({
      email: 'patron@nutricarte.fr',
      role: 'user',
    });
    expect((await t.request('GET', '/api/admin/environment', { cookie })).status).toBe(403);

    await t.db.updateTable('users').set({ email_verified: true }).where('id', '=', owner.user.id).execute();
    const verified = await signIn();
    expect((await t.request('GET', '/api/me', { cookie: verified })).body.user.role).toBe('admin');
    expect((await t.request('GET', '/api/admin/environment', { cookie: verified })).status).toBe(200);
  });
});
