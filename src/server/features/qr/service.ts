import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { qrMessages, type QrCode, type QrCreateInput } from '../../../shared/api/qr.ts';
import type { Actor } from '../../context.ts';
import { preparedOnPostgres } from '../../db/prepared.ts';
import type { DB } from '../../db/schema.ts';
import { recordAudit } from '../../domain/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { notFound } from '../../lib/http.ts';
import { isUuid } from '../../lib/ids.ts';
import { assertUsableOnPlan, assertWithinPlanLimit, beyondFreePlan } from '../../domain/plan-limits.ts';
import { subscriptionState } from '../../domain/subscription.ts';
import { tierOf } from '../../../shared/plans.ts';
import { enqueueEvent } from '../../domain/outbox.ts';

function selectQrCodes(db: Kysely<DB>) {
  return db
    .selectFrom('qr_codes as q')
    .innerJoin('menus as m', 'm.id', 'q.menu_id')
    .select([
      'q.id',
      'q.name',
      'q.qr_data',
      'q.status',
      'q.scan_count',
      'q.created_at',
      'm.id as menu_id',
      'm.name as menu_name',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectQrCodes>['executeTakeFirstOrThrow']>>;

const toQrCode = (r: Row): QrCode => ({
  id: r.id,
  name: r.name,
  qrData: r.qr_data,
  status: r.status,
  scanCount: r.scan_count,
  createdAt: r.created_at.toISOString(),
  menu: { id: r.menu_id, name: r.menu_name },
});

/** The public URL printed in the code: the server counts the scan there, then redirects. */
const qrUrl = (publicOrigin: string, id: string) => `${publicOrigin}/qr/${id}`;

export async function listQrCodes(db: Kysely<DB>, organisationId: string): Promise<QrCode[]> {
  const rows = await selectQrCodes(db)
    .where('q.organisation_id', '=', organisationId)
    .orderBy('q.created_at', 'desc')
    .orderBy('q.id')
    .execute();
  return rows.map(toQrCode);
}

async function getQrCode(db: Kysely<DB>, organisationId: string, id: string): Promise<QrCode> {
  const row = await selectQrCodes(db)
    .where('q.id', '=', id)
    .where('q.organisation_id', '=', organisationId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return toQrCode(row);
}

/** One insert with the final URL: the id is chosen here, so no half-made code can exist. */
export async function createQrCode(
  db: Kysely<DB>,
  actor: Actor,
  publicOrigin: string,
  input: Required<QrCreateInput>,
): Promise<QrCode> {
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    await assertWithinPlanLimit(trx, actor.organisationId, 'qrCodes');
    const menu = await trx
      .selectFrom('menus')
      .select('id')
      .where('id', '=', input.menuId)
      .where('organisation_id', '=', actor.organisationId)
      .executeTakeFirst();
    if (!menu) throw new AppError('validation', 422, qrMessages.menuRequired, { menuId: qrMessages.menuRequired });
    await trx
      .insertInto('qr_codes')
      .values({
        id,
        organisation_id: actor.organisationId,
        created_by: actor.userId,
        menu_id: menu.id,
        name: input.name,
        qr_data: qrUrl(publicOrigin, id),
        status: 'active',
      })
      .execute();
    await recordAudit(trx, actor, { action: 'created', entity: { type: 'qr_code', id, name: input.name } });
    await enqueueEvent(trx, actor.userId, 'qr_code_created', {
      timestamp: new Date().toISOString(),
      qr_code_id: id,
      qr_code_name: input.name,
    });
  });
  return getQrCode(db, actor.organisationId, id);
}

export async function setQrStatus(
  db: Kysely<DB>,
  actor: Actor,
  id: string,
  status: 'active' | 'inactive',
): Promise<QrCode> {
  if (!isUuid(id)) throw notFound();
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('qr_codes')
      .select(['status', 'name'])
      .where('id', '=', id)
      .where('organisation_id', '=', actor.organisationId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound();
    await assertUsableOnPlan(trx, actor.organisationId, 'qrCodes', id);
    await trx.updateTable('qr_codes').set({ status, updated_at: new Date() }).where('id', '=', id).execute();
    await recordAudit(trx, actor, {
      action: 'status_changed',
      entity: { type: 'qr_code', id, name: before.name },
      details: { from: before.status, to: status },
    });
    await enqueueEvent(trx, actor.userId, 'qr_code_status_changed', {
      qr_code_id: id,
      new_status: status,
      old_status: before.status,
    });
  });
  return getQrCode(db, actor.organisationId, id);
}

export async function deleteQrCode(db: Kysely<DB>, actor: Actor, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound();
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('qr_codes')
      .where('id', '=', id)
      .where('organisation_id', '=', actor.organisationId)
      .returning('name')
      .executeTakeFirst();
    if (!row) throw notFound();
    await recordAudit(trx, actor, { action: 'deleted', entity: { type: 'qr_code', id, name: row.name } });
    await enqueueEvent(trx, actor.userId, 'qr_code_deleted', { qr_code_id: id });
  });
}

