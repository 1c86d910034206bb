import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/harness.ts';

/**
 * A diner who opens a menu, or scans a code, that its owner switched off gets a calm
 * page naming the restaurant (« Ce menu n'est pas disponible pour le moment »), status 404 as
 * docs/product/api.md says of an inactive menu; never the red « Erreur » of an unknown code.
 */
let t: TestApp;
let owner: SignedUpUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp(undefined, undefined, 'Le Bistrot <du> Port');
});
afterAll(() => t.close());

const call = async (method: string, path: string, body?: unknown) => {
  const res = await t.request(method, path, { cookie: owner.cookie, ...(body !== undefined ? { body } : {}) });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
  return res.body;
};

function expectCalmPage(res: { status: number; text: string; headers: Headers }) {
  expect(res.status).toBe(404);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  expect(res.text).toContain('<p class="resto">Le Bistrot &lt;du&gt; Port</p>');
  expect(res.text).toContain('<h1>Ce menu n’est pas disponible pour le moment</h1>');
  expect(res.text).toContain('<meta name="robots" content="noindex">');
  expect(res.text).not.toContain('Erreur');
  expect(res.text).not.toContain('Menu non trouvé');
  expect(res.text).not.toContain('role="alert"');
  expect(res.text).not.toMatch(/<script/i);
}

const scanCount = async (id: string) =>
  (await t.db.selectFrom('qr_codes').select('scan_count').where('id', '=', id).executeTakeFirstOrThrow()).scan_count;

describe('a menu switched off by its owner', () => {
  it('/menu/:id of an inactive menu: the calm page with the restaurant name; the JSON stays a 404; back at once when reactivated', async () => {
    const menu = await call('POST', '/api/menus', { name: 'Carte secrète' });
    await call('PATCH', `/api/menus/${menu.id}`, { isActive: false });
    const res = await t.request('GET', `/menu/${menu.id}`);
    expectCalmPage(res);
    expect(res.text).not.toContain('Carte secrète');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const json = await t.request('GET', `/api/public/menus/${menu.id}`);
    expect(json.status).toBe(404);
    expect(json.body).toEqual({ error: { code: 'not_found', message: 'Menu non trouvé ou inactif' } });

    await call('PATCH', `/api/menus/${menu.id}`, { isActive: true });
    const back = await t.request('GET', `/menu/${menu.id}`);
    expect(back.status).toBe(200);
    expect(back.text).toContain('Carte secrète');
  });

  it('/qr/:id of an inactive code, or of an active code of an inactive menu: the calm page, no scan counted', async () => {
    await t.db
      .updateTable('subscriptions')
      .set({ tier: 'premium', status: 'active' })
      .where('organisation_id', '=', owner.organisationId)
      .execute();
    const menu = await call('POST', '/api/menus', { name: 'Carte du soir' });
    const code = await call('POST', '/api/qr-codes', { name: 'Table 4', menuId: menu.id });

    await call('PATCH', `/api/qr-codes/${code.id}`, { status: 'inactive' });
    const pausedCode = await t.request('GET', `/qr/${code.id}`);
    expectCalmPage(pausedCode);
    expect(pausedCode.headers.get('cache-control')).toBe('no-store');

    await call('PATCH', `/api/qr-codes/${code.id}`, { status: 'active' });
    await call('PATCH', `/api/menus/${menu.id}`, { isActive: false });
    expectCalmPage(await t.request('GET', `/qr/${code.id}`));
    expect(await scanCount(code.id)).toBe(0);

    await call('PATCH', `/api/menus/${menu.id}`, { isActive: true });
    expect((await t.request('GET', `/qr/${code.id}`)).status).toBe(302);
    expect(await scanCount(code.id)).toBe(1);
  });

  it('unknown ids keep « Menu non trouvé » and the QR error page', async () => {
    const unknown = '6f1c2f0e-8b7a-4c1e-9d2a-3b4c5d6e7f80';
    const menuPage = await t.request('GET', `/menu/${unknown}`);
    expect(menuPage.status).toBe(404);
    expect(menuPage.text).toContain('<h1>Menu non trouvé</h1>');
    const qrPage = await t.request('GET', `/qr/${unknown}`);
    expect(qrPage.status).toBe(404);
    expect(qrPage.text).toContain('Code QR non trouvé ou inactif');
  });
});
