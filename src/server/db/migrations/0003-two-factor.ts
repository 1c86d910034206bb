import { sql, type Kysely } from 'kysely';

/**
 * Two-factor sign-in (docs/decisions/0006): better-auth's two-factor plugin, in snake_case. One row a
 * user at most (an unverified row is a TOTP enrolment not confirmed yet); the secret and the
 * backup codes are stored encrypted by better-auth with the auth secret.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE users ADD COLUMN two_factor_enabled boolean NOT NULL DEFAULT false;
    CREATE TABLE two_factors (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      secret text NOT NULL,
      backup_codes text NOT NULL,
      verified boolean NOT NULL DEFAULT true,
      failed_verification_count integer NOT NULL DEFAULT 0,
      locked_until timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX two_factors_user_id_idx ON two_factors(user_id);
    CREATE INDEX two_factors_secret_idx ON two_factors(secret);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE IF EXISTS two_factors;
    ALTER TABLE users DROP COLUMN IF EXISTS two_factor_enabled;
  `.execute(db);
}
