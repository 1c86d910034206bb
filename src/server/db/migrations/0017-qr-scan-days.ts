import { sql, type Kysely } from 'kysely';

/**
 * « Growth » (bench/growth.ts, docs/decisions/0027): the QR statistics counted every scan of their window
 * on each read; at 1,000,000 scans, the year of one busy code took seconds. `qr_scan_days`
 * keeps the count of each code's scans per Paris calendar day (the statistics' days,
 * src/server/features/qr/stats.ts), so a read of 366 days reads at most 366 rows.
 *
 * Kept by triggers on `qr_scans`, whoever writes it (the scan batches of
 * src/server/features/qr/scan-buffer.ts, tests, a restore): one grouped upsert per inserting
 * statement (a batch of scans is one statement), the same decrement per deleting statement.
 * Scans are never updated. A code's days go with the code (ON DELETE CASCADE). The existing
 * scans are counted here, once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE qr_scan_days (
      qr_code_id uuid NOT NULL REFERENCES qr_codes(id) ON DELETE CASCADE,
      day date NOT NULL,
      scans integer NOT NULL CHECK (scans >= 0),
      PRIMARY KEY (qr_code_id, day)
    );
    INSERT INTO qr_scan_days (qr_code_id, day, scans)
      SELECT qr_code_id, (scanned_at AT TIME ZONE 'Europe/Paris')::date, count(*) FROM qr_scans GROUP BY 1, 2;
    CREATE FUNCTION qr_scan_days_added() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO qr_scan_days (qr_code_id, day, scans)
        SELECT qr_code_id, (scanned_at AT TIME ZONE 'Europe/Paris')::date, count(*) FROM added GROUP BY 1, 2
        ON CONFLICT (qr_code_id, day) DO UPDATE SET scans = qr_scan_days.scans + excluded.scans;
      RETURN NULL;
    END $$;
    CREATE FUNCTION qr_scan_days_removed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE qr_scan_days d SET scans = d.scans - gone.n
        FROM (SELECT qr_code_id, (scanned_at AT TIME ZONE 'Europe/Paris')::date AS day, count(*)::int AS n FROM removed GROUP BY 1, 2) gone
        WHERE d.qr_code_id = gone.qr_code_id AND d.day = gone.day;
      DELETE FROM qr_scan_days WHERE scans = 0 AND qr_code_id IN (SELECT DISTINCT qr_code_id FROM removed);
      RETURN NULL;
    END $$;
    CREATE TRIGGER qr_scans_days_added AFTER INSERT ON qr_scans REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION qr_scan_days_added();
    CREATE TRIGGER qr_scans_days_removed AFTER DELETE ON qr_scans REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION qr_scan_days_removed();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER IF EXISTS qr_scans_days_removed ON qr_scans;
    DROP TRIGGER IF EXISTS qr_scans_days_added ON qr_scans;
    DROP FUNCTION IF EXISTS qr_scan_days_removed();
    DROP FUNCTION IF EXISTS qr_scan_days_added();
    DROP TABLE IF EXISTS qr_scan_days;
  `.execute(db);
}
