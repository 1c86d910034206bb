import { sql, type Kysely, type Transaction } from 'kysely';
import type { AuditAction, AuditEntity, AuditEvent } from '../../shared/api/organisations.ts';
import type { Actor } from '../context.ts';
import type { DB } from '../db/schema.ts';

export interface AuditEntry {
  action: AuditAction;
  entity: { type: AuditEntity; id: string | null; name: string };
  details?: Record<string, unknown>;
}

/**
 * Writes one line of the organisation's « Historique » in the caller's transaction: it exists
 * if and only if the change was committed (docs/decisions/0016-organisations.md). The actor's
 * name is the one shown now (`user_display_name`: the account's name, else the local part of
 * its address), kept if the account is deleted later.
 */
export async function recordAudit(trx: Transaction<DB>, actor: Actor, entry: AuditEntry): Promise<void> {
  await sql`
    INSERT INTO audit_events (organisation_id, actor_id, actor_name, action, entity_type, entity_id, entity_name, details)
    SELECT ${actor.organisationId}, u.id, user_display_name(u.name, u.email), ${entry.action}, ${entry.entity.type},
           ${entry.entity.id}, ${entry.entity.name}, ${JSON.stringify(entry.details ?? {})}::jsonb
    FROM users u WHERE u.id = ${actor.userId}`.execute(trx);
}

export interface AuditFilter {
  organisationId: string;
  /** Only the events of this row. */
  entity?: { type: AuditEntity; id: string };
  /** Only events older than this id (the cursor of the previous page). */
  before?: number;
  limit: number;
}

/** The organisation's events, newest first. */
export async function listAuditEvents(db: Kysely<DB>, filter: AuditFilter): Promise<AuditEvent[]> {
  let query = db
    .selectFrom('audit_events')
    .select([
      'id',
      'created_at',
      'actor_id',
      'actor_name',
      'action',
      'entity_type',
      'entity_id',
      'entity_name',
      'details',
    ])
    .where('organisation_id', '=', filter.organisationId);
  if (filter.entity)
    query = query.where('entity_type', '=', filter.entity.type).where('entity_id', '=', filter.entity.id);
  if (filter.before !== undefined) query = query.where('id', '<', filter.before);
  const rows = await query.orderBy('id', 'desc').limit(filter.limit).execute();
  return rows.map((row) => ({
    id: String(row.id),
    at: row.created_at.toISOString(),
    actor: { userId: row.actor_id, name: row.actor_name },
    action: row.action as AuditAction,
    entity: { type: row.entity_type as AuditEntity, id: row.entity_id, name: row.entity_name },
    details: row.details,
  }));
}
