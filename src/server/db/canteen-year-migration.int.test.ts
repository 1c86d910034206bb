import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabaseBefore } from '../test/migration-fixture.ts';

describe('migration 0024-canteen-year', () => {
  it('keeps every row, keeps public the weeks announced as published, checks the new columns, and goes back down', async () => {
    const old = await openDatabaseBefore('0024-canteen-year');
    try {
      const db = old.db;
      await sql`INSERT INTO users (name, email, signup_restaurant_name) VALUES ('Lucie', 'lucie-0024@example.fr', 'Cantine Lucie')`.execute(
        db,
      );
      const lucie = (
        await sql<{
          id: string;
          org: string;
        }>`SELECT id, active_organisation_id AS org FROM users WHERE email = 'lucie-0024@example.fr'`.execute(db)
      ).rows[0]!;
      const school = (
        await sql<{ id: string }>`SELECT id FROM establishments WHERE organisation_id = ${lucie.org}`.execute(db)
      ).rows[0]!;
      const recipe = (
        await sql<{
          id: string;
        }>`INSERT INTO recipes (organisation_id, created_by, name, servings, catering_tags) VALUES (${lucie.org}, ${lucie.id}, 'Frites', 8, ARRAY['frit']) RETURNING id`.execute(
          db,
        )
      ).rows[0]!;
      await sql`INSERT INTO meal_plan_entries (organisation_id, establishment_id, date, service, slot, recipe_id)
        VALUES (${lucie.org}, ${school.id}, '2026-09-07', 'dejeuner', 'accompagnement', ${recipe.id})`.execute(db);
      // Two publications of one week, one of another, written by the previous version's « Publier la semaine ».
      for (const [week, at] of [
        ['2026-09-07', '2026-09-01T08:00:00Z'],
        ['2026-09-07', '2026-09-02T08:00:00Z'],
        ['2026-09-14', '2026-09-03T08:00:00Z'],
      ])
        await sql`INSERT INTO audit_events (organisation_id, actor_id, actor_name, action, entity_type, entity_id, entity_name, details, created_at)
          VALUES (${lucie.org}, ${lucie.id}, 'Lucie', 'status_changed', 'meal_plan', ${school.id}, 'Cantine Lucie', ${JSON.stringify({ to: 'published', week })}::jsonb, ${at})`.execute(
          db,
        );
      const snapshot = async () =>
        Object.fromEntries(
          await Promise.all(
            ['establishments', 'recipes', 'meal_plan_entries', 'audit_events', 'products'].map(
              async (table) =>
                [
                  table,
                  (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)} ORDER BY 1`.execute(db)).rows,
                ] as const,
            ),
          ),
        );
      const before = await snapshot();

      expect(await old.migrateTo('0024-canteen-year')).toContain('0024-canteen-year');

      const after = await snapshot();
      for (const table of Object.keys(before))
        expect(
          after[table]!.map((row) => Object.fromEntries(Object.keys(before[table]![0] ?? {}).map((k) => [k, row[k]]))),
          table,
        ).toEqual(before[table]);
      const weeks = await sql<{
        week: string;
        status: string;
        published_at: Date;
      }>`SELECT week::text AS week, status, published_at FROM meal_plan_weeks ORDER BY week`.execute(db);
      expect(weeks.rows).toEqual([
        { week: '2026-09-07', status: 'published', published_at: new Date('2026-09-02T08:00:00Z') },
        { week: '2026-09-14', status: 'published', published_at: new Date('2026-09-03T08:00:00Z') },
      ]);
      const site = sql<
        Record<string, unknown>
      >`SELECT kind, siret, covers, age_mix, wednesdays_closed, needs_validation FROM establishments WHERE id = ${school.id}`;
      expect((await site.execute(db)).rows[0]).toEqual({
        kind: null,
        siret: null,
        covers: {},
        age_mix: {},
        wednesdays_closed: false,
        needs_validation: false,
      });
      // The database refuses what the API refuses.
      for (const change of [sql`siret = '1234'`, sql`kind = 'cantine'`, sql`school_zone = 'D'`, sql`covers = '[]'`])
        await expect(
          sql`UPDATE establishments SET ${change} WHERE id = ${school.id}`.execute(db),
        ).rejects.toMatchObject({ code: '23514' });
      await expect(
        sql`INSERT INTO meal_plan_weeks (organisation_id, establishment_id, week, status) VALUES (${lucie.org}, ${school.id}, '2026-09-08', 'draft')`.execute(
          db,
        ),
      ).rejects.toMatchObject({ code: '23514' });
      await expect(
        sql`INSERT INTO meal_plan_substitutes (organisation_id, establishment_id, date, service, slot, variant, recipe_id) VALUES (${lucie.org}, ${school.id}, '2026-09-07', 'dejeuner', 'plat', 'halal', ${recipe.id})`.execute(
          db,
        ),
      ).rejects.toMatchObject({ code: '23514' });
      await sql`INSERT INTO meal_plan_substitutes (organisation_id, establishment_id, date, service, slot, variant, recipe_id) VALUES (${lucie.org}, ${school.id}, '2026-09-07', 'dejeuner', 'plat', 'pai:arachides', ${recipe.id})`.execute(
        db,
      );
      await sql`UPDATE recipes SET catering_tags = ARRAY['frit', 'patisserie'], catering_excluded = ARRAY['crudites'] WHERE id = ${recipe.id}`.execute(
        db,
      );
      await sql`INSERT INTO establishment_closed_days (organisation_id, establishment_id, date, label, source) VALUES (${lucie.org}, ${school.id}, '2026-11-10', 'Pont', 'saisie')`.execute(
        db,
      );
      await sql`INSERT INTO establishment_portions (organisation_id, establishment_id, line, population, grams) VALUES (${lucie.org}, ${school.id}, 'patisserie', 'elementaire', 55)`.execute(
        db,
      );

      const { down } = await import('./migrations/0024-canteen-year.ts');
      await down(db as never);
      const tags = await sql<{
        catering_tags: string[];
      }>`SELECT catering_tags FROM recipes WHERE id = ${recipe.id}`.execute(db);
      expect(tags.rows).toEqual([{ catering_tags: ['frit'] }]);
      const tables = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name IN ('meal_plan_weeks', 'meal_plan_substitutes', 'establishment_diets', 'establishment_closed_days')`.execute(
        db,
      );
      expect(tables.rows[0]!.n).toBe(0);
      expect((await sql`SELECT * FROM establishment_portions`.execute(db)).rows).toEqual([]);
    } finally {
      await old.close();
    }
  });
});
