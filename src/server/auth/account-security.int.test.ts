import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { base32Decode, totp, totpKey, wrongTotp } from '../test/totp.ts';
import {
  createTestApp,
  SESSION_COOKIE,
  sessionTokenOf,
  TEST_ORIGIN,
  TEST_PASSWORD,
  uniqueEmail,
  type SignedUpUser,
  type TestApp,
  type TestResponse,
} from '../test/harness.ts';

/**
 * docs/decisions/0006-accounts-and-data-rights.md: password reset, change of password and e-mail,
 * two-factor sign-in (TOTP).
 */
const a = messages.account;
const TWO_FACTOR_COOKIE = 'nutricarte.two_factor';
const NEW_PASSWORD = 'nouveau-mot-de-passe';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const me = (cookie: string | undefined, app = t) => app.request('GET', '/api/me', { cookie });
const signIn = (email: string, password: string, app = t) =>
  app.request('POST', '/api/auth/sign-in/email', { body: { email, password } });
const signOut = (cookie: string) => t.request('POST', '/api/auth/sign-out', { body: {}, cookie });
/** Status and body together, so a failure shows both. */
const expectAnswer = (res: TestResponse, status: number, body: unknown) =>
  expect({ status: res.status, body: res.body }).toEqual({ status, body });
const fieldError = (field: string, message: string, code = 'validation') => ({
  error: { code, message, fields: { [field]: message } },
});
const mailsTo = (email: string) => t.mailbox.filter((mail) => mail.to === email);
const requestReset = (body: Record<string, unknown>) => t.request('POST', '/api/auth/request-password-reset', { body });
const resetPassword = (body: Record<string, unknown>) => t.request('POST', '/api/auth/reset-password', { body });

/** The link of a reset mail: `/api/auth/reset-password/<token>?callbackURL=/reset-password` on the app's origin. */
function resetLink(mail: MailMessage | undefined): { path: string; token: string } {
  const url = new URL(/https?:\/\/\S+/.exec(mail?.text ?? '')?.[0] ?? 'http://no-link.invalid');
  expect(url.origin).toBe(TEST_ORIGIN);
  expect(url.searchParams.get('callbackURL')).toBe('/reset-password');
  const token = /^\/api\/auth\/reset-password\/([\w-]+)$/.exec(url.pathname)?.[1];
  if (!token) throw new Error(`not a reset link: ${url.href}`);
  return { path: url.pathname + url.search, token };
}

/** The query of the app page (/reset-password) a GET on the reset link redirects to. */
async function followResetLink(path: string): Promise<Record<string, string>> {
  const res = await t.request('GET', path);
  expect(res.status).toBe(302);
  expect(res.body?.error).toBeUndefined(); // a redirect, not an error body
  const location = new URL(res.headers.get('location') ?? '', 'http://no-location.invalid');
  expect(location.origin).toBe(TEST_ORIGIN);
  expect(location.pathname).toBe('/reset-password');
  return Object.fromEntries(location.searchParams);
}

async function userSessions(userId: string, app = t): Promise<number> {
  return (await app.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute()).length;
}

it('the TOTP helper follows RFC 6238 (test vector: SHA-1, T = 59 s)', () => {
  expect(totp(Buffer.from('12345678901234567890'), { time: 59_000 })).toBe('287082');
  expect(base32Decode('GEZDGNBVGY3TQOJQ').toString()).toBe('1234567890');
});

