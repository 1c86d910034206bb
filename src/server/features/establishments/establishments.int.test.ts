import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuMessages } from '../../../shared/api/menus.ts';
import { ACCESSIBILITY_CONTACT_INVALID, organisationMessages as m } from '../../../shared/api/organisations.ts';
import { createTestApp, type SignedUpUser, type TestApp } from '../../test/harness.ts';
import { addMember, makePremium } from '../../test/teams.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PATH = '/api/establishments';
const as = (user: SignedUpUser) => ({
  get: (path: string) => t.request('GET', path, { cookie: user.cookie }),
  post: (path: string, body: unknown) => t.request('POST', path, { cookie: user.cookie, body }),
  put: (path: string, body: unknown) => t.request('PUT', path, { cookie: user.cookie, body }),
  del: (path: string) => t.request('DELETE', path, { cookie: user.cookie }),
});
const week = { lundi: 0, mardi: 0, mercredi: 0, jeudi: 0, vendredi: 0, samedi: 0, dimanche: 0 };
/** A new establishment's canteen profile (docs/product/meal-plans.md « The establishment and its calendar »). */
const NO_PROFILE = {
  kind: null,
  siret: null,
  schoolZone: null,
  coversPerDay: week,
  coversPerService: { diner: week, gouter: week },
  ageMix: { maternelle: 0, elementaire: 0, adolescent: 0, adulte: 0 },
  // Not said: the kind's mix (all adults for an establishment of no kind).
  ageMixInUse: { maternelle: 0, elementaire: 0, adolescent: 0, adulte: 100 },
  wednesdaysClosed: false,
  needsValidation: false,
};
const firstEstablishment = async (user: SignedUpUser) => (await as(user).get(PATH)).body.establishments[0];
const stored = (organisationId: string) =>
  t.db
    .selectFrom('establishments')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .orderBy('created_at')
    .execute();

