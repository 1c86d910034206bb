import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabaseBefore } from '../test/migration-fixture.ts';

describe('migration 0014-meal-plans', () => {
  it('keeps every recipe of the previous schema, gives it no classification, and plans only within one organisation', async () => {
    const old = await openDatabaseBefore('0014-meal-plans');
    try {
      // The sign-up trigger makes each account's organisation and establishment.
      await sql`INSERT INTO users (name, email, signup_restaurant_name) VALUES ('Lucie', 'lucie@example.fr', 'Cantine Lucie'), ('Paul', 'paul@example.fr', 'Cantine Paul')`.execute(
        old.db,
      );
      const { rows: users } = await sql<{
        id: string;
        active_organisation_id: string;
      }>`SELECT id, active_organisation_id FROM users ORDER BY name`.execute(old.db);
      const [lucie, paul] = users as [
        { id: string; active_organisation_id: string },
        { id: string; active_organisation_id: string },
      ];
      await sql`
        INSERT INTO recipes (organisation_id, created_by, name, servings, price) VALUES
          (${lucie.active_organisation_id}, ${lucie.id}, 'Hachis parmentier', 8, 12.5),
          (${paul.active_organisation_id}, ${paul.id}, 'Gratin', 4, NULL)`.execute(old.db);
      const before = await sql<
        Record<string, unknown>
      >`SELECT id, organisation_id, name, servings, price, created_at, updated_at FROM recipes ORDER BY name`.execute(
        old.db,
      );
      expect(before.rows).toHaveLength(2);

      expect(await old.migrateToLatest()).toContain('0014-meal-plans');

      const after = await sql<
        Record<string, unknown>
      >`SELECT id, organisation_id, name, servings, price, created_at, updated_at, catering_tags FROM recipes ORDER BY name`.execute(
        old.db,
      );
      expect(after.rows).toEqual(before.rows.map((row) => ({ ...row, catering_tags: [] })));

      const [gratin, hachis] = after.rows as [{ id: string }, { id: string }];
      const { rows: establishments } = await sql<{
        id: string;
        organisation_id: string;
      }>`SELECT id, organisation_id FROM establishments`.execute(old.db);
      const lucieSchool = establishments.find((e) => e.organisation_id === lucie.active_organisation_id)!;
      await sql`INSERT INTO meal_plan_entries (organisation_id, establishment_id, date, service, slot, recipe_id)
        VALUES (${lucie.active_organisation_id}, ${lucieSchool.id}, '2026-09-07', 'dejeuner', 'plat', ${hachis.id})`.execute(
        old.db,
      );
      // Paul's recipe cannot be planned in Lucie's establishment, nor a slot twice, nor an unknown tag.
      await expect(
        sql`INSERT INTO meal_plan_entries (organisation_id, establishment_id, date, service, slot, recipe_id)
          VALUES (${lucie.active_organisation_id}, ${lucieSchool.id}, '2026-09-08', 'dejeuner', 'plat', ${gratin.id})`.execute(
          old.db,
        ),
      ).rejects.toMatchObject({ code: '23503' });
      await expect(
        sql`INSERT INTO meal_plan_entries (organisation_id, establishment_id, date, service, slot, recipe_id)
          VALUES (${lucie.active_organisation_id}, ${lucieSchool.id}, '2026-09-07', 'dejeuner', 'plat', ${hachis.id})`.execute(
          old.db,
        ),
      ).rejects.toMatchObject({ code: '23505' });
      await expect(
        sql`UPDATE recipes SET catering_tags = '{frite}' WHERE id = ${hachis.id}`.execute(old.db),
      ).rejects.toMatchObject({ code: '23514' });
      // Deleting the recipe removes its planned meals.
      await sql`DELETE FROM recipes WHERE id = ${hachis.id}`.execute(old.db);
      expect((await sql`SELECT 1 FROM meal_plan_entries`.execute(old.db)).rows).toEqual([]);
    } finally {
      await old.close();
    }
  });
});