describe('password reset', () => {
  it('mails a one-hour link; the new password replaces the old one and every session ends', async () => {
    const user = await t.signUp();
    const second = await signIn(user.email, TEST_PASSWORD);
    expect(await userSessions(user.user.id)).toBe(2);

    const res = await requestReset({ email: user.email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: true, message: a.resetRequested });
    const mails = mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Réinitialisez votre mot de passe – NutriCarte');
    const { path, token } = resetLink(mails[0]);
    const stored = await t.db
      .selectFrom('verifications')
      .select(['value', 'expires_at'])
      .where('identifier', '=', `reset-password:${token}`)
      .executeTakeFirstOrThrow();
    expect(stored.value).toBe(user.user.id);
    expect(Math.abs(new Date(stored.expires_at).getTime() - Date.now() - 3600_000)).toBeLessThan(60_000);

    expect(await followResetLink(path)).toEqual({ token });

    const reset = await resetPassword({ token, newPassword: NEW_PASSWORD });
    expectAnswer(reset, 200, { status: true });
    for (const cookie of [user.cookie, second.cookie]) expect((await me(cookie)).status).toBe(401);
    expect(await userSessions(user.user.id)).toBe(0);
    expect((await signIn(user.email, TEST_PASSWORD)).status).toBe(401);
    expect((await signIn(user.email, NEW_PASSWORD)).status).toBe(200);

    // Single use: the token is spent, by POST and by the link.
    const again = await resetPassword({ token, newPassword: 'encore-un-autre' });
    expectAnswer(again, 400, fieldError('token', a.resetInvalidToken, 'bad_request'));
    expect(await followResetLink(path)).toEqual({ error: 'INVALID_TOKEN' });
    expect((await signIn(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('an expired link is refused and the password stays', async () => {
    const user = await t.signUp();
    await requestReset({ email: user.email });
    const { path, token } = resetLink(mailsTo(user.email)[0]);
    const expired = await t.db
      .updateTable('verifications')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('identifier', '=', `reset-password:${token}`)
      .executeTakeFirst();
    expect(expired.numUpdatedRows).toBe(1n);

    expect(await followResetLink(path)).toEqual({ error: 'INVALID_TOKEN' });
    const res = await resetPassword({ token, newPassword: NEW_PASSWORD });
    expectAnswer(res, 400, fieldError('token', a.resetInvalidToken, 'bad_request'));
    expect((await signIn(user.email, TEST_PASSWORD)).status).toBe(200);
    expect((await me(user.cookie)).status).toBe(200);
  });

  it('an unknown e-mail gets the same answer as a known one, and no mail', async () => {
    const resetTokens = async () =>
      (await t.db.selectFrom('verifications').select('id').where('identifier', 'like', 'reset-password:%').execute())
        .length;
    const known = await requestReset({ email: (await t.signUp()).email });
    const before = await resetTokens();
    const unknownEmail = uniqueEmail('inconnu');
    const unknown = await requestReset({ email: unknownEmail });
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: known.status, body: known.body });
    expect(unknown.status).toBe(200);
    expect(unknown.cookie).toBeUndefined();
    expect(mailsTo(unknownEmail)).toEqual([]);
    expect(await resetTokens()).toBe(before);
  });

  it('bad input → 422 in French, and nothing changes', async () => {
    const user = await t.signUp();
    await requestReset({ email: user.email });
    const { path, token } = resetLink(mailsTo(user.email)[0]);

    const short = await resetPassword({ token, newPassword: '12345' });
    expectAnswer(short, 422, fieldError('newPassword', messages.auth.newPasswordTooShort));
    const noToken = await resetPassword({ newPassword: NEW_PASSWORD });
    expectAnswer(noToken, 422, fieldError('token', a.resetInvalidToken));
    const badEmail = await requestReset({ email: 'pas-un-email' });
    expectAnswer(badEmail, 422, fieldError('email', messages.auth.emailInvalid));

    expect(t.mailbox.filter((mail) => mail.to === 'pas-un-email')).toEqual([]);
    expect((await me(user.cookie)).status).toBe(200);
    expect((await signIn(user.email, TEST_PASSWORD)).status).toBe(200);
    expect(await followResetLink(path)).toEqual({ token });
  });

  it('ignores a redirectTo sent by the client: the link always leads to /reset-password', async () => {
    const user = await t.signUp();
    const res = await requestReset({ email: user.email, redirectTo: 'https://evil.example/vol' });
    expect(res.status).toBe(200);
    const mails = mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).not.toContain('evil');
    const { path, token } = resetLink(mails[0]);
    expect(await followResetLink(path)).toEqual({ token });
  });
});

describe('change password', () => {
  const changePassword = (cookie: string, body: Record<string, unknown>) =>
    t.request('POST', '/api/auth/change-password', { body, cookie });

  it('a wrong current password, or the same one again → 422, nothing changes', async () => {
    const user = await t.signUp();
    const wrong = await changePassword(user.cookie, { currentPassword: 'pas-le-bon', newPassword: NEW_PASSWORD });
    expect(wrong.status).toBe(422);
    expectAnswer(wrong, 422, fieldError('currentPassword', a.wrongPassword));
    const same = await changePassword(user.cookie, { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD });
    expectAnswer(same, 422, fieldError('newPassword', a.newPasswordSame));
    expect((await me(user.cookie)).status).toBe(200);
    expect((await signIn(user.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('success ends the other sessions and keeps this browser signed in (with a new cookie)', async () => {
    const user = await t.signUp();
    const other = await signIn(user.email, TEST_PASSWORD);
    const res = await changePassword(user.cookie, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: user.user.id, email: user.email });
    // better-auth revokes every session and opens a new one for this browser, whose token
    // travels in the cookie only, never in the JSON.
    expect(res.cookie).toContain(`${SESSION_COOKIE}=`);
    expect(res.cookie).not.toBe(user.cookie);
    expect(res.body.token).toBeUndefined();
    expect(res.text).not.toContain(sessionTokenOf(res.cookie));
    expect((await me(res.cookie)).body.user.id).toBe(user.user.id);
    expect((await me(other.cookie)).status).toBe(401);
    expect((await me(user.cookie)).status).toBe(401);
    expect(await userSessions(user.user.id)).toBe(1);
    expect((await signIn(user.email, TEST_PASSWORD)).status).toBe(401);
    expect((await signIn(user.email, NEW_PASSWORD)).status).toBe(200);
  });
});

describe('change e-mail (no SMTP)', () => {
  const changeEmail = (cookie: string, newEmail: string) =>
    t.request('POST', '/api/auth/change-email', { body: { newEmail }, cookie });

  it('changes the address at once; sign-in then uses the new one', async () => {
    const user = await t.signUp();
    const newEmail = uniqueEmail('nouvelle');
    const res = await changeEmail(user.cookie, newEmail.toUpperCase());
    expectAnswer(res, 200, { status: true });
    expect((await me(res.cookie ?? user.cookie)).body.user).toMatchObject({
      id: user.user.id,
      email: newEmail,
      emailVerified: false,
    });
    expect((await signIn(newEmail, TEST_PASSWORD)).status).toBe(200);
    expect((await signIn(user.email, TEST_PASSWORD)).status).toBe(401);
    expect(mailsTo(user.email)).toEqual([]);
  });

  it('an address already used by another account: refused as sign-up does (the change would be immediate), neither account changes', async () => {
    const user = await t.signUp();
    const owner = await t.signUp();
    const res = await changeEmail(user.cookie, owner.email);
    expectAnswer(res, 422, fieldError('newEmail', 'Un compte existe déjà avec cet email'));
    expect((await me(user.cookie)).body.user.email).toBe(user.email);
    expect((await me(owner.cookie)).body.user.email).toBe(owner.email);
    const holders = await t.db.selectFrom('users').select('id').where('email', '=', owner.email).execute();
    expect(holders).toEqual([{ id: owner.user.id }]);
    expect(mailsTo(owner.email)).toEqual([]);
    expect((await signIn(owner.email, TEST_PASSWORD)).body.user.id).toBe(owner.user.id);
  });

  it('the current address again → 422', async () => {
    const user = await t.signUp();
    const res = await changeEmail(user.cookie, user.email.toUpperCase());
    expectAnswer(res, 422, fieldError('newEmail', a.sameEmail));
  });
});

describe('two-factor sign-in (TOTP)', () => {
  // The steps share one account and run in order: enrol, sign in with a code, backup codes, too many codes, disable.
  let user: SignedUpUser;
  let key: Buffer;
  let backupCodes: string[];
  const verifyTotp = (code: string, cookie: string | undefined) =>
    t.request('POST', '/api/auth/two-factor/verify-totp', { body: { code }, cookie });
  const verifyBackup = (code: string, cookie: string | undefined) =>
    t.request('POST', '/api/auth/two-factor/verify-backup-code', { body: { code }, cookie });

  /** Signs in with the password: no session yet, only the two-factor cookie. */
  async function passwordStep(): Promise<string> {
    const sessionsBefore = await userSessions(user.user.id);
    const res = await signIn(user.email, TEST_PASSWORD);
    expectAnswer(res, 200, { twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect(res.cookie).toContain(`${TWO_FACTOR_COOKIE}=`);
    expect(res.cookie).not.toContain(SESSION_COOKIE);
    expect((await me(res.cookie)).status).toBe(401);
    expect(await userSessions(user.user.id)).toBe(sessionsBefore);
    return res.cookie!;
  }

  it('enrolment: the password, then a right code from the authenticator turns it on', async () => {
    user = await t.signUp();
    const wrongPassword = await t.request('POST', '/api/auth/two-factor/enable', {
      body: { password: 'pas-le-bon' },
      cookie: user.cookie,
    });
    expectAnswer(wrongPassword, 422, fieldError('password', a.wrongPassword));

    const enabled = await t.request('POST', '/api/auth/two-factor/enable', {
      body: { password: TEST_PASSWORD },
      cookie: user.cookie,
    });
    expect(enabled.status).toBe(200);
    expect(enabled.body.totpURI).toMatch(
      new RegExp(
        `^otpauth://totp/NutriCarte:${encodeURIComponent(user.email)}\\?secret=[A-Z2-7]+&issuer=NutriCarte&digits=6&period=30$`,
      ),
    );
    backupCodes = enabled.body.backupCodes;
    expect(backupCodes).toHaveLength(10);
    for (const code of backupCodes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
    key = totpKey(enabled.body.totpURI);
    expect((await me(user.cookie)).body.user.twoFactorEnabled).toBe(false);

    for (const code of ['12345', '1234567', 'abcdef', '']) {
      const res = await verifyTotp(code, user.cookie);
      expect({ code, status: res.status, body: res.body }).toEqual({
        code,
        status: 422,
        body: fieldError('code', a.twoFactorInvalidCode),
      });
    }
    const wrong = await verifyTotp(wrongTotp(key), user.cookie);
    expectAnswer(wrong, 422, fieldError('code', a.twoFactorInvalidCode));
    expect((await me(user.cookie)).body.user.twoFactorEnabled).toBe(false);

    // The previous step's code (still in the window): the current one is left for the sign-in below,
    // as a code works once (src/server/auth/totp-once.int.test.ts).
    const right = await verifyTotp(totp(key, { stepOffset: -1 }), user.cookie);
    expect(right.status).toBe(200);
    expect(right.cookie).toContain(`${SESSION_COOKIE}=`);
    user = { ...user, cookie: right.cookie! };
    expect((await me(user.cookie)).body.user).toMatchObject({ id: user.user.id, twoFactorEnabled: true });
    // The secret is stored encrypted, not as the authenticator's key.
    const row = await t.db
      .selectFrom('two_factors')
      .select(['secret', 'verified'])
      .where('user_id', '=', user.user.id)
      .executeTakeFirstOrThrow();
    expect(row.verified).toBe(true);
    expect(row.secret).not.toContain(key.toString());
  });

  it('sign-in then needs a code: no session before it, a session after', async () => {
    expect((await signOut(user.cookie)).status).toBe(200);
    const challenge = await passwordStep();
    const noCookie = await verifyTotp(totp(key), undefined);
    expectAnswer(noCookie, 401, { error: { code: 'unauthenticated', message: a.twoFactorSessionExpired } });
    expect((await verifyTotp(wrongTotp(key), challenge)).status).toBe(422);
    expect((await verifyTotp('12 34', challenge)).status).toBe(422);

    const right = await verifyTotp(totp(key), challenge);
    expect(right.status).toBe(200);
    expect(right.body.user).toMatchObject({ id: user.user.id, email: user.email });
    expect(right.cookie).toContain(`${SESSION_COOKIE}=`);
    expect(right.text).not.toContain(sessionTokenOf(right.cookie));
    expect(right.cookie).not.toContain(TWO_FACTOR_COOKIE);
    expect((await me(right.cookie)).body.user).toMatchObject({ id: user.user.id, twoFactorEnabled: true });
    // The challenge is spent.
    expect((await verifyTotp(totp(key), challenge)).status).toBe(401);
    user = { ...user, cookie: right.cookie! };
  });

  it('a backup code signs in once, not twice', async () => {
    expect((await signOut(user.cookie)).status).toBe(200);
    const [first, second] = backupCodes;
    const used = await verifyBackup(first!, await passwordStep());
    expect(used.status).toBe(200);
    expect(used.text).not.toContain(sessionTokenOf(used.cookie));
    expect((await me(used.cookie)).status).toBe(200);
    expect((await signOut(used.cookie!)).status).toBe(200);

    const challenge = await passwordStep();
    const reused = await verifyBackup(first!, challenge);
    expectAnswer(reused, 422, fieldError('code', a.backupCodeInvalid));
    expect(reused.cookie ?? '').not.toContain(SESSION_COOKIE);
    const next = await verifyBackup(second!, challenge);
    expect(next.status).toBe(200);
    expect((await me(next.cookie)).status).toBe(200);
    user = { ...user, cookie: next.cookie! };
  });

  it('five wrong codes end the challenge, even before the right one', async () => {
    expect((await signOut(user.cookie)).status).toBe(200);
    const challenge = await passwordStep();
    for (let i = 0; i < 5; i += 1) expect((await verifyTotp(wrongTotp(key), challenge)).status).toBe(422);
    // A right code not used yet (the current one signed in above, and a code works once).
    const unused = totp(key, { stepOffset: 1 });
    const blocked = await verifyTotp(unused, challenge);
    // The challenge is spent: signing in again is the way out, not waiting.
    expectAnswer(blocked, 401, { error: { code: 'unauthenticated', message: a.twoFactorSessionExpired } });
    expect(blocked.cookie ?? '').not.toContain(SESSION_COOKIE);
    expect(await userSessions(user.user.id)).toBe(0);
    expect((await verifyTotp(unused, challenge)).status).toBe(401);

    // Refused above, so not spent: it signs in.
    const fresh = await verifyTotp(unused, await passwordStep());
    expect(fresh.status).toBe(200);
    user = { ...user, cookie: fresh.cookie! };
  });

  it('disable with the password: sign-in needs no code again', async () => {
    const wrong = await t.request('POST', '/api/auth/two-factor/disable', {
      body: { password: 'pas-le-bon' },
      cookie: user.cookie,
    });
    expectAnswer(wrong, 422, fieldError('password', a.wrongPassword));
    expect((await me(user.cookie)).body.user.twoFactorEnabled).toBe(true);

    const res = await t.request('POST', '/api/auth/two-factor/disable', {
      body: { password: TEST_PASSWORD },
      cookie: user.cookie,
    });
    expect(res.status).toBe(200);
    expect((await me(res.cookie)).body.user.twoFactorEnabled).toBe(false);
    expect(await t.db.selectFrom('two_factors').select('id').where('user_id', '=', user.user.id).execute()).toEqual([]);

    expect((await signOut(res.cookie!)).status).toBe(200);
    const plain = await signIn(user.email, TEST_PASSWORD);
    expect(plain.status).toBe(200);
    expect(plain.body.user).toMatchObject({ id: user.user.id });
    expect((await me(plain.cookie)).status).toBe(200);
  });
});

describe('rate limit of the two-factor code', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '3' } });
  });
  afterAll(() => limited?.close());

  it('answers 429 to the 4th code in the window, even the right one', async () => {
    const user = await limited.signUp();
    const enabled = await limited.request('POST', '/api/auth/two-factor/enable', {
      body: { password: TEST_PASSWORD },
      cookie: user.cookie,
    });
    const key = totpKey(enabled.body.totpURI);
    const on = await limited.request('POST', '/api/auth/two-factor/verify-totp', {
      body: { code: totp(key, { stepOffset: -1 }) },
      cookie: user.cookie,
    });
    expect(on.status).toBe(200); // the 1st code of the window
    const sessionsBefore = await userSessions(user.user.id, limited);
    const challenge = await signIn(user.email, TEST_PASSWORD, limited);
    expect(challenge.body.twoFactorRedirect).toBe(true);
    const verify = (code: string) =>
      limited.request('POST', '/api/auth/two-factor/verify-totp', { body: { code }, cookie: challenge.cookie });
    expect((await verify(wrongTotp(key))).status).toBe(422);
    expect((await verify(wrongTotp(key))).status).toBe(422);
    const blocked = await verify(totp(key));
    expectAnswer(blocked, 429, { error: { code: 'rate_limited', message: messages.generic.rateLimited } });
    expect(blocked.cookie ?? '').not.toContain(SESSION_COOKIE);
    expect(await userSessions(user.user.id, limited)).toBe(sessionsBefore);
  });
});
