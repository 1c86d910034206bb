import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  SESSION_COOKIE,
  TEST_ORIGIN,
  TEST_PASSWORD,
  uniqueEmail,
  type TestApp,
} from '../test/harness.ts';

/**
 * With SMTP_URL set (the harness still hands mails to its log mailer): sign-up asks for a
 * confirmation, and a new e-mail address is used only once the link sent to it is opened.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SMTP_URL: 'smtp://mail.example.test:25' } });
});
afterAll(() => t.close());

/** The link of the newest mail sent to `to`, as a path of the app. */
function lastLinkTo(to: string): string {
  const mail = t.mailbox.filter((m) => m.to === to).at(-1);
  if (!mail) throw new Error(`no mail to ${to}`);
  const url = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!url?.startsWith(TEST_ORIGIN)) throw new Error(`no link in « ${mail.text} »`);
  return url.slice(TEST_ORIGIN.length);
}

async function confirmedOwner() {
  const email = uniqueEmail();
  const signUp = await t.request('POST', '/api/auth/sign-up/email', { body: { email, password: TEST_PASSWORD } });
  expect(signUp.status).toBe(200);
  expect(signUp.cookie ?? '').not.toContain(`${SESSION_COOKIE}=`);
  const early = await t.request('POST', '/api/auth/sign-in/email', { body: { email, password: TEST_PASSWORD } });
  expect(early.status).toBe(403);
  expect(early.body.error.message).toBe('Veuillez confirmer votre adresse email avant de vous connecter');

  const confirm = await t.request('GET', lastLinkTo(email));
  expect(confirm.status).toBe(302);
  expect(confirm.cookie).toContain(`${SESSION_COOKIE}=`);
  return { email, cookie: confirm.cookie! };
}

describe('with outgoing mail', () => {
  it('confirms the address of a new account before it can sign in', async () => {
    const { cookie } = await confirmedOwner();
    const me = await t.request('GET', '/api/me', { cookie });
    expect(me.body.user.emailVerified).toBe(true);
  });

  it('changes the e-mail only when the link sent to the new address is opened', async () => {
    const owner = await confirmedOwner();
    const newEmail = uniqueEmail('nouvelle');
    const res = await t.request('POST', '/api/auth/change-email', {
      cookie: owner.cookie,
      body: { newEmail, callbackURL: 'https://evil.example/' },
    });
    expect(res.status).toBe(200);
    expect((await t.request('GET', '/api/me', { cookie: owner.cookie })).body.user.email).toBe(owner.email);

    const link = lastLinkTo(newEmail);
    expect(link).toContain(encodeURIComponent('/account'));
    expect(link).not.toContain('evil');
    const opened = await t.request('GET', link, { cookie: owner.cookie });
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toMatch(/\/account$/);

    const row = await t.db
      .selectFrom('users')
      .select(['email', 'email_verified'])
      .where('email', '=', newEmail)
      .executeTakeFirst();
    expect(row).toEqual({ email: newEmail, email_verified: true });
    const signIn = await t.request('POST', '/api/auth/sign-in/email', {
      body: { email: newEmail, password: TEST_PASSWORD },
    });
    expect(signIn.status).toBe(200);
    expect(
      (await t.request('POST', '/api/auth/sign-in/email', { body: { email: owner.email, password: TEST_PASSWORD } }))
        .status,
    ).toBe(401);
  });

  it("never moves an account onto another owner's address, nor tells that it exists", async () => {
    const owner = await confirmedOwner();
    const other = await confirmedOwner();
    const sent = t.mailbox.length;
    const res = await t.request('POST', '/api/auth/change-email', {
      cookie: owner.cookie,
      body: { newEmail: other.email },
    });
    expect(res.status).toBe(200);
    expect(t.mailbox.length).toBe(sent);
    expect((await t.request('GET', '/api/me', { cookie: owner.cookie })).body.user.email).toBe(owner.email);
  });

  it('refuses a malformed or identical address in French', async () => {
    const owner = await confirmedOwner();
    const bad = await t.request('POST', '/api/auth/change-email', {
      cookie: owner.cookie,
      body: { newEmail: 'pas-un-email' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.message).toBe('Format d’email invalide');
    const same = await t.request('POST', '/api/auth/change-email', {
      cookie: owner.cookie,
      body: { newEmail: owner.email.toUpperCase() },
    });
    expect(same.status).toBe(422);
    expect(same.body.error.message).toBe('C’est déjà votre adresse email');
  });
});

describe('when the mail server fails', () => {
  it('a reset request for a known address answers as for an unknown one (the mail leaves after the answer)', async () => {
    const { email } = await confirmedOwner();
    const send = t.deps.mailer.send;
    t.deps.mailer.send = async () => {
      throw new Error('SMTP down');
    };
    try {
      const known = await t.request('POST', '/api/auth/request-password-reset', {
        body: { email },
        allowServerError: true,
      });
      // The mail fails (while answering or just after), and the log says so.
      await t.deps.auth.settleBackgroundTasks();
      expect([...known.errorLogs, ...t.takeErrorLogs()].join('\n')).toContain('SMTP down');
      const unknown = await t.request('POST', '/api/auth/request-password-reset', {
        body: { email: uniqueEmail('inconnu') },
      });
      expect({ status: known.status, body: known.body }).toEqual({ status: unknown.status, body: unknown.body });
      expect(known.status).toBe(200);
    } finally {
      t.deps.mailer.send = send;
    }
  });
});
