import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabaseBefore } from '../test/migration-fixture.ts';

describe('migration 0017-qr-scan-days', () => {
  it('counts the existing scans per Paris day, keeps every scan, then follows inserts and deletes', async () => {
    const old = await openDatabaseBefore('0017-qr-scan-days');
    try {
      const db = old.db;
      const one = async <T>(query: { execute(d: typeof db): Promise<{ rows: T[] }> }) =>
        (await query.execute(db)).rows[0]!;
      await sql`INSERT INTO users (name, email, signup_restaurant_name) VALUES ('Lucie', 'lucie-0017@example.fr', 'Chez Lucie')`.execute(
        db,
      );
      const owner = await one(
        sql<{
          id: string;
          org: string;
        }>`SELECT id, active_organisation_id AS org FROM users WHERE email = 'lucie-0017@example.fr'`,
      );
      const establishment = await one(
        sql<{ id: string }>`SELECT id FROM establishments WHERE organisation_id = ${owner.org}`,
      );
      const menu = await one(sql<{ id: string }>`
        INSERT INTO menus (organisation_id, created_by, establishment_id, name) VALUES (${owner.org}, ${owner.id}, ${establishment.id}, 'Carte') RETURNING id`);
      const code = await one(sql<{ id: string }>`
        INSERT INTO qr_codes (organisation_id, created_by, menu_id, name, scan_count) VALUES (${owner.org}, ${owner.id}, ${menu.id}, 'Table 1', 4) RETURNING id`);
      // 22:30 UTC on 1 March is 23:30 in Paris (winter): still 1 March; 23:30 UTC is already 2 March there.
      await sql`INSERT INTO qr_scans (qr_code_id, scanned_at) VALUES
        (${code.id}, '2026-03-01T10:00:00Z'), (${code.id}, '2026-03-01T22:30:00Z'),
        (${code.id}, '2026-03-01T23:30:00Z'), (${code.id}, '2026-07-14T12:00:00Z')`.execute(db);
      const scans = sql<Record<string, unknown>>`SELECT id, qr_code_id, scanned_at FROM qr_scans ORDER BY id`;
      const before = (await scans.execute(db)).rows;

      expect(await old.migrateToLatest()).toContain('0017-qr-scan-days');

      const days = async () =>
        (
          await sql<{
            day: string;
            scans: number;
          }>`SELECT day::text AS day, scans FROM qr_scan_days WHERE qr_code_id = ${code.id} ORDER BY day`.execute(db)
        ).rows;
      expect((await scans.execute(db)).rows).toEqual(before);
      expect(await days()).toEqual([
        { day: '2026-03-01', scans: 2 },
        { day: '2026-03-02', scans: 1 },
        { day: '2026-07-14', scans: 1 },
      ]);

      // A batch of scans (one statement) adds to its days; deleting scans takes them away, and a day at 0 goes.
      await sql`INSERT INTO qr_scans (qr_code_id, scanned_at) VALUES (${code.id}, '2026-03-02T08:00:00Z'), (${code.id}, '2026-08-01T08:00:00Z')`.execute(
        db,
      );
      await sql`DELETE FROM qr_scans WHERE scanned_at = '2026-07-14T12:00:00Z'`.execute(db);
      expect(await days()).toEqual([
        { day: '2026-03-01', scans: 2 },
        { day: '2026-03-02', scans: 2 },
        { day: '2026-08-01', scans: 1 },
      ]);
      // The days go with their code.
      await sql`DELETE FROM qr_codes WHERE id = ${code.id}`.execute(db);
      expect(await days()).toEqual([]);

      const { down } = await import('./migrations/0017-qr-scan-days.ts');
      await down(db as never);
      expect(
        (
          await sql<{
            n: number;
          }>`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'qr_scan_days'`.execute(db)
        ).rows[0]!.n,
      ).toBe(0);
    } finally {
      await old.close();
    }
  });
});
