import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/harness.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('public configuration and security headers', () => {
  it('loads no pixel and allows no third party without META_PIXEL_ID', async () => {
    t = await createTestApp();
    const res = await t.request('GET', '/api/config');
    expect(res.body).toEqual({
      appName: 'NutriCarte',
      appEnv: 'development',
      publicOrigin: 'http://localhost:3000',
      emailConfirmationRequired: false,
      metaPixelId: null,
      legal: {
        companyName: 'NutriCarte',
        legalForm: null,
        registration: null,
        address: null,
        contactEmail: 'contact@nutricarte.fr',
        publicationDirector: null,
        host: null,
      },
    });
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('facebook');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('exposes the pixel id and allows only Meta when META_PIXEL_ID is set', async () => {
    t = await createTestApp({ env: { META_PIXEL_ID: '123456789' } });
    const res = await t.request('GET', '/api/config');
    expect(res.body.metaPixelId).toBe('123456789');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self' https://connect.facebook.net");
    // The diner's pages load no tracker, and their policy says so even with a pixel id.
    for (const path of [
      '/menu/00000000-0000-4000-8000-000000000000',
      '/qr/00000000-0000-4000-8000-000000000000',
      '/api/public/menus/x',
    ]) {
      const diner = (await t.request('GET', path)).headers.get('content-security-policy')!;
      expect(diner, path).toContain("script-src 'self';");
      expect(diner, path).not.toContain('facebook');
    }
  });
});
