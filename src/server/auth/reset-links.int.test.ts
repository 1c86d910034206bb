import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { createTestApp, TEST_PASSWORD, type SignedUpUser, type TestApp } from '../test/harness.ts';

/**
 * docs/decisions/0011-account-throttle-and-413.md: a new password — by any reset link or by
 * « Mon compte » — voids every reset link still out for the account (the trigger of
 * src/server/db/migrations/0008-security.ts, in the transaction that changes the password). Links
 * of other accounts are untouched.
 */
const invalidLink = {
  error: {
    code: 'bad_request',
    message: messages.account.resetInvalidToken,
    fields: { token: messages.account.resetInvalidToken },
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const signIn = (email: string, password: string) =>
  t.request('POST', '/api/auth/sign-in/email', { body: { email, password } });
const resetPassword = (token: string, newPassword: string) =>
  t.request('POST', '/api/auth/reset-password', { body: { token, newPassword } });

/** Asks for a reset link and returns its token (from the mail, as the owner would read it). */
async function requestLink(email: string): Promise<string> {
  const before = t.mailbox.length;
  expect((await t.request('POST', '/api/auth/request-password-reset', { body: { email } })).status).toBe(200);
  await t.deps.auth.settleBackgroundTasks();
  const mail = t.mailbox.slice(before).find((m) => m.to === email);
  const token = /\/api\/auth\/reset-password\/([\w-]+)\?/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no reset link mailed to ${email}`);
  return token;
}

const outstandingLinks = async (user: SignedUpUser) =>
  (
    await t.db
      .selectFrom('verifications')
      .select('id')
      .where('identifier', 'like', 'reset-password:%')
      .where('value', '=', user.user.id)
      .execute()
  ).length;

describe('reset links after a new password', () => {
  it('two links requested, one used: the other no longer changes the password', async () => {
    const user = await t.signUp();
    const first = await requestLink(user.email);
    const second = await requestLink(user.email);
    expect(await outstandingLinks(user)).toBe(2);

    expect((await resetPassword(second, 'deuxieme-lien')).status).toBe(200);
    expect(await outstandingLinks(user)).toBe(0);
    const stale = await resetPassword(first, 'premier-lien');
    expect({ status: stale.status, body: stale.body }).toEqual({ status: 400, body: invalidLink });
    expect((await signIn(user.email, 'premier-lien')).status).toBe(401);
    expect((await signIn(user.email, 'deuxieme-lien')).status).toBe(200);
  });

  it('the older link used first voids the newer one too', async () => {
    const user = await t.signUp();
    const first = await requestLink(user.email);
    const second = await requestLink(user.email);
    expect((await resetPassword(first, 'premier-lien')).status).toBe(200);
    expect((await resetPassword(second, 'deuxieme-lien')).status).toBe(400);
    expect((await signIn(user.email, 'premier-lien')).status).toBe(200);
  });

  it('a password changed on « Mon compte » voids every outstanding link', async () => {
    const user = await t.signUp();
    const link = await requestLink(user.email);
    const changed = await t.request('POST', '/api/auth/change-password', {
      cookie: user.cookie,
      body: { currentPassword: TEST_PASSWORD, newPassword: 'change-sur-mon-compte', revokeOtherSessions: false },
    });
    expect(changed.status).toBe(200);
    expect(await outstandingLinks(user)).toBe(0);
    expect((await resetPassword(link, 'vole-par-le-lien')).status).toBe(400);
    expect((await signIn(user.email, 'change-sur-mon-compte')).status).toBe(200);
  });

  it('two links used at the same time: exactly one wins', async () => {
    const user = await t.signUp();
    const links = [await requestLink(user.email), await requestLink(user.email)];
    const answers = await Promise.all(links.map((token, i) => resetPassword(token, `en-meme-temps-${i}`)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const winner = answers.findIndex((a) => a.status === 200);
    expect((await signIn(user.email, `en-meme-temps-${winner}`)).status).toBe(200);
    expect((await signIn(user.email, `en-meme-temps-${1 - winner}`)).status).toBe(401);
  });

  it("another account's links are left alone", async () => {
    const user = await t.signUp();
    const neighbour = await t.signUp();
    await requestLink(user.email);
    const theirs = await requestLink(neighbour.email);
    await resetPassword(await requestLink(user.email), 'le-mien-de-cuisine');
    expect(await outstandingLinks(neighbour)).toBe(1);
    expect((await resetPassword(theirs, 'le-leur-de-cuisine')).status).toBe(200);
    expect((await signIn(neighbour.email, 'le-leur-de-cuisine')).status).toBe(200);
  });
});
