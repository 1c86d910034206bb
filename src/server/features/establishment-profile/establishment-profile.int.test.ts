import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { establishmentMessages as m } from '../../../shared/api/account.ts';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PATH = '/api/account/profile';
const EMPTY = { address: null, postalCode: null, city: null, phone: null };

const contactSyncs = async (user: SignedUpUser) =>
  (
    await t.db
      .selectFrom('event_outbox')
      .select('payload')
      .where('user_id', '=', user.user.id)
      .where('name', '=', 'sync_contact')
      .orderBy('id')
      .execute()
  ).map((row) => (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as { restaurantName: string });

describe('GET /api/account/profile', () => {
  it('answers the name given at sign-up and no address, to the signed-in owner only', async () => {
    const owner = await t.signUp(undefined, undefined, 'Le Bistrot du Port');
    const res = await t.request('GET', PATH, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({ restaurantName: 'Le Bistrot du Port', ...EMPTY });
    const anonymous = await t.request('GET', PATH);
    expect([anonymous.status, anonymous.body.error.code]).toEqual([401, 'unauthenticated']);
  });
});

describe('PUT /api/account/profile', () => {
  it('stores the establishment normalized, and /api/me and the public menu show it', async () => {
    const owner = await t.signUp(undefined, undefined, 'Mon Restaurant');
    const res = await t.request('PUT', PATH, {
      cookie: owner.cookie,
      body: { restaurantName: '  Chez Lucie ', address: ' 12 rue des Halles ', postalCode: '75 001', city: 'Paris', phone: '+33 (0)1.23.45.67.89' },
    });
    expect(res.status).toBe(200);
    const stored = { restaurantName: 'Chez Lucie', address: '12 rue des Halles', postalCode: '75001', city: 'Paris', phone: '01 23 45 67 89' };
    expect(res.body).toEqual(stored);
    expect((await t.request('GET', PATH, { cookie: owner.cookie })).body).toEqual(stored);
    expect((await t.request('GET', '/api/me', { cookie: owner.cookie })).body.profile).toEqual(stored);

    const menu = (await t.request('POST', '/api/menus', { cookie: owner.cookie, body: { name: 'Carte du midi' } })).body;
    const json = await t.request('GET', `/api/public/menus/${menu.id}`);
    expect(json.body).toMatchObject({ restaurantName: 'Chez Lucie', restaurantAddress: '12 rue des Halles, 75001 Paris', restaurantPhone: '01 23 45 67 89' });
    const page = await t.request('GET', `/menu/${menu.id}`);
    expect(page.text).toContain('<p class="resto">Chez Lucie</p>');
    expect(page.text).toContain('<p class="addr"><span>12 rue des Halles, 75001 Paris</span> · <a class="tel" href="tel:0123456789">01 23 45 67 89</a></p>');

    // Lines left empty are removed (null), and the page drops them.
    const cleared = await t.request('PUT', PATH, { cookie: owner.cookie, body: { restaurantName: 'Chez Lucie', address: '', postalCode: '', city: ' ', phone: null } });
    expect(cleared.body).toEqual({ restaurantName: 'Chez Lucie', ...EMPTY });
    expect((await t.request('GET', `/menu/${menu.id}`)).text).not.toContain('class="addr"');
  });

  it.each([
    ['no name', { restaurantName: '   ' }, 'restaurantName', m.nameRequired],
    ['a name over 120 characters', { restaurantName: 'x'.repeat(121) }, 'restaurantName', m.nameTooLong],
    ['an address over 200 characters', { restaurantName: 'Chez Lucie', address: 'r'.repeat(201) }, 'address', m.addressTooLong],
    ['a postal code of 4 digits', { restaurantName: 'Chez Lucie', postalCode: '7500' }, 'postalCode', m.postalCodeInvalid],
    ['a postal code with letters', { restaurantName: 'Chez Lucie', postalCode: '75OO1' }, 'postalCode', m.postalCodeInvalid],
    ['a city over 100 characters', { restaurantName: 'Chez Lucie', city: 'v'.repeat(101) }, 'city', m.cityTooLong],
    ['a phone of 9 digits', { restaurantName: 'Chez Lucie', phone: '01 23 45 67 8' }, 'phone', m.phoneInvalid],
    ['a foreign phone', { restaurantName: 'Chez Lucie', phone: '+44 20 7946 0958' }, 'phone', m.phoneInvalid],
    ['a phone as a number', { restaurantName: 'Chez Lucie', phone: 123456789 }, 'phone', m.phoneInvalid],
  ])('refuses %s with a French message on the field (422) and stores nothing', async (_label, body, field, message) => {
    const owner = await t.signUp(undefined, undefined, 'Le Relais');
    const res = await t.request('PUT', PATH, { cookie: owner.cookie, body });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('validation');
    expect(res.body.error.fields[field]).toBe(message);
    expect((await t.request('GET', PATH, { cookie: owner.cookie })).body).toEqual({ restaurantName: 'Le Relais', ...EMPTY });
  });

  it('syncs the CRM contact in the same transaction when the name changes, and only then', async () => {
    const owner = await t.signUp(undefined, undefined, 'Le Relais');
    expect((await contactSyncs(owner)).map((p) => p.restaurantName)).toEqual(['Le Relais']);
    await t.request('PUT', PATH, { cookie: owner.cookie, body: { restaurantName: 'Le Relais', city: 'Lyon' } });
    expect(await contactSyncs(owner)).toHaveLength(1);
    await t.request('PUT', PATH, { cookie: owner.cookie, body: { restaurantName: 'Le Relais des Halles', city: 'Lyon' } });
    expect((await contactSyncs(owner)).map((p) => p.restaurantName)).toEqual(['Le Relais', 'Le Relais des Halles']);
  });

  it('changes only the caller’s establishment', async () => {
    const owner = await t.signUp(undefined, undefined, 'Le Relais');
    const other = await t.signUp(undefined, undefined, 'La Cantine');
    await t.request('PUT', PATH, { cookie: other.cookie, body: { restaurantName: 'La Cantine', city: 'Nantes' } });
    expect((await t.request('GET', PATH, { cookie: owner.cookie })).body).toEqual({ restaurantName: 'Le Relais', ...EMPTY });
  });

  it('is in the RGPD export', async () => {
    const owner = await t.signUp();
    await t.request('PUT', PATH, { cookie: owner.cookie, body: { restaurantName: 'Chez Lucie', postalCode: '69001', city: 'Lyon', phone: '04 72 00 00 00' } });
    const data = (await t.request('GET', '/api/account/export', { cookie: owner.cookie })).body;
    expect(data.profile).toMatchObject({ restaurantName: 'Chez Lucie', address: null, postalCode: '69001', city: 'Lyon', phone: '04 72 00 00 00' });
  });

  it('the database refuses what the API refuses (CHECK constraints of migration 0007)', async () => {
    const owner = await t.signUp();
    for (const values of [{ phone: '0123456789' }, { postal_code: '7500' }, { address: '  ' }, { city: '' }]) {
      await expect(t.db.updateTable('profiles').set(values).where('id', '=', owner.user.id).execute()).rejects.toMatchObject({ code: '23514' });
    }
  });
});
