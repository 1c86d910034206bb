import type { Kysely } from 'kysely';
import type { AccountSession } from '../../../shared/api/account.ts';
import type { DB } from '../../db/schema.ts';
import { isUuid } from '../../lib/ids.ts';

/** The owner's unexpired sessions, most recently active first; `currentId` is this request's. */
export async function listOwnSessions(db: Kysely<DB>, userId: string, currentId: string): Promise<AccountSession[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'ip_address', 'created_at', 'updated_at', 'expires_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', new Date())
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    userAgent: r.user_agent,
    ipAddress: r.ip_address,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    expiresAt: r.expires_at.toISOString(),
    current: r.id === currentId,
  }));
}

/** Ends one of the owner's sessions; false when it is not theirs or already gone. */
export async function revokeOwnSession(db: Kysely<DB>, userId: string, sessionId: string): Promise<boolean> {
  if (!isUuid(sessionId)) return false;
  const result = await db
    .deleteFrom('sessions')
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
