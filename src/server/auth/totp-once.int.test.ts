import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { totp, totpKey } from '../test/totp.ts';
import { createTestApp, SESSION_COOKIE, TEST_PASSWORD, type TestApp } from '../test/harness.ts';

/**
 * A TOTP code works once (src/server/auth/totp-replay.ts): the outside attack signed in twice
 * with one code inside its 30-second window. Replayed, it is a wrong code; the next step's works.
 */
const a = messages.account;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const wrongCode = {
  error: { code: 'validation', message: a.twoFactorInvalidCode, fields: { code: a.twoFactorInvalidCode } },
};
const sessions = async (userId: string) =>
  (await t.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute()).length;

const verify = (code: string, cookie: string | undefined) =>
  t.request('POST', '/api/auth/two-factor/verify-totp', { body: { code }, cookie });

/** A new account with two-factor on, confirmed with the previous step's code (the current one stays unused). */
async function enrolled() {
  const user = await t.signUp();
  const enabled = await t.request('POST', '/api/auth/two-factor/enable', {
    body: { password: TEST_PASSWORD },
    cookie: user.cookie,
  });
  const key = totpKey(enabled.body.totpURI);
  const enrolCode = totp(key, { stepOffset: -1 });
  const on = await verify(enrolCode, user.cookie);
  expect(on.status).toBe(200);
  return { user, key, enrolCode, signedIn: on.cookie! };
}

describe('a two-factor code works once', () => {
  it('enrolment, then two sign-ins: the code that opened a session opens no second one', async () => {
    const { user, key, enrolCode, signedIn } = await enrolled();

    const challenge = async () => {
      const res = await t.request('POST', '/api/auth/sign-in/email', {
        body: { email: user.email, password: TEST_PASSWORD },
      });
      expect(res.body.twoFactorRedirect).toBe(true);
      return res.cookie!;
    };
    // The enrolment's code, still inside its window, opens no session.
    const replayedEnrolment = await verify(enrolCode, await challenge());
    expect({ status: replayedEnrolment.status, body: replayedEnrolment.body }).toEqual({
      status: 422,
      body: wrongCode,
    });

    const code = totp(key);
    const before = await sessions(user.user.id);
    const first = await verify(code, await challenge());
    expect(first.status).toBe(200);
    expect(first.cookie).toContain(`${SESSION_COOKIE}=`);
    expect(await sessions(user.user.id)).toBe(before + 1);

    // A second sign-in with the same code, as the attack did: refused, no session.
    const second = await verify(code, await challenge());
    expect({ status: second.status, body: second.body }).toEqual({ status: 422, body: wrongCode });
    expect(second.cookie ?? '').not.toContain(SESSION_COOKIE);
    expect(await sessions(user.user.id)).toBe(before + 1);

    // A wrong code is not kept: the challenge still takes the next step's right code.
    const third = await challenge();
    const next = totp(key, { stepOffset: 1 });
    expect((await verify(next === '000000' ? '111111' : '000000', third)).status).toBe(422);
    const ok = await verify(next, third);
    expect(ok.status).toBe(200);
    expect((await t.request('GET', '/api/me', { cookie: signedIn })).status).toBe(200);
  });

  it('two sign-ins sending one code at the same moment: one session, one refusal', async () => {
    const { user, key } = await enrolled();
    const challenges = await Promise.all(
      [1, 2].map(async () => {
        const res = await t.request('POST', '/api/auth/sign-in/email', {
          body: { email: user.email, password: TEST_PASSWORD },
        });
        return res.cookie!;
      }),
    );
    const code = totp(key);
    const answers = await Promise.all(
      challenges.map((cookie) => t.request('POST', '/api/auth/two-factor/verify-totp', { body: { code }, cookie })),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([200, 422]);
  });
});
