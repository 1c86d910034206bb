import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('two-factor enrolment twice at once', () => {
  it('leaves one secret for the account, and both clicks get an answer', async () => {
    const user = await t.signUp();
    // better-auth logs the second insert's duplicate key as an error before src/server/auth/routes.ts
    // tries again: the statuses below say whether the clicks got their answer.
    const enable = () =>
      t.request('POST', '/api/auth/two-factor/enable', {
        body: { password: TEST_PASSWORD },
        cookie: user.cookie,
        allowServerError: true,
      });
    const answers = await Promise.all([enable(), enable()]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(
      await t.db.selectFrom('two_factors').select('id').where('user_id', '=', user.user.id).execute(),
    ).toHaveLength(1);
  });
});