describe('establishments', () => {
  it('the profile of sign-up is the first establishment; an owner edits it, normalized, and the public menu shows it', async () => {
    const owner = await t.signUp(undefined, undefined, 'Le Bistrot du Port');
    const list = await as(owner).get(PATH);
    expect(list.status).toBe(200);
    expect(list.body.establishments).toEqual([
      {
        id: expect.any(String),
        version: 1,
        name: 'Le Bistrot du Port',
        address: null,
        postalCode: null,
        city: null,
        phone: null,
        legalName: null,
        publicationDirector: null,
        accessibilityContact: null,
        createdAt: expect.any(String),
        ...NO_PROFILE,
      },
    ]);
    const id = list.body.establishments[0].id;

    const res = await as(owner).put(`${PATH}/${id}`, {
      name: '  Chez Lucie ',
      address: ' 12 rue des Halles ',
      postalCode: '75 001',
      city: 'Paris',
      phone: '+33 (0)1.23.45.67.89',
    });
    expect(res.status).toBe(200);
    const edited = {
      id,
      version: 2,
      name: 'Chez Lucie',
      address: '12 rue des Halles',
      postalCode: '75001',
      city: 'Paris',
      phone: '01 23 45 67 89',
      legalName: null,
      publicationDirector: null,
      accessibilityContact: null,
      createdAt: list.body.establishments[0].createdAt,
      ...NO_PROFILE,
    };
    expect(res.body).toEqual(edited);
    expect((await as(owner).get(PATH)).body.establishments).toEqual([edited]);
    // /api/me: the organisation's name, the first establishment's address.
    expect((await as(owner).get('/api/me')).body.profile).toEqual({
      restaurantName: 'Le Bistrot du Port',
      address: '12 rue des Halles',
      postalCode: '75001',
      city: 'Paris',
      phone: '01 23 45 67 89',
    });

    const menu = (await as(owner).post('/api/menus', { name: 'Carte du midi' })).body;
    expect(menu.establishmentId).toBe(id);
    expect((await t.request('GET', `/api/public/menus/${menu.id}`)).body).toMatchObject({
      restaurantName: 'Chez Lucie',
      restaurantAddress: '12 rue des Halles, 75001 Paris',
      restaurantPhone: '01 23 45 67 89',
    });
    const page = await t.request('GET', `/menu/${menu.id}`);
    expect(page.text).toContain('<p class="resto">Chez Lucie</p>');
    expect(page.text).toContain(
      '<p class="addr"><span>12 rue des Halles, 75001 Paris</span> · <a class="tel" href="tel:0123456789">01 23 45 67 89</a></p>',
    );

    // Lines left empty are removed.
    const cleared = await as(owner).put(`${PATH}/${id}`, {
      name: 'Chez Lucie',
      address: '',
      postalCode: '',
      city: ' ',
      phone: null,
    });
    expect(cleared.body).toMatchObject({ address: null, postalCode: null, city: null, phone: null });
    expect((await t.request('GET', `/menu/${menu.id}`)).text).not.toContain('class="addr"');
    expect(
      await t.db
        .selectFrom('audit_events')
        .select(['action', 'entity_type', 'details'])
        .where('organisation_id', '=', owner.organisationId)
        .where('entity_type', '=', 'establishment')
        .orderBy('id')
        .execute(),
    ).toEqual([
      { action: 'updated', entity_type: 'establishment', details: { previousName: 'Le Bistrot du Port' } },
      { action: 'updated', entity_type: 'establishment', details: {} },
    ]);
  });

  it.each([
    ['no name', { name: '  ' }, 'name', m.establishmentNameRequired],
    ['a name over 200 characters', { name: 'x'.repeat(201) }, 'name', m.nameTooLong],
    ['an address over 300 characters', { name: 'Site', address: 'r'.repeat(301) }, 'address', m.addressTooLong],
    ['a postal code of 4 digits', { name: 'Site', postalCode: '7500' }, 'postalCode', m.postalCodeInvalid],
    ['a city over 120 characters', { name: 'Site', city: 'v'.repeat(121) }, 'city', m.cityTooLong],
    ['a foreign phone', { name: 'Site', phone: '+44 20 7946 0958' }, 'phone', m.phoneInvalid],
    ['a phone as a number', { name: 'Site', phone: 123456789 }, 'phone', m.phoneInvalid],
    [
      'a script address',
      { name: 'Site', accessibilityContact: 'javascript:alert(1)' },
      'accessibilityContact',
      ACCESSIBILITY_CONTACT_INVALID,
    ],
    [
      'a plain http address',
      { name: 'Site', accessibilityContact: 'http://mairie.fr/accessibilite' },
      'accessibilityContact',
      ACCESSIBILITY_CONTACT_INVALID,
    ],
    [
      'a word',
      { name: 'Site', accessibilityContact: 'accessibilité' },
      'accessibilityContact',
      ACCESSIBILITY_CONTACT_INVALID,
    ],
    [
      'an address with spaces',
      { name: 'Site', accessibilityContact: 'a b@mairie.fr' },
      'accessibilityContact',
      ACCESSIBILITY_CONTACT_INVALID,
    ],
    [
      'an accessibility contact over 200 characters',
      { name: 'Site', accessibilityContact: `https://mairie.fr/${'a'.repeat(190)}` },
      'accessibilityContact',
      ACCESSIBILITY_CONTACT_INVALID,
    ],
    [
      'an accessibility contact as a number',
      { name: 'Site', accessibilityContact: 12 },
      'accessibilityContact',
      ACCESSIBILITY_CONTACT_INVALID,
    ],
  ])('refuses %s with a French message on the field (422) and stores nothing', async (_label, body, field, message) => {
    const owner = await t.signUp();
    await makePremium(t, owner.organisationId);
    const before = await stored(owner.organisationId);
    for (const res of [await as(owner).post(PATH, body), await as(owner).put(`${PATH}/${before[0]!.id}`, body)]) {
      expect([res.status, res.body.error.code, res.body.error.fields[field]]).toEqual([422, 'validation', message]);
    }
    expect(await stored(owner.organisationId)).toEqual(before);
  });

  it('an establishment’s accessibility contact: shown on its public menu and week page, kept by a save without it, removed by an empty one', async () => {
    const owner = await t.signUp(undefined, undefined, 'Mairie de Lyon');
    const establishment = await firstEstablishment(owner);
    const put = (body: Record<string, unknown>) =>
      as(owner).put(`${PATH}/${establishment.id}`, { name: 'Cantine Jules Ferry', ...body });
    const set = await put({ accessibilityContact: ' accessibilite@mairie-lyon.fr ' });
    expect([set.status, set.body.accessibilityContact]).toEqual([200, 'accessibilite@mairie-lyon.fr']);
    const menu = (await as(owner).post('/api/menus', { name: 'Carte du midi' })).body;
    const link =
      'Contact accessibilité\u00a0: <a href="mailto:accessibilite@mairie-lyon.fr">accessibilite@mairie-lyon.fr</a> (<span>Cantine Jules Ferry</span>)';
    expect((await t.request('GET', `/menu/${menu.id}`)).text).toContain(link);
    expect((await t.request('GET', `/api/public/menus/${menu.id}`)).body.accessibilityContact).toBe(
      'accessibilite@mairie-lyon.fr',
    );
    expect((await t.request('GET', `/semaine/${establishment.id}`)).text).toContain(
      'Contact accessibilité de Cantine Jules Ferry\u00a0: <a href="mailto:accessibilite@mairie-lyon.fr">',
    );

    // A form that does not know the field (an older app, another page) erases nothing.
    expect((await put({ city: 'Lyon' })).body.accessibilityContact).toBe('accessibilite@mairie-lyon.fr');
    const web = await put({ accessibilityContact: 'https://www.lyon.fr/accessibilite' });
    expect(web.body.accessibilityContact).toBe('https://www.lyon.fr/accessibilite');
    expect((await t.request('GET', `/menu/${menu.id}`)).text).toContain(
      '<a href="https://www.lyon.fr/accessibilite">https://www.lyon.fr/accessibilite</a>',
    );
    const cleared = await put({ accessibilityContact: '' });
    expect(cleared.body.accessibilityContact).toBeNull();
    expect((await t.request('GET', `/menu/${menu.id}`)).text).not.toContain('Contact accessibilité');
    expect((await t.request('GET', `/semaine/${establishment.id}`)).text).not.toContain('Contact accessibilité');
  });

  it('the database refuses what the API refuses (CHECK constraints of migration 0009)', async () => {
    const owner = await t.signUp();
    for (const values of [
      { phone: '0123456789' },
      { postal_code: '7500' },
      { address: '  ' },
      { city: '' },
      { name: ' ' },
      { accessibility_contact: '' },
      { accessibility_contact: 'x'.repeat(201) },
    ]) {
      await expect(
        t.db.updateTable('establishments').set(values).where('organisation_id', '=', owner.organisationId).execute(),
      ).rejects.toMatchObject({ code: '23514' });
    }
  });

  it('keeps the free plan at one establishment; Premium adds more', async () => {
    const owner = await t.signUp();
    const refused = await as(owner).post(PATH, { name: 'Second site' });
    expect([refused.status, refused.body.error.code]).toEqual([403, 'plan_limit']);
    expect(refused.body.error.message).toContain('Limite d’établissements atteinte');
    expect(await stored(owner.organisationId)).toHaveLength(1);
    await makePremium(t, owner.organisationId);
    const created = await as(owner).post(PATH, { name: 'Cuisine centrale', city: 'Lyon' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Cuisine centrale', city: 'Lyon', address: null });
    const me = (await as(owner).get('/api/me')).body;
    expect(me.usage.establishments).toBe(2);
    expect(me.limits.establishments).toBeNull();
    const rows = await stored(owner.organisationId);
    expect(rows.map((r) => [r.name, r.created_by])).toEqual([
      ['Mon Restaurant', owner.user.id],
      ['Cuisine centrale', owner.user.id],
    ]);
  });

  it('each menu belongs to one of the organisation’s establishments, shown on its public page and its « pas disponible » page', async () => {
    const owner = await t.signUp(undefined, undefined, 'Groupe Dupont');
    const other = await t.signUp();
    await makePremium(t, owner.organisationId);
    const first = await firstEstablishment(owner);
    const second = (
      await as(owner).post(PATH, { name: 'Cantine Nord', address: '3 rue du Nord', postalCode: '59000', city: 'Lille' })
    ).body;
    const foreign = await firstEstablishment(other);

    const onSecond = await as(owner).post('/api/menus', { name: 'Menu Nord', establishmentId: second.id });
    expect([onSecond.status, onSecond.body.establishmentId]).toEqual([201, second.id]);
    const json = (await t.request('GET', `/api/public/menus/${onSecond.body.id}`)).body;
    expect(json).toMatchObject({
      restaurantName: 'Cantine Nord',
      restaurantAddress: '3 rue du Nord, 59000 Lille',
      restaurantPhone: null,
    });

    for (const establishmentId of [foreign.id, crypto.randomUUID(), 'pas-un-id']) {
      const res = await as(owner).post('/api/menus', { name: 'Volé', establishmentId });
      expect([res.status, res.body.error.fields.establishmentId]).toEqual([422, menuMessages.establishmentRequired]);
      const put = await as(owner).put(`/api/menus/${onSecond.body.id}`, {
        name: 'Menu Nord',
        isActive: true,
        establishmentId,
      });
      expect([put.status, put.body.error.fields.establishmentId]).toEqual([422, menuMessages.establishmentRequired]);
    }
    // PUT without establishmentId keeps it; with one, moves the menu.
    expect(
      (await as(owner).put(`/api/menus/${onSecond.body.id}`, { name: 'Menu Nord', isActive: true })).body
        .establishmentId,
    ).toBe(second.id);
    const moved = await as(owner).put(`/api/menus/${onSecond.body.id}`, {
      name: 'Menu Nord',
      isActive: false,
      establishmentId: first.id,
    });
    expect(moved.body.establishmentId).toBe(first.id);
    const paused = await t.request('GET', `/menu/${onSecond.body.id}`);
    expect(paused.status).toBe(404);
    expect(paused.text).toContain('<p class="resto">Groupe Dupont</p>');
    await as(owner).put(`/api/menus/${onSecond.body.id}`, {
      name: 'Menu Nord',
      isActive: false,
      establishmentId: second.id,
    });
    expect((await t.request('GET', `/menu/${onSecond.body.id}`)).text).toContain('<p class="resto">Cantine Nord</p>');
    const code = (await as(owner).post('/api/qr-codes', { name: 'Table 1', menuId: onSecond.body.id })).body;
    const scan = await t.request('GET', `/qr/${code.id}`);
    expect(scan.status).toBe(404);
    expect(scan.text).toContain('<p class="resto">Cantine Nord</p>');
  });

  it('refuses to delete an establishment that has menus, or the last one (409); deletes an empty one', async () => {
    const owner = await t.signUp();
    await makePremium(t, owner.organisationId);
    const first = await firstEstablishment(owner);
    const second = (await as(owner).post(PATH, { name: 'Annexe' })).body;
    const menu = (await as(owner).post('/api/menus', { name: 'Carte', establishmentId: second.id })).body;
    const inUse = await as(owner).del(`${PATH}/${second.id}`);
    expect([inUse.status, inUse.body.error.code, inUse.body.error.message]).toEqual([
      409,
      'conflict',
      m.establishmentInUse,
    ]);
    await as(owner).put(`/api/menus/${menu.id}`, { name: 'Carte', isActive: true, establishmentId: first.id });
    expect((await as(owner).del(`${PATH}/${second.id}`)).status).toBe(204);
    expect((await as(owner).del(`${PATH}/${second.id}`)).status).toBe(404);
    await as(owner).del(`/api/menus/${menu.id}`);
    const last = await as(owner).del(`${PATH}/${first.id}`);
    expect([last.status, last.body.error.code, last.body.error.message]).toEqual([
      409,
      'conflict',
      m.lastEstablishment,
    ]);
    expect(await stored(owner.organisationId)).toHaveLength(1);
  });

  it('is read by every member, written by owners only, and another organisation’s answers 404', async () => {
    const owner = await t.signUp();
    const editor = await addMember(t, owner, 'editor');
    const stranger = await t.signUp();
    const mine = await firstEstablishment(owner);
    expect((await as(editor).get(PATH)).body.establishments).toEqual([mine]);
    for (const res of [
      await as(editor).post(PATH, { name: 'X' }),
      await as(editor).put(`${PATH}/${mine.id}`, { name: 'X' }),
      await as(editor).del(`${PATH}/${mine.id}`),
    ]) {
      expect([res.status, res.body.error.code]).toEqual([403, 'forbidden']);
    }
    for (const res of [
      await as(stranger).put(`${PATH}/${mine.id}`, { name: 'X' }),
      await as(stranger).del(`${PATH}/${mine.id}`),
    ]) {
      expect([res.status, res.body.error.code]).toEqual([404, 'not_found']);
    }
    expect(await firstEstablishment(owner)).toEqual(mine);
    expect((await t.request('GET', PATH)).status).toBe(401);
  });
});
