import { sql, type Kysely } from 'kysely';

/**
 * Security findings (docs/decisions/0011-account-throttle-and-413.md):
 * - A new password (reset link or « Mon compte ») voids every reset link still out for the
 *   account and lifts the sign-in lock of its address, in the transaction that changes it.
 * - `sign_in_lock_key(email)`: the `rate_limits` key of the per-address sign-in counter, one
 *   definition for the server (src/server/auth/account-throttle.ts) and the trigger. The
 *   address is hashed: the table also holds addresses that have no account.
 * - `subscriptions.trial_used_at`: one free trial per owner. Rows that already had a trial or
 *   a subscription count as used (when: their last update, the best date they hold).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION sign_in_lock_key(email text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
      AS $$ SELECT 'sign-in-account:' || encode(sha256(convert_to(lower(email), 'UTF8')), 'hex') $$;

    CREATE FUNCTION end_password_links() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM verifications WHERE identifier LIKE 'reset-password:%' AND value = NEW.user_id::text;
      DELETE FROM rate_limits WHERE key = (SELECT sign_in_lock_key(email) FROM users WHERE id = NEW.user_id);
      RETURN NEW;
    END $$;
    CREATE TRIGGER accounts_password_changed AFTER UPDATE OF password ON accounts
      FOR EACH ROW WHEN (OLD.password IS DISTINCT FROM NEW.password) EXECUTE FUNCTION end_password_links();

    ALTER TABLE subscriptions ADD COLUMN trial_used_at timestamptz;
    UPDATE subscriptions SET trial_used_at = updated_at
      WHERE trial_end IS NOT NULL OR provider_subscription_id IS NOT NULL OR tier = 'premium';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE subscriptions DROP COLUMN IF EXISTS trial_used_at;
    DROP TRIGGER IF EXISTS accounts_password_changed ON accounts;
    DROP FUNCTION IF EXISTS end_password_links();
    DROP FUNCTION IF EXISTS sign_in_lock_key(text);
  `.execute(db);
}
