import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * What the auth routes (src/server/auth/routes.ts) read of better-auth's tables before handing a
 * request on to it.
 */

/** Whether an account already uses this address (lowercase, as better-auth stores it). */
export async function emailTaken(db: Kysely<DB>, email: string): Promise<boolean> {
  return Boolean(await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst());
}

/**
 * The account a reset link belongs to (the `value` of its `reset-password:<token>` row), or
 * undefined for a token that is unknown, used or expired.
 */
export async function resetLinkAccount(db: Kysely<DB>, token: string): Promise<string | undefined> {
  const link = await db
    .selectFrom('verifications')
    .select('value')
    .where('identifier', '=', `reset-password:${token}`)
    .executeTakeFirst();
  return link?.value;
}
