import { hashPassword } from 'better-auth/crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { createTestApp, TEST_PASSWORD, uniqueEmail, type TestApp } from '../test/harness.ts';
import { commonPasswordCount, commonPasswordsFile, isCommonPassword } from './common-passwords.ts';

/**
 * DECISIONS 21: a new or changed password needs 8 characters and is not one of the 10,000 most
 * common (data/common-passwords/); an existing account's 6-character password still signs in.
 */
const m = messages.auth;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const fieldError = (field: string, message: string) => ({
  error: { code: 'validation', message, fields: { [field]: message } },
});
const signUp = (email: string, password: string) =>
  t.request('POST', '/api/auth/sign-up/email', { body: { email, password } });
const accounts = async (email: string) =>
  (await t.db.selectFrom('users').select('id').where('email', '=', email).execute()).length;

describe('the list of common passwords', () => {
  it('holds the 10,000 passwords of its source, the most common first', () => {
    const lines = readFileSync(commonPasswordsFile, 'utf8').split('\n').filter(Boolean);
    expect(lines).toHaveLength(10_000);
    // The source's first and last lines (10-million-password-list-top-10000.txt).
    expect(lines.slice(0, 4)).toEqual(['123456', 'password', '12345678', 'qwerty']);
    expect(commonPasswordCount).toBeGreaterThan(9_900); // a few differ only by case
    expect(isCommonPassword('Sunshine')).toBe(true);
    expect(isCommonPassword(TEST_PASSWORD)).toBe(false);
    // The e2e suite's password (e2e/fixtures.ts) must stay usable.
    expect(isCommonPassword('secret123')).toBe(false);
  });
});

describe('choosing a password', () => {
  it('sign-up: 7 characters or a common password → 422 next to the field, no account', async () => {
    const email = uniqueEmail();
    const short = await signUp(email, 'abc1234');
    expect({ status: short.status, body: short.body }).toEqual({
      status: 422,
      body: fieldError('password', m.newPasswordTooShort),
    });
    for (const common of ['password1', 'Sunshine', 'qwertyuiop', '12345678']) {
      const res = await signUp(email, common);
      expect({ status: res.status, body: res.body }, common).toEqual({
        status: 422,
        body: fieldError('password', m.passwordTooCommon),
      });
    }
    expect(await accounts(email)).toBe(0);
    expect((await signUp(email, 'ma-cuisine-du-marche')).status).toBe(200);
  });

  it('change of password: a common one is refused next to « newPassword » and the old one still works', async () => {
    const user = await t.signUp();
    const res = await t.request('POST', '/api/auth/change-password', {
      cookie: user.cookie,
      body: { currentPassword: user.password, newPassword: 'baseball1', revokeOtherSessions: false },
    });
    expect({ status: res.status, body: res.body }).toEqual({
      status: 422,
      body: fieldError('newPassword', m.passwordTooCommon),
    });
    const signIn = await t.request('POST', '/api/auth/sign-in/email', {
      body: { email: user.email, password: user.password },
    });
    expect(signIn.status).toBe(200);
  });

  it('reset: a common new password is refused before the link is spent', async () => {
    const res = await t.request('POST', '/api/auth/reset-password', {
      body: { token: 'un-jeton-quelconque', newPassword: 'football' },
    });
    expect({ status: res.status, body: res.body }).toEqual({
      status: 422,
      body: fieldError('newPassword', m.passwordTooCommon),
    });
  });

  it('an existing account whose password has 6 characters still signs in', async () => {
    const user = await t.signUp();
    await t.db
      .updateTable('accounts')
      .set({ password: await hashPassword('abc123') })
      .where('user_id', '=', user.user.id)
      .where('provider_id', '=', 'credential')
      .execute();
    const res = await t.request('POST', '/api/auth/sign-in/email', {
      body: { email: user.email, password: 'abc123' },
    });
    expect(res.status).toBe(200);
  });
});
