import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabaseBefore, tableRows } from '../test/migration-fixture.ts';

describe('migration 0032-canteen-versions', () => {
  it('keeps every closed day, diet count and week, names who saved each one last where the rows know it, and goes back down', async () => {
    const old = await openDatabaseBefore('0032-canteen-versions');
    try {
      const db = old.db;
      await sql`INSERT INTO users (name, email, signup_restaurant_name) VALUES ('Lucie Martin', 'lucie-0032@example.fr', 'Cantine Lucie')`.execute(
        db,
      );
      const lucie = (
        await sql<{
          id: string;
          org: string;
        }>`SELECT id, active_organisation_id AS org FROM users WHERE email = 'lucie-0032@example.fr'`.execute(db)
      ).rows[0]!;
      const site = (
        await sql<{ id: string }>`SELECT id FROM establishments WHERE organisation_id = ${lucie.org}`.execute(db)
      ).rows[0]!.id;
      // A day never changed, one changed once (who changed it was not recorded), the diet counts, and
      // three weeks: published, validated, and a draft that was published then taken back.
      await sql`INSERT INTO establishment_closed_days (organisation_id, establishment_id, date, label, source, version, created_by, created_at)
        VALUES (${lucie.org}, ${site}, '2027-03-19', 'Journée pédagogique', 'saisie', 1, ${lucie.id}, '2026-11-02T09:15:00Z'),
               (${lucie.org}, ${site}, '2027-05-07', 'Pont', 'ics', 2, ${lucie.id}, '2026-11-03T10:00:00Z')`.execute(
        db,
      );
      await sql`INSERT INTO establishment_diets (organisation_id, establishment_id, counts, version, updated_by, updated_at)
        VALUES (${lucie.org}, ${site}, '{"dejeuner": {"sans_porc": 12}}', 3, ${lucie.id}, '2026-11-04T11:00:00Z')`.execute(
        db,
      );
      await sql`INSERT INTO meal_plan_weeks (organisation_id, establishment_id, week, status, validated_by, validated_by_name, validated_at, published_by, published_at, changed_at, version)
        VALUES (${lucie.org}, ${site}, '2026-11-30', 'published', NULL, NULL, NULL, ${lucie.id}, '2026-11-20T08:00:00Z', NULL, 2),
               (${lucie.org}, ${site}, '2026-12-07', 'validated', ${lucie.id}, 'Lucie la diététicienne', '2026-11-21T08:00:00Z', NULL, NULL, NULL, 2),
               (${lucie.org}, ${site}, '2026-12-14', 'draft', NULL, NULL, NULL, NULL, NULL, NULL, 3)`.execute(db);
      const tables = ['establishment_closed_days', 'establishment_diets', 'meal_plan_weeks'] as const;
      const before = await tableRows(db, tables);

      expect(await old.migrateTo('0032-canteen-versions')).toContain('0032-canteen-versions');

      const after = await tableRows(db, tables);
      for (const table of tables)
        expect(
          after[table]!.map((row) => Object.fromEntries(Object.keys(before[table]![0]!).map((k) => [k, row[k]]))),
          table,
        ).toEqual(before[table]);
      const days = await sql<{
        label: string;
        updated_by_name: string | null;
        updated_at: Date;
      }>`SELECT label, updated_by_name, updated_at FROM establishment_closed_days ORDER BY date`.execute(db);
      expect(days.rows).toEqual([
        { label: 'Journée pédagogique', updated_by_name: 'Lucie Martin', updated_at: new Date('2026-11-02T09:15:00Z') },
        { label: 'Pont', updated_by_name: null, updated_at: new Date('2026-11-03T10:00:00Z') },
      ]);
      const diets = await sql<{ updated_by_name: string }>`SELECT updated_by_name FROM establishment_diets`.execute(db);
      expect(diets.rows).toEqual([{ updated_by_name: 'Lucie Martin' }]);
      const weeks = await sql<{
        week: string;
        updated_by_name: string | null;
        updated_at: Date;
      }>`SELECT week::text AS week, updated_by_name, updated_at FROM meal_plan_weeks ORDER BY week`.execute(db);
      expect(weeks.rows.slice(0, 2)).toEqual([
        { week: '2026-11-30', updated_by_name: 'Lucie Martin', updated_at: new Date('2026-11-20T08:00:00Z') },
        { week: '2026-12-07', updated_by_name: 'Lucie la diététicienne', updated_at: new Date('2026-11-21T08:00:00Z') },
      ]);
      expect(weeks.rows[2]).toMatchObject({ week: '2026-12-14', updated_by_name: null });
      // New rows take the time of their save by default.
      await sql`INSERT INTO meal_plan_weeks (organisation_id, establishment_id, week, status) VALUES (${lucie.org}, ${site}, '2026-12-21', 'draft')`.execute(
        db,
      );
      const fresh = await sql<{
        updated_at: Date;
      }>`SELECT updated_at FROM meal_plan_weeks WHERE week = '2026-12-21'`.execute(db);
      expect(fresh.rows[0]!.updated_at).toBeInstanceOf(Date);

      const { down } = await import('./migrations/0032-canteen-versions.ts');
      await down(db as never);
      await sql`DELETE FROM meal_plan_weeks WHERE week = '2026-12-21'`.execute(db);
      expect(await tableRows(db, tables)).toEqual(before);
    } finally {
      await old.close();
    }
  });
});
