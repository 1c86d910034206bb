import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabaseBefore } from '../test/migration-fixture.ts';

/** 0008-security on a database filled by the schema before it (src/server/db/migrations/0008-security.ts). */
describe('migration 0008-security', () => {
  it('keeps every row, marks the trial used where a subscription ever started, and voids reset links on a new password', async () => {
    const old = await openDatabaseBefore('0008-security');
    try {
      const db = old.db;
      const user = async (email: string) => {
        const { rows } = await sql<{
          id: string;
        }>`INSERT INTO users (name, email) VALUES ('Chef', ${email}) RETURNING id`.execute(db);
        const id = rows[0]!.id;
        await sql`INSERT INTO accounts (user_id, account_id, provider_id, password) VALUES (${id}, ${id}, 'credential', 'ancien-hash')`.execute(
          db,
        );
        await sql`INSERT INTO verifications (identifier, value, expires_at) VALUES (${`reset-password:${email}-lien`}, ${id}, now() + interval '1 hour')`.execute(
          db,
        );
        return id;
      };
      const fresh = await user('jamais@example.com');
      const trialEnded = await user('essai-fini@example.com');
      const premium = await user('premium@example.com');
      const paidOnce = await user('ancien-abonne@example.com');
      await sql`UPDATE subscriptions SET status = 'canceled', provider = 'demo', trial_end = now() - interval '3 days' WHERE user_id = ${trialEnded}`.execute(
        db,
      );
      await sql`UPDATE subscriptions SET tier = 'premium', status = 'active', provider = 'stripe', customer_id = 'cus_1', provider_subscription_id = 'sub_1' WHERE user_id = ${premium}`.execute(
        db,
      );
      await sql`UPDATE subscriptions SET status = 'canceled', provider = 'stripe', customer_id = 'cus_2', provider_subscription_id = 'sub_2' WHERE user_id = ${paidOnce}`.execute(
        db,
      );
      const counts = async () =>
        (
          await sql<{ users: number; accounts: number; subscriptions: number; links: number }>`
          SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM accounts) AS accounts,
                 (SELECT count(*)::int FROM subscriptions) AS subscriptions, (SELECT count(*)::int FROM verifications) AS links`.execute(
            db,
          )
        ).rows[0];
      const before = await counts();

      // Migration 0009 keyed subscriptions by organisation (its own test): stop at 0008.
      expect(await old.migrateTo('0008-security')).toContain('0008-security');
      expect(await counts()).toEqual(before);

      const { rows: used } = await sql<{ user_id: string; trial_used_at: Date | null; tier: string; status: string }>`
        SELECT user_id, trial_used_at, tier, status FROM subscriptions`.execute(db);
      const usedBy = Object.fromEntries(used.map((r) => [r.user_id, r.trial_used_at !== null]));
      expect(usedBy).toEqual({ [fresh]: false, [trialEnded]: true, [premium]: true, [paidOnce]: true });
      expect(used.find((r) => r.user_id === premium)).toMatchObject({ tier: 'premium', status: 'active' });

      // The address key is the SHA-256 of the lower-cased address, as the server computes it.
      const { rows } = await sql<{ key: string }>`SELECT sign_in_lock_key('Premium@Example.com') AS key`.execute(db);
      expect(rows[0]!.key).toBe(`sign-in-account:${createHash('sha256').update('premium@example.com').digest('hex')}`);
      await sql`INSERT INTO rate_limits (key, count, last_request) VALUES (sign_in_lock_key('premium@example.com'), 11, ${Date.now()}), (sign_in_lock_key('jamais@example.com'), 11, ${Date.now()})`.execute(
        db,
      );

      // A new password on one account: its links and its address lock go, the others stay.
      await sql`UPDATE accounts SET password = 'nouveau-hash' WHERE user_id = ${premium}`.execute(db);
      const links = await db.selectFrom('verifications').select('value').execute();
      expect(links.map((l) => l.value).sort()).toEqual([fresh, trialEnded, paidOnce].sort());
      const locks = await sql<{ key: string }>`SELECT key FROM rate_limits WHERE key LIKE 'sign-in-account:%'`.execute(
        db,
      );
      expect(locks.rows.map((r) => r.key)).toEqual([
        `sign-in-account:${createHash('sha256').update('jamais@example.com').digest('hex')}`,
      ]);
      // An update that leaves the password as it was voids nothing.
      await sql`UPDATE accounts SET password = 'ancien-hash', updated_at = now() WHERE user_id = ${fresh}`.execute(db);
      expect(await db.selectFrom('verifications').select('id').where('value', '=', fresh).execute()).toHaveLength(1);
    } finally {
      await old.close();
    }
  });
});
