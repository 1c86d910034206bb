import { sql, type Kysely } from 'kysely';
import type { QrScanStats } from '../../../shared/api/qr.ts';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { notFound } from '../../lib/http.ts';
import { isUuid } from '../../lib/ids.ts';

const DEFAULT_STATS_DAYS = 30;
const MAX_STATS_DAYS = 366;
/** A restaurant counts its days in French time, whatever the server's time zone. */
const TIME_ZONE = 'Europe/Paris';

/** `?days=`: a whole number of days, 1 to 366; absent means 30. */
export function parseStatsDays(raw: string | undefined): number {
  if (raw === undefined || raw === '') return DEFAULT_STATS_DAYS;
  const days = Number(raw);
  if (!Number.isInteger(days) || days < 1 || days > MAX_STATS_DAYS) {
    const message = `Le nombre de jours doit être un entier entre 1 et ${MAX_STATS_DAYS}`;
    throw new AppError('validation', 422, message, { days: message });
  }
  return days;
}

/**
 * Scans per day of an owned code over the last `days` Paris days (today included), every
 * day present. One query: the day series is crossed with the owned code (no row at all
 * when the code is missing or another organisation's, hence 404), then each day is joined to
 * the code's count of that day, kept per Paris day by triggers on qr_scans (migration 0017):
 * at most `days` rows read, however many scans (bench/growth.ts).
 */
export async function scanStatsByDay(
  db: Kysely<DB>,
  organisationId: string,
  id: string,
  days = DEFAULT_STATS_DAYS,
): Promise<QrScanStats> {
  if (!isUuid(id)) throw notFound();
  const { rows } = await sql<{ date: string; scans: number }>`
    WITH code AS (
      SELECT id FROM qr_codes WHERE id = ${id} AND organisation_id = ${organisationId}
    ), series AS (
      SELECT (now() AT TIME ZONE ${TIME_ZONE})::date - offs AS day
      FROM generate_series(0, ${days - 1}::int) AS offs
    )
    SELECT to_char(s.day, 'YYYY-MM-DD') AS date, coalesce(d.scans, 0)::int AS scans
    FROM series s
    CROSS JOIN code c
    LEFT JOIN qr_scan_days d ON d.qr_code_id = c.id AND d.day = s.day
    ORDER BY s.day`.execute(db);
  if (rows.length === 0) throw notFound();
  const perDay = rows.map((r) => ({ date: r.date, scans: Number(r.scans) }));
  return { days: perDay, total: perDay.reduce((sum, d) => sum + d.scans, 0) };
}
