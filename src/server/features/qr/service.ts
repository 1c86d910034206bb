import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { qrMessages, type QrCode, type QrCreateInput } from '../../../shared/api/qr.ts';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { notFound } from '../../lib/http.ts';
import { isUuid } from '../../lib/ids.ts';
import { assertWithinPlanLimit } from '../../domain/plan-limits.ts';
import { enqueueEvent } from '../../domain/outbox.ts';

function selectQrCodes(db: Kysely<DB>) {
  return db
    .selectFrom('qr_codes as q')
    .innerJoin('menus as m', 'm.id', 'q.menu_id')
    .select(['q.id', 'q.name', 'q.qr_data', 'q.status', 'q.scan_count', 'q.created_at', 'm.id as menu_id', 'm.name as menu_name']);
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
export const qrUrl = (publicOrigin: string, id: string) => `${publicOrigin}/qr/${id}`;

export async function listQrCodes(db: Kysely<DB>, userId: string): Promise<QrCode[]> {
  const rows = await selectQrCodes(db).where('q.user_id', '=', userId).orderBy('q.created_at', 'desc').orderBy('q.id').execute();
  return rows.map(toQrCode);
}

async function getQrCode(db: Kysely<DB>, userId: string, id: string): Promise<QrCode> {
  const row = await selectQrCodes(db).where('q.id', '=', id).where('q.user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound();
  return toQrCode(row);
}

/** One insert with the final URL: the id is chosen here, so no half-made code can exist. */
export async function createQrCode(db: Kysely<DB>, userId: string, publicOrigin: string, input: Required<QrCreateInput>): Promise<QrCode> {
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    await assertWithinPlanLimit(trx, userId, 'qrCodes');
    const menu = await trx.selectFrom('menus').select('id').where('id', '=', input.menuId).where('user_id', '=', userId).executeTakeFirst();
    if (!menu) throw new AppError('validation', 422, qrMessages.menuRequired, { menuId: qrMessages.menuRequired });
    await trx
      .insertInto('qr_codes')
      .values({ id, user_id: userId, menu_id: menu.id, name: input.name, qr_data: qrUrl(publicOrigin, id), status: 'active' })
      .execute();
    await enqueueEvent(trx, userId, 'qr_code_created', { timestamp: new Date().toISOString(), qr_code_id: id, qr_code_name: input.name });
  });
  return getQrCode(db, userId, id);
}

export async function setQrStatus(db: Kysely<DB>, userId: string, id: string, status: 'active' | 'inactive'): Promise<QrCode> {
  if (!isUuid(id)) throw notFound();
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('qr_codes').select('status').where('id', '=', id).where('user_id', '=', userId).forUpdate().executeTakeFirst();
    if (!before) throw notFound();
    await trx.updateTable('qr_codes').set({ status, updated_at: new Date() }).where('id', '=', id).execute();
    await enqueueEvent(trx, userId, 'qr_code_status_changed', { qr_code_id: id, new_status: status, old_status: before.status });
  });
  return getQrCode(db, userId, id);
}

export async function deleteQrCode(db: Kysely<DB>, userId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound();
  await db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom('qr_codes').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound();
    await enqueueEvent(trx, userId, 'qr_code_deleted', { qr_code_id: id });
  });
}

/** The owner downloaded the PNG of a code (qr_code_downloaded). */
export async function recordDownload(db: Kysely<DB>, userId: string, id: string, size: number): Promise<void> {
  if (!isUuid(id)) throw notFound();
  await db.transaction().execute(async (trx) => {
    const code = await trx.selectFrom('qr_codes').select('name').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    if (!code) throw notFound();
    await enqueueEvent(trx, userId, 'qr_code_downloaded', { qr_code_name: code.name, download_size: size });
  });
}

/**
 * `unavailable`: the code exists but it, or its menu, is switched off; the diner is told so
 * calmly, with the restaurant's name. `unknown`: no such code.
 */
export type ScanResult = { ok: true; menuId: string } | { ok: false; reason: 'unknown' } | { ok: false; reason: 'unavailable'; restaurantName: string | null };

/**
 * Counts one scan of an active code of an active menu (docs/product/decisions.md 11): the increment and
 * the timestamped scan row are one statement, so concurrent scans are all counted exactly.
 */
export async function recordScan(db: Kysely<DB>, id: string): Promise<ScanResult> {
  if (!isUuid(id)) return { ok: false, reason: 'unknown' };
  const { rows } = await sql<{ menu_id: string }>`
    WITH hit AS (
      UPDATE qr_codes AS q SET scan_count = q.scan_count + 1
      FROM menus AS m
      WHERE q.id = ${id} AND q.status = 'active' AND m.id = q.menu_id AND m.is_active
      RETURNING q.id, q.name, q.menu_id, q.user_id, m.name AS menu_name
    ), scan AS (
      INSERT INTO qr_scans (qr_code_id) SELECT id FROM hit RETURNING scanned_at
    ), event AS (
      -- qr_code_scanned goes to the owner's contact (not an anonymous one), in the same statement.
      INSERT INTO event_outbox (user_id, kind, name, payload)
      SELECT h.user_id, 'event', 'qr_code_scanned', jsonb_build_object(
        'contactEmail', u.email, 'eventName', 'qr_code_scanned',
        'eventData', jsonb_build_object('qr_code_id', h.id, 'qr_code_name', h.name, 'menu_id', h.menu_id,
          'menu_name', h.menu_name, 'owner_user_id', h.user_id, 'scanned_at', now()))
      FROM hit h JOIN users u ON u.id = h.user_id
    )
    SELECT menu_id FROM hit`.execute(db);
  if (rows[0]) return { ok: true, menuId: rows[0].menu_id };
  const code = await db.selectFrom('qr_codes as q').leftJoin('profiles as p', 'p.id', 'q.user_id').select('p.restaurant_name').where('q.id', '=', id).executeTakeFirst();
  return code ? { ok: false, reason: 'unavailable', restaurantName: code.restaurant_name } : { ok: false, reason: 'unknown' };
}
