import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type SignedUpUser, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let owner: SignedUpUser;
let intruder: SignedUpUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  intruder = await t.signUp();
  await t.db
    .updateTable('subscriptions')
    .set({ tier: 'premium' })
    .where('organisation_id', '=', owner.organisationId)
    .execute();
});
afterAll(() => t.close());

const post = (user: SignedUpUser, path: string, body: unknown) =>
  t.request('POST', path, { cookie: user.cookie, body });

async function menuAndCode(name = 'Carte du midi') {
  const menu = (await post(owner, '/api/menus', { name })).body;
  const code = await post(owner, '/api/qr-codes', { name: `QR - ${name}`, menuId: menu.id });
  expect(code.status).toBe(201);
  return { menu, code: code.body };
}

const scanCount = async (id: string) =>
  (await t.db.selectFrom('qr_codes').select('scan_count').where('id', '=', id).executeTakeFirstOrThrow()).scan_count;
const scanRows = async (id: string) =>
  (await t.db.selectFrom('qr_scans').select('id').where('qr_code_id', '=', id).execute()).length;

describe('QR codes', () => {
  it('creates a code whose URL is {public origin}/qr/{id} and lists it with its menu', async () => {
    const { menu, code } = await menuAndCode();
    expect(code).toMatchObject({
      name: 'QR - Carte du midi',
      status: 'active',
      scanCount: 0,
      menu: { id: menu.id, name: 'Carte du midi' },
    });
    expect(code.qrData).toBe(`${TEST_ORIGIN}/qr/${code.id}`);
    const list = await t.request('GET', '/api/qr-codes', { cookie: owner.cookie });
    expect(list.body.qrCodes[0]).toEqual(code);
  });

  it('redirects a scan to the menu and counts it once, with a timestamped scan row', async () => {
    const { menu, code } = await menuAndCode();
    const res = await t.request('GET', `/qr/${code.id}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/menu/${menu.id}`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await scanCount(code.id)).toBe(1);
    const rows = await t.db.selectFrom('qr_scans').selectAll().where('qr_code_id', '=', code.id).execute();
    expect(rows).toHaveLength(1);
    expect(Date.now() - rows[0]!.scanned_at.getTime()).toBeLessThan(60_000);
    // Opening the menu page directly counts nothing.
    await t.request('GET', `/menu/${menu.id}`);
    expect(await scanCount(code.id)).toBe(1);
  });

  it('counts 200 concurrent scans exactly', async () => {
    const { code } = await menuAndCode();
    const results = await Promise.all(Array.from({ length: 200 }, () => t.request('GET', `/qr/${code.id}`)));
    expect(results.every((r) => r.status === 302)).toBe(true);
    expect(await scanCount(code.id)).toBe(200);
    expect(await scanRows(code.id)).toBe(200);
    const list = await t.request('GET', '/api/qr-codes', { cookie: owner.cookie });
    expect(list.body.qrCodes.find((q: { id: string }) => q.id === code.id).scanCount).toBe(200);
  });

  // An inactive code or menu: the calm page of src/server/features/public-menu/unavailable.int.test.ts.
  it('shows the error page with 404 for unknown ids, counting nothing', async () => {
    for (const path of ['/qr/00000000-0000-4000-8000-000000000000', '/qr/pas-un-uuid']) {
      const res = await t.request('GET', path);
      expect(res.status).toBe(404);
      expect(res.text).toContain('Code QR non trouvé ou inactif');
      expect(res.text).toContain('Veuillez vérifier que le code QR est valide et que le menu est disponible.');
    }
    const missing = await t.request('GET', '/qr/');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('ID du code QR manquant');
  });

  it("answers 404 for another owner's code on every route and changes nothing", async () => {
    const { code } = await menuAndCode();
    const before = await t.db.selectFrom('qr_codes').selectAll().where('id', '=', code.id).executeTakeFirstOrThrow();
    const patch = await t.request('PATCH', `/api/qr-codes/${code.id}`, {
      cookie: intruder.cookie,
      body: { status: 'inactive' },
    });
    const del = await t.request('DELETE', `/api/qr-codes/${code.id}`, { cookie: intruder.cookie });
    expect([patch.status, del.status]).toEqual([404, 404]);
    expect((await t.request('GET', '/api/qr-codes', { cookie: intruder.cookie })).body.qrCodes).toEqual([]);
    // A code cannot point at someone else's menu either.
    const foreign = await post(intruder, '/api/qr-codes', { name: 'Vol', menuId: code.menu.id });
    expect(foreign.status).toBe(422);
    expect(foreign.body.error.message).toBe('Veuillez sélectionner un menu');
    expect(await t.db.selectFrom('qr_codes').selectAll().where('id', '=', code.id).executeTakeFirstOrThrow()).toEqual(
      before,
    );
  });

  it('validates in French and keeps a free owner at exactly 1 code under parallel creations', async () => {
    const user = await t.signUp();
    const menu = (await post(user, '/api/menus', { name: 'Menu' })).body;
    const blank = await post(user, '/api/qr-codes', { name: '  ', menuId: menu.id });
    expect(blank.status).toBe(422);
    expect(blank.body.error.fields.name).toBe('Veuillez donner un nom à votre code QR');
    const noMenu = await post(user, '/api/qr-codes', { name: 'QR' });
    expect(noMenu.body.error.fields.menuId).toBe('Veuillez sélectionner un menu');
    const badStatus = await t.request('PATCH', `/api/qr-codes/${menu.id}`, {
      cookie: user.cookie,
      body: { status: 'on' },
    });
    expect(badStatus.status).toBe(422);

    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post(user, '/api/qr-codes', { name: `QR ${i}`, menuId: menu.id })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = results.find((r) => r.status === 403)!;
    expect(refused.body.error.code).toBe('plan_limit');
    expect(refused.body.error.message).toContain('Limite de codes QR atteinte');
    expect((await t.request('GET', '/api/me', { cookie: user.cookie })).body.usage.qrCodes).toBe(1);
  });

  it('deletes a code with its scans', async () => {
    const { code } = await menuAndCode();
    await t.request('GET', `/qr/${code.id}`);
    expect((await t.request('DELETE', `/api/qr-codes/${code.id}`, { cookie: owner.cookie })).status).toBe(204);
    expect(await scanRows(code.id)).toBe(0);
    expect((await t.request('GET', `/qr/${code.id}`)).status).toBe(404);
  });
});
