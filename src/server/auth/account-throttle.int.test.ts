import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { createTestApp, TEST_PASSWORD, uniqueEmail, type TestApp, type TestResponse } from '../test/harness.ts';

/**
 * docs/decisions/0011-account-throttle-and-413.md: a per-address sign-in throttle
 * (src/server/auth/account-throttle.ts), here at 3 wrong passwords per 300 s; the per-client limit
 * is out of the way (10,000).
 */
const MAX = 3;
const WINDOW_SECONDS = 300;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { AUTH_ACCOUNT_MAX_FAILURES: String(MAX), AUTH_ACCOUNT_WINDOW_SECONDS: String(WINDOW_SECONDS) },
  });
});
afterAll(() => t?.close());

const signIn = (email: string, password: string) =>
  t.request('POST', '/api/auth/sign-in/email', { body: { email, password } });
const invalid = { error: { code: 'unauthenticated', message: messages.auth.invalidCredentials } };

async function fail(email: string, times: number) {
  for (let i = 0; i < times; i++) {
    const res = await signIn(email, `mauvais-${i}`);
    expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: invalid });
  }
}

function expectLocked(res: TestResponse) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
  expect(res.body).toEqual({
    error: { code: 'rate_limited', message: messages.auth.accountLocked(Math.ceil(retryAfter / 60)) },
  });
  expect(res.body.error.message).toMatch(
    /^Trop de tentatives de connexion pour cette adresse\. Réessayez dans \d+\s+minutes?, ou choisissez un nouveau mot de passe/,
  );
  expect(res.setCookie).toEqual([]);
}

/** Moves the address's window into the past, as if `seconds` had gone by. */
async function timePasses(email: string, seconds: number) {
  await sql`UPDATE rate_limits SET last_request = last_request - ${seconds * 1000} WHERE key = sign_in_lock_key(${email})`.execute(
    t.db,
  );
}

describe('per-address sign-in throttle', () => {
  it(`after ${MAX} wrong passwords the address is locked: 429 with Retry-After, even for the right password, which reveals nothing`, async () => {
    const { email } = await t.signUp();
    await fail(email, MAX);
    const wrong = await signIn(email, 'encore-faux');
    const right = await signIn(email, TEST_PASSWORD);
    expectLocked(wrong);
    expectLocked(right);
    expect(right.body.error.message).toContain('Réessayez dans 5 minutes');
    expect({ status: right.status, body: right.body }).toEqual({ status: wrong.status, body: wrong.body });
    // The case of the address changes nothing.
    expectLocked(await signIn(email.toUpperCase(), TEST_PASSWORD));
  });

  it('an unknown address gets exactly the same answers (no way to tell which accounts exist)', async () => {
    const { email: known } = await t.signUp();
    const unknown = uniqueEmail('inconnu');
    for (const email of [known, unknown]) await fail(email, MAX);
    const a = await signIn(known, 'x-mauvais');
    const b = await signIn(unknown, 'x-mauvais');
    expectLocked(a);
    expectLocked(b);
    expect(b.body).toEqual(a.body);
  });

  it('only that address is locked; a right password before the limit starts the count again', async () => {
    const victim = await t.signUp();
    const other = await t.signUp();
    await fail(victim.email, MAX);
    expectLocked(await signIn(victim.email, TEST_PASSWORD));
    expect((await signIn(other.email, TEST_PASSWORD)).status).toBe(200);

    await fail(other.email, MAX - 1);
    expect((await signIn(other.email, TEST_PASSWORD)).status).toBe(200);
    await fail(other.email, MAX);
    expectLocked(await signIn(other.email, TEST_PASSWORD));
  });

  it('the lock ends with the window: the owner signs in again', async () => {
    const { email } = await t.signUp();
    await fail(email, MAX);
    expectLocked(await signIn(email, TEST_PASSWORD));
    await timePasses(email, WINDOW_SECONDS - 30);
    const soon = await signIn(email, TEST_PASSWORD);
    expectLocked(soon);
    expect(Number(soon.headers.get('retry-after'))).toBeLessThanOrEqual(30);
    expect(soon.body.error.message).toContain('Réessayez dans 1 minute,');
    await timePasses(email, 30);
    expect((await signIn(email, TEST_PASSWORD)).status).toBe(200);
  });

  it('a new password from a reset link lifts the lock at once', async () => {
    const { email } = await t.signUp();
    await fail(email, MAX);
    expectLocked(await signIn(email, TEST_PASSWORD));
    const before = t.mailbox.length;
    expect((await t.request('POST', '/api/auth/request-password-reset', { body: { email } })).status).toBe(200);
    await t.deps.auth.settleBackgroundTasks();
    const token = /\/api\/auth\/reset-password\/([\w-]+)\?/.exec(
      t.mailbox.slice(before).find((m) => m.to === email)?.text ?? '',
    )?.[1];
    expect(
      (await t.request('POST', '/api/auth/reset-password', { body: { token, newPassword: 'nouveau-secret' } })).status,
    ).toBe(200);
    expect((await signIn(email, 'nouveau-secret')).status).toBe(200);
  });

  it(`parallel attempts cannot slip through: of 12 at once, ${MAX} are checked`, async () => {
    const { email } = await t.signUp();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => signIn(email, `parallele-${i}`)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(MAX);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - MAX);
  });

  it('bad input is refused before counting: it locks nothing', async () => {
    const { email } = await t.signUp();
    for (let i = 0; i < MAX + 2; i++) expect((await signIn(email, '')).status).toBe(422);
    expect((await signIn(email, TEST_PASSWORD)).status).toBe(200);
  });
});
