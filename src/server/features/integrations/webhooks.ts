import { sql, type Kysely } from 'kysely';
import {
  integrationMessages as m,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
} from '../../../shared/api/integrations.ts';
import type { Actor } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { recordAudit } from '../../domain/audit.ts';
import { generateWebhookSecret } from '../../domain/webhooks/signature.ts';
import { AppError } from '../../lib/errors.ts';
import { notFound } from '../../lib/http.ts';
import { isUuid } from '../../lib/ids.ts';
import { resolvesToPublic } from '../../lib/safe-address.ts';

export interface EndpointPolicy {
  /** Production: https only, and never an address of a private or loopback network (SSRF). */
  production: boolean;
  /** Resolves a host name (tests give their own). */
  resolve?: (host: string) => Promise<'public' | 'private' | 'unresolved'>;
}

/** 422 next to `url` when production may not call it (docs/decisions/0039-public-api-and-operations.md « SSRF »). */
export async function checkEndpointUrl(url: string, policy: EndpointPolicy): Promise<void> {
  if (!policy.production) return;
  const target = new URL(url);
  const refuse = (message: string) => {
    throw new AppError('validation', 422, message, { url: message });
  };
  if (target.protocol !== 'https:') refuse(m.urlHttps);
  const verdict = await (policy.resolve ?? resolvesToPublic)(target.hostname);
  if (verdict === 'private') refuse(m.urlPrivate);
  if (verdict === 'unresolved') refuse(m.urlUnresolved);
}

interface EndpointRow {
  id: string;
  url: string;
  events: string[];
  is_active: boolean;
  version: number;
  created_at: Date;
}

const endpointOf = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  events: row.events as WebhookEvent[],
  active: row.is_active,
  version: row.version,
  createdAt: row.created_at.toISOString(),
});

const COLUMNS = ['id', 'url', 'events', 'is_active', 'version', 'created_at'] as const;

export async function listWebhooks(db: Kysely<DB>, organisationId: string): Promise<WebhookEndpoint[]> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .select(COLUMNS)
    .where('organisation_id', '=', organisationId)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map(endpointOf);
}

/** A new endpoint; its signing secret is answered this once. */
export async function createWebhook(
  db: Kysely<DB>,
  actor: Actor,
  input: { url: string; events: WebhookEvent[] },
  policy: EndpointPolicy,
): Promise<WebhookEndpoint> {
  await checkEndpointUrl(input.url, policy);
  const secret = generateWebhookSecret();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('webhook_endpoints')
      .values({
        organisation_id: actor.organisationId,
        url: input.url,
        events: input.events,
        secret,
        created_by: actor.userId,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: 'created',
      entity: { type: 'webhook', id: row.id, name: input.url },
      details: { events: input.events },
    });
    return { ...endpointOf(row), secret };
  });
}

async function lockOwned(db: Kysely<DB>, organisationId: string, id: string) {
  if (!isUuid(id)) throw notFound();
  const row = await db
    .selectFrom('webhook_endpoints')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('organisation_id', '=', organisationId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** PATCH: absent fields unchanged; a stale `version` → 409 and nothing changes. */
export async function updateWebhook(
  db: Kysely<DB>,
  actor: Actor,
  id: string,
  input: { url?: string | undefined; events?: WebhookEvent[] | undefined; active?: boolean | undefined },
  version: number | undefined,
  policy: EndpointPolicy,
): Promise<WebhookEndpoint> {
  if (input.url !== undefined) await checkEndpointUrl(input.url, policy);
  return db.transaction().execute(async (trx) => {
    const current = await lockOwned(trx, actor.organisationId, id);
    if (version !== undefined && version !== current.version) throw new AppError('conflict', 409, m.webhookConflict);
    const row = await trx
      .updateTable('webhook_endpoints')
      .set({
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.events !== undefined ? { events: input.events } : {}),
        ...(input.active !== undefined ? { is_active: input.active } : {}),
        version: sql`version + 1`,
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: 'updated',
      entity: { type: 'webhook', id, name: row.url },
      details: { ...(input.active !== undefined ? { active: input.active } : {}) },
    });
    return endpointOf(row);
  });
}

/** Deleted with its deliveries (pending ones are not sent). */
export async function deleteWebhook(db: Kysely<DB>, actor: Actor, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const current = await lockOwned(trx, actor.organisationId, id);
    await trx.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
    await recordAudit(trx, actor, { action: 'deleted', entity: { type: 'webhook', id, name: current.url } });
  });
}

interface DeliveryRow {
  id: number;
  name: string;
  payload: Record<string, unknown>;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  response_status: number | null;
  last_error: string | null;
  created_at: Date;
  delivered_at: Date | null;
  available_at: Date;
}

const deliveryOf = (row: DeliveryRow): WebhookDelivery => ({
  id: String(row.id),
  eventId: String(row.payload.id ?? ''),
  type: row.name as WebhookEvent,
  status: row.status,
  attempts: row.attempts,
  responseStatus: row.response_status,
  lastError: row.last_error,
  createdAt: row.created_at.toISOString(),
  deliveredAt: row.delivered_at?.toISOString() ?? null,
  nextAttemptAt: row.status === 'pending' ? row.available_at.toISOString() : null,
});

/** The endpoint's last deliveries, newest first (the delivery log of « Intégrations »). */
export async function listDeliveries(
  db: Kysely<DB>,
  organisationId: string,
  endpointId: string,
  limit = 50,
): Promise<WebhookDelivery[]> {
  if (!isUuid(endpointId)) throw notFound();
  const owned = await db
    .selectFrom('webhook_endpoints')
    .select('id')
    .where('id', '=', endpointId)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  if (!owned) throw notFound();
  const rows = await db
    .selectFrom('event_outbox')
    .select([
      'id',
      'name',
      'payload',
      'status',
      'attempts',
      'response_status',
      'last_error',
      'created_at',
      'delivered_at',
      'available_at',
    ])
    .where('webhook_endpoint_id', '=', endpointId)
    .where('kind', '=', 'webhook')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => deliveryOf(row as DeliveryRow));
}

/**
 * « Renvoyer »: the same event (same id, so a receiver that already has it ignores it) queued
 * again as a new delivery, sent by the next pass of the outbox worker.
 */
export async function resendDelivery(
  db: Kysely<DB>,
  organisationId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  if (!/^\d{1,18}$/.test(deliveryId)) throw notFound();
  const { rows } = await sql<DeliveryRow>`
    INSERT INTO event_outbox (kind, name, payload, organisation_id, webhook_endpoint_id)
    SELECT o.kind, o.name, o.payload, o.organisation_id, o.webhook_endpoint_id
    FROM event_outbox o JOIN webhook_endpoints e ON e.id = o.webhook_endpoint_id
    WHERE o.id = ${Number(deliveryId)} AND o.kind = 'webhook' AND e.organisation_id = ${organisationId}
    RETURNING id, name, payload, status, attempts, response_status, last_error, created_at, delivered_at, available_at`.execute(
    db,
  );
  if (!rows[0]) throw notFound();
  return deliveryOf(rows[0]);
}
