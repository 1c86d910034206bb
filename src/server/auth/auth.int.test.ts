import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  SESSION_COOKIE,
  sessionTokenOf,
  TEST_PASSWORD,
  uniqueEmail,
  type TestApp,
} from '../test/harness.ts';

const ADMIN_EMAIL = 'admin-chef@example.com';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: `Other@example.com, ${ADMIN_EMAIL.toUpperCase()}` } });
});
afterAll(() => t?.close());

async function userCount(email?: string): Promise<number> {
  let query = t.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n'));
  if (email) query = query.where('email', '=', email.toLowerCase());
  return Number((await query.executeTakeFirstOrThrow()).n);
}

const signUpPath = '/api/auth/sign-up/email';
const signInPath = '/api/auth/sign-in/email';

describe('sign-up', () => {
  it('creates the account, signs in and stores the restaurant name in the profile', async () => {
    const email = uniqueEmail();
    const res = await t.request('POST', signUpPath, {
      body: { email, password: TEST_PASSWORD, restaurantName: '  Le Bistrot  ' },
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email, id: expect.any(String) });
    expect(res.cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[^;]+`));
    // The token is in the http-only cookie only, never in the JSON.
    expect(res.body).toEqual({ user: res.body.user });
    expect(res.text).not.toContain(sessionTokenOf(res.cookie));
    const line = res.setCookie.find((l) => l.startsWith(`${SESSION_COOKIE}=`))!;
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
    expect(line).toMatch(/Path=\//);
    expect(line).not.toMatch(/Secure/i);

    // docs/decisions/0016-organisations.md: an organisation named after the restaurant, owned by the account, with its
    // first establishment, and the account's own name (its address's local part) for its team.
    const user = await t.db
      .selectFrom('users')
      .select(['name', 'active_organisation_id'])
      .where('id', '=', res.body.user.id)
      .executeTakeFirstOrThrow();
    expect(user.name).toBe(email.split('@')[0]);
    const organisationId = user.active_organisation_id!;
    const organisation = await t.db
      .selectFrom('organisations')
      .select('name')
      .where('id', '=', organisationId)
      .executeTakeFirstOrThrow();
    expect(organisation.name).toBe('Le Bistrot');
    const memberships = await t.db
      .selectFrom('memberships')
      .select(['organisation_id', 'role'])
      .where('user_id', '=', res.body.user.id)
      .execute();
    expect(memberships).toEqual([{ organisation_id: organisationId, role: 'owner' }]);
    const establishments = await t.db
      .selectFrom('establishments')
      .select(['name', 'created_by'])
      .where('organisation_id', '=', organisationId)
      .execute();
    expect(establishments).toEqual([{ name: 'Le Bistrot', created_by: res.body.user.id }]);

    const me = await t.request('GET', '/api/me', { cookie: res.cookie });
    expect(me.status).toBe(200);
    expect(me.headers.get('x-organisation-id')).toBe(organisationId);
    const organisationSummary = { id: organisationId, name: 'Le Bistrot', role: 'owner' };
    expect(me.body).toEqual({
      // The name the greeting uses: the e-mail's local part until the owner gives one.
      user: {
        id: res.body.user.id,
        email,
        name: email.split('@')[0],
        role: 'user',
        twoFactorEnabled: false,
        emailVerified: false,
      },
      profile: { restaurantName: 'Le Bistrot', address: null, postalCode: null, city: null, phone: null },
      organisation: organisationSummary,
      organisations: [organisationSummary],
      subscription: { subscribed: false, tier: 'free', status: 'active', subscriptionEnd: null, willExpire: false },
      usage: {
        recipes: 0,
        menus: 0,
        qrCodes: 0,
        establishments: 1,
        members: 1,
        recipesThisMonth: 0,
        menusThisMonth: 0,
        qrCodesThisMonth: 0,
      },
      limits: { recipes: 5, menus: 1, qrCodes: 1, establishments: 1, members: 1 },
    });
  });

  it('names the restaurant « Mon Restaurant » when no name (or a blank one) is given', async () => {
    const { cookie } = await t.signUp();
    const noEstablishment = { address: null, postalCode: null, city: null, phone: null };
    expect((await t.request('GET', '/api/me', { cookie })).body.profile).toEqual({
      restaurantName: 'Mon Restaurant',
      ...noEstablishment,
    });
    const blank = await t.signUp(uniqueEmail(), TEST_PASSWORD, '   ');
    expect((await t.request('GET', '/api/me', { cookie: blank.cookie })).body.profile).toEqual({
      restaurantName: 'Mon Restaurant',
      ...noEstablishment,
    });
  });

  it('stores the e-mail in lower case', async () => {
    const email = uniqueEmail('Mixed.Case').replace('@example.com', '@Example.COM');
    const { user } = await t.signUp(email);
    expect(user.email).toBe(email.toLowerCase());
    expect(await userCount(email)).toBe(1);
  });

  it('refuses a second account with the same e-mail, whatever its case', async () => {
    const { email } = await t.signUp();
    for (const again of [email, email.toUpperCase()]) {
      const res = await t.request('POST', signUpPath, { body: { email: again, password: 'autre-mot-de-passe' } });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        error: {
          code: 'validation',
          message: 'Un compte existe déjà avec cet email',
          fields: { email: 'Un compte existe déjà avec cet email' },
        },
      });
    }
    expect(await userCount(email)).toBe(1);
  });

  describe('bad input creates no user', () => {
    it.each([
      [
        'an invalid e-mail',
        { email: 'pas-un-email', password: TEST_PASSWORD },
        422,
        'validation',
        'Format d’email invalide',
        'email',
      ],
      ['a missing e-mail', { password: TEST_PASSWORD }, 422, 'validation', 'L’email est requis', 'email'],
      [
        'a 7-character password (a new one needs 8, docs/decisions/0042)',
        { email: 'short-password@example.com', password: '1234567' },
        422,
        'validation',
        'Le mot de passe doit contenir au moins 8\u00a0caractères',
        'password',
      ],
      [
        'a 129-character password',
        { email: 'long-password@example.com', password: 'x'.repeat(129) },
        422,
        'validation',
        'Le mot de passe ne peut pas dépasser 128\u00a0caractères',
        'password',
      ],
    ])('%s → %i', async (_label, body, status, code, message, field) => {
      const before = await userCount();
      const res = await t.request('POST', signUpPath, { body });
      expect(res.status).toBe(status);
      expect(res.body.error).toMatchObject({ code, message });
      expect(res.body.error.fields[field]).toBe(message);
      expect(res.cookie).toBeUndefined();
      expect(await userCount()).toBe(before);
    });

    it('malformed JSON → 400', async () => {
      const before = await userCount();
      const res = await t.request('POST', signUpPath, { body: '{"email": "json@example.com", "password": ' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: { code: 'bad_request', message: 'Le corps de la requête doit être un JSON valide.' },
      });
      expect(await userCount()).toBe(before);
    });

    it('wrong content type → 400', async () => {
      const res = await t.request('POST', signUpPath, {
        body: JSON.stringify({ email: 'form@example.com', password: TEST_PASSWORD }),
        headers: { 'content-type': 'text/plain' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: { code: 'bad_request', message: 'Le corps de la requête doit être envoyé au format JSON.' },
      });
      expect(await userCount('form@example.com')).toBe(0);
    });

    it.each([
      ['no Origin', null],
      ['another Origin', 'https://evil.example'],
      ['a look-alike Origin', 'http://localhost:3000.evil.example'],
    ])('%s → 403', async (_label, origin) => {
      const email = uniqueEmail('csrf');
      const res = await t.request('POST', signUpPath, { body: { email, password: TEST_PASSWORD }, origin });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        error: { code: 'forbidden', message: 'Requête refusée\u00a0: origine non autorisée.' },
      });
      expect(await userCount(email)).toBe(0);
    });

    it('a body over 1 MB → 413', async () => {
      const email = uniqueEmail('big');
      const body = JSON.stringify({ email, password: TEST_PASSWORD, name: 'x'.repeat(1024 * 1024) });
      const res = await t.request('POST', signUpPath, { body });
      expect(res.status).toBe(413);
      expect(res.body).toEqual({
        error: { code: 'payload_too_large', message: 'La requête est trop volumineuse (1\u00a0Mo maximum).' },
      });
      const declared = await t.request('POST', signUpPath, {
        body,
        headers: { 'content-length': String(Buffer.byteLength(body)) },
      });
      expect(declared.status).toBe(413);
      expect(await userCount(email)).toBe(0);
    });
  });
});

describe('session', () => {
  it('get-session returns the signed-in user, and null without a cookie', async () => {
    const { cookie, user, email } = await t.signUp();
    const res = await t.request('GET', '/api/auth/get-session', { cookie });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: user.id, email });
    expect(res.body.session).toMatchObject({ userId: user.id });
    // The token stays in its http-only cookie: no session token ever reaches the page's JavaScript.
    const token = sessionTokenOf(cookie);
    expect(res.body.session.token).toBeUndefined();
    expect(res.text).not.toContain(token);
    expect((await t.request('GET', '/api/auth/list-sessions', { cookie })).status).toBe(404);
    const anonymous = await t.request('GET', '/api/auth/get-session');
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toBeNull();
  });

  it('/api/me needs a session', async () => {
    for (const cookie of [undefined, `${SESSION_COOKIE}=not-a-real-token`]) {
      const res = await t.request('GET', '/api/me', { cookie });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        error: { code: 'unauthenticated', message: 'Vous devez être connecté pour accéder à cette page' },
      });
    }
  });

  it('sign-in with the right password opens a new session; a wrong one is a 401', async () => {
    const { email, user } = await t.signUp(uniqueEmail('signin'), 'bon-mot-de-passe');
    const ok = await t.request('POST', signInPath, {
      body: { email: email.toUpperCase(), password: 'bon-mot-de-passe' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({ id: user.id, email });
    expect(ok.cookie).toContain(`${SESSION_COOKIE}=`);
    expect(ok.body.token).toBeUndefined();
    expect(ok.text).not.toContain(sessionTokenOf(ok.cookie));
    expect((await t.request('GET', '/api/me', { cookie: ok.cookie })).body.user).toEqual({
      id: user.id,
      email,
      name: email.split('@')[0],
      role: 'user',
      twoFactorEnabled: false,
      emailVerified: false,
    });

    for (const body of [
      { email, password: 'mauvais-mot-de-passe' },
      { email: 'inconnu@example.com', password: 'bon-mot-de-passe' },
    ]) {
      const bad = await t.request('POST', signInPath, { body });
      expect(bad.status).toBe(401);
      expect(bad.body).toEqual({ error: { code: 'unauthenticated', message: 'Email ou mot de passe incorrect' } });
      expect(bad.cookie).toBeUndefined();
    }
  });

  it('sign-out clears the cookie and ends the session', async () => {
    const { cookie, user } = await t.signUp();
    const res = await t.request('POST', '/api/auth/sign-out', { body: {}, cookie });
    expect(res.status).toBe(200);
    const cleared = res.setCookie.find((l) => l.startsWith(`${SESSION_COOKIE}=`));
    expect(cleared).toMatch(/Max-Age=0/i);
    expect(res.cookie ?? '').not.toContain(SESSION_COOKIE);

    expect((await t.request('GET', '/api/me', { cookie })).status).toBe(401);
    expect((await t.request('GET', '/api/auth/get-session', { cookie })).body).toBeNull();
    const sessions = await t.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
    expect(sessions).toEqual([]);
  });

  it('gives the admin role to ADMIN_EMAILS, whatever the case', async () => {
    const admin = await t.signUp(ADMIN_EMAIL);
    expect((await t.request('GET', '/api/me', { cookie: admin.cookie })).body.user).toEqual({
      id: admin.user.id,
      email: ADMIN_EMAIL,
      name: ADMIN_EMAIL.split('@')[0],
      role: 'admin',
      twoFactorEnabled: false,
      emailVerified: false,
    });
    const chef = await t.signUp();
    expect((await t.request('GET', '/api/me', { cookie: chef.cookie })).body.user.role).toBe('user');
  });
});

describe('rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '3' } });
  });
  afterAll(() => limited?.close());

  it('answers 429 to the 4th sign-in attempt from the same client', async () => {
    const { email } = await limited.signUp();
    const attempt = () => limited.request('POST', signInPath, { body: { email, password: 'mauvais-mot-de-passe' } });
    for (let i = 0; i < 3; i += 1) expect((await attempt()).status).toBe(401);
    const blocked = await attempt();
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({
      error: { code: 'rate_limited', message: 'Trop de tentatives. Veuillez réessayer dans quelques minutes.' },
    });
    // Even the right password waits for the window to pass.
    const right = await limited.request('POST', signInPath, { body: { email, password: TEST_PASSWORD } });
    expect(right.status).toBe(429);
  });
});

describe('other API routes', () => {
  it('/api/health answers ok', async () => {
    const res = await t.request('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('an unknown /api path is a JSON 404', async () => {
    for (const [method, path] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope/deeper'],
      ['GET', '/api/auth/not-an-endpoint'],
    ] as const) {
      const res = await t.request(method, path, { body: method === 'POST' ? {} : undefined });
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 404 });
      expect(res.body).toEqual({ error: { code: 'not_found', message: 'Ressource introuvable.' } });
    }
  });
});