/** A member downloaded the PNG of a code (qr_code_downloaded): printing is open to every role. */
export async function recordDownload(db: Kysely<DB>, actor: Actor, id: string, size: number): Promise<void> {
  if (!isUuid(id)) throw notFound();
  await db.transaction().execute(async (trx) => {
    const code = await trx
      .selectFrom('qr_codes')
      .select('name')
      .where('id', '=', id)
      .where('organisation_id', '=', actor.organisationId)
      .executeTakeFirst();
    if (!code) throw notFound();
    await enqueueEvent(trx, actor.userId, 'qr_code_downloaded', { qr_code_name: code.name, download_size: size });
  });
}

/**
 * `unavailable`: the code exists but it, or its menu, is switched off; the diner is told so
 * calmly, with the name of the menu's establishment. `unknown`: no such code.
 */
export type ScanResult =
  | { ok: true; menuId: string }
  | { ok: false; reason: 'unknown' }
  | { ok: false; reason: 'unavailable'; restaurantName: string | null };

/** Where a scan of an active code leads, and whose it is (the key of the diner's cache). */
export interface ScanTarget {
  menuId: string;
  organisationId: string;
  /** When a paid period ends (the target may then be beyond the free plan: DECISIONS 21), or null. */
  changesAt: Date | null;
}

/**
 * What a scan of `id` leads to (docs/product/decisions.md 11), in one query; the scan itself is
 * counted by the ScanBuffer (src/server/features/qr/scan-buffer.ts), in batches.
 */
export async function findScanTarget(db: Kysely<DB>, id: string): Promise<{ result: ScanResult; target?: ScanTarget }> {
  if (!isUuid(id)) return { result: { ok: false, reason: 'unknown' } };
  const query = db
    .selectFrom('qr_codes as q')
    .innerJoin('menus as m', 'm.id', 'q.menu_id')
    .innerJoin('establishments as e', 'e.id', 'm.establishment_id')
    .leftJoin('subscriptions as sub', 'sub.organisation_id', 'q.organisation_id')
    .select(['q.menu_id', 'q.organisation_id', 'q.status', 'm.is_active', 'e.name'])
    .select(['sub.tier', 'sub.status as sub_status', 'sub.current_period_end', 'sub.cancel_at_period_end'])
    .select([beyondFreePlan('qrCodes', 'q').as('code_beyond'), beyondFreePlan('menus', 'm').as('menu_beyond')])
    .where('q.id', '=', id)
    .compile();
  preparedOnPostgres(query.sql);
  const [row] = (await db.executeQuery(query)).rows;
  if (!row) return { result: { ok: false, reason: 'unknown' } };
  // After a downgrade only the oldest code and the oldest menu stay in use (DECISIONS 21).
  const now = new Date();
  const premium = tierOf(subscriptionState({ ...row, status: row.sub_status }), now) === 'premium';
  const free = !premium && (row.code_beyond || row.menu_beyond);
  if (row.status !== 'active' || !row.is_active || free)
    return { result: { ok: false, reason: 'unavailable', restaurantName: row.name } };
  return {
    result: { ok: true, menuId: row.menu_id },
    target: {
      menuId: row.menu_id,
      organisationId: row.organisation_id,
      changesAt: premium && row.current_period_end && row.current_period_end > now ? row.current_period_end : null,
    },
  };
}
