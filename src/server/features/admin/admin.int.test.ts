import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: 'patron@nutricarte.fr' } });
  admin = await t.signUp('patron@nutricarte.fr');
});
afterAll(() => t.close());

describe('admin API', () => {
  it('is for the admin role only', async () => {
    const user = await t.signUp();
    for (const path of ['/api/admin/environment', '/api/admin/outbox']) {
      const denied = await t.request('GET', path, { cookie: user.cookie });
      expect(denied.status).toBe(403);
      expect(denied.body.error.code).toBe('forbidden');
      expect((await t.request('GET', path)).status).toBe(401);
      expect((await t.request('GET', path, { cookie: admin.cookie })).status).toBe(200);
    }
    expect((await t.request('POST', '/api/admin/outbox/retry', { cookie: user.cookie, body: {} })).status).toBe(403);
  });

  it('shows the environment and the outbox counts, errors and a retry', async () => {
    await t.signUp();
    const { cookie } = admin;
    const environment = (await t.request('GET', '/api/admin/environment', { cookie })).body;
    expect(environment).toMatchObject({
      appEnv: 'development',
      appName: 'NutriCarte',
      backendUrl: 'http://localhost:3000',
      payments: 'demo',
      crm: 'log',
      email: 'log',
      metaPixel: false,
    });

    await t.db
      .updateTable('event_outbox')
      .set({ status: 'failed', last_error: 'Brevo answered 500' })
      .where('name', '=', 'sync_contact')
      .execute();
    const outbox = (await t.request('GET', '/api/admin/outbox', { cookie })).body;
    expect(outbox.failed).toBeGreaterThanOrEqual(2);
    expect(outbox.lastErrors[0]).toMatchObject({ name: 'sync_contact', status: 'failed', error: 'Brevo answered 500' });
    const retry = await t.request('POST', '/api/admin/outbox/retry', { cookie, body: {} });
    expect(retry.body.retried).toBe(outbox.failed);
    expect((await t.request('GET', '/api/admin/outbox', { cookie })).body.failed).toBe(0);
  });
});
