import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionTokenOf, type TestApp } from '../../test/harness.ts';
import { purgeExpired } from './purge.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('purge of expired rows', () => {
  it('erases expired sessions, tokens and stale counters, and keeps everything alive', async () => {
    const owner = await t.signUp();
    const hourAgo = new Date(Date.now() - 3_600_000);
    const stale = await t.request('POST', '/api/auth/sign-in/email', {
      body: { email: owner.email, password: owner.password },
    });
    expect(stale.status).toBe(200);
    await t.db
      .updateTable('sessions')
      .set({ expires_at: hourAgo })
      .where('token', '=', sessionTokenOf(stale.cookie))
      .execute();
    await t.request('POST', '/api/auth/request-password-reset', { body: { email: owner.email } });
    await t.db.updateTable('verifications').set({ expires_at: hourAgo }).where('value', '=', owner.user.id).execute();
    await sql`INSERT INTO rate_limits (key, count, last_request) VALUES ('old-key', 3, ${Date.now() - 2 * 86_400_000}), ('fresh-key', 1, ${Date.now()})`.execute(
      t.db,
    );

    const counts = await purgeExpired(t.db);
    expect(counts).toMatchObject({ sessions: 1, verifications: 1 });
    expect(counts.rateLimits).toBeGreaterThanOrEqual(1);

    expect(await t.db.selectFrom('sessions').select('id').where('user_id', '=', owner.user.id).execute()).toHaveLength(
      1,
    );
    expect((await t.request('GET', '/api/me', { cookie: owner.cookie })).status).toBe(200);
    const keys = (
      await sql<{ key: string }>`SELECT key FROM rate_limits WHERE key IN ('old-key', 'fresh-key')`.execute(t.db)
    ).rows.map((r) => r.key);
    expect(keys).toEqual(['fresh-key']);
    expect(await purgeExpired(t.db)).toEqual({ sessions: 0, verifications: 0, rateLimits: 0, apiCalls: 0 });
  });

  it('forgets the public API’s calls after 90 days', async () => {
    const owner = await t.signUp();
    const { key, id } = (
      await t.request('POST', '/api/integrations/keys', {
        cookie: owner.cookie,
        body: { name: 'Caisse', scopes: ['menus:read'] },
      })
    ).body;
    for (let i = 0; i < 2; i += 1)
      await t.request('GET', '/api/v1/menus', { headers: { authorization: `Bearer ${key}` } });
    const [old] = await t.db.selectFrom('api_calls').select('id').where('api_key_id', '=', id).orderBy('id').execute();
    await t.db
      .updateTable('api_calls')
      .set({ created_at: new Date(Date.now() - 91 * 86_400_000) })
      .where('id', '=', old!.id)
      .execute();
    expect((await purgeExpired(t.db)).apiCalls).toBe(1);
    expect(await t.db.selectFrom('api_calls').select('id').where('api_key_id', '=', id).execute()).toHaveLength(1);
  });
});
