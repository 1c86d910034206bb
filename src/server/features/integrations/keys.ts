import { sql, type Kysely } from 'kysely';
import type { ApiCall, ApiKeyCreated, ApiKeySummary, ApiScope } from '../../../shared/api/integrations.ts';
import type { Actor } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { recordAudit } from '../../domain/audit.ts';
import { generateApiKey } from '../../domain/api-keys.ts';
import { notFound } from '../../lib/http.ts';
import { isUuid } from '../../lib/ids.ts';

interface KeyRow {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  rate_per_minute: number;
  created_at: Date;
  created_by_name: string | null;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const summary = (row: KeyRow): ApiKeySummary => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes as ApiScope[],
  ratePerMinute: row.rate_per_minute,
  createdAt: row.created_at.toISOString(),
  createdBy: row.created_by_name,
  lastUsedAt: row.last_used_at?.toISOString() ?? null,
  revokedAt: row.revoked_at?.toISOString() ?? null,
});

const keyColumns = sql`k.id, k.name, k.prefix, k.scopes, k.rate_per_minute, k.created_at, k.last_used_at, k.revoked_at,
  (SELECT user_display_name(u.name, u.email) FROM users u WHERE u.id = k.created_by) AS created_by_name`;

export async function listApiKeys(db: Kysely<DB>, organisationId: string): Promise<ApiKeySummary[]> {
  const { rows } = await sql<KeyRow>`
    SELECT ${keyColumns} FROM api_keys k WHERE k.organisation_id = ${organisationId}
    ORDER BY k.revoked_at IS NOT NULL, k.created_at DESC`.execute(db);
  return rows.map(summary);
}

/** A new key: its SHA-256 is stored, the key itself is answered this once. */
export async function createApiKey(
  db: Kysely<DB>,
  actor: Actor,
  input: { name: string; scopes: ApiScope[] },
): Promise<ApiKeyCreated> {
  const { key, hash, prefix } = generateApiKey();
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('api_keys')
      .values({
        organisation_id: actor.organisationId,
        name: input.name,
        prefix,
        key_hash: hash,
        scopes: input.scopes,
        created_by: actor.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: 'created',
      entity: { type: 'api_key', id, name: input.name },
      details: { scopes: input.scopes },
    });
    const { rows } = await sql<KeyRow>`SELECT ${keyColumns} FROM api_keys k WHERE k.id = ${id}`.execute(trx);
    return { ...summary(rows[0]!), key };
  });
}

/** Revoked at once for every process (the key is read on every call); the row and its calls stay. */
export async function revokeApiKey(db: Kysely<DB>, actor: Actor, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound();
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('api_keys')
      .set({ revoked_at: sql`coalesce(revoked_at, now())` })
      .where('id', '=', id)
      .where('organisation_id', '=', actor.organisationId)
      .returning(['name'])
      .executeTakeFirst();
    if (!row) throw notFound();
    await recordAudit(trx, actor, { action: 'revoked', entity: { type: 'api_key', id, name: row.name } });
  });
}

/** The last calls made with one key (the API's audit trail), newest first. */
export async function listApiCalls(
  db: Kysely<DB>,
  organisationId: string,
  keyId: string,
  limit = 50,
): Promise<ApiCall[]> {
  if (!isUuid(keyId)) throw notFound();
  const key = await db
    .selectFrom('api_keys')
    .select('id')
    .where('id', '=', keyId)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  if (!key) throw notFound();
  const rows = await db
    .selectFrom('api_calls')
    .select(['id', 'created_at', 'method', 'path', 'status', 'request_id'])
    .where('api_key_id', '=', keyId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    at: r.created_at.toISOString(),
    method: r.method,
    path: r.path,
    status: r.status,
    requestId: r.request_id,
  }));
}
