import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabaseBefore } from '../test/migration-fixture.ts';

describe('migration 0018-establishment-portions', () => {
  it('keeps every establishment and planned meal, starts every establishment on the defaults, and keeps grammages within one organisation', async () => {
    const old = await openDatabaseBefore('0018-establishment-portions');
    try {
      const db = old.db;
      await sql`INSERT INTO users (name, email, signup_restaurant_name) VALUES ('Lucie', 'lucie-0018@example.fr', 'Cantine Lucie'), ('Paul', 'paul-0018@example.fr', 'Cantine Paul')`.execute(
        db,
      );
      const { rows: users } = await sql<{
        id: string;
        org: string;
      }>`SELECT id, active_organisation_id AS org FROM users WHERE email LIKE '%-0018@example.fr' ORDER BY name`.execute(
        db,
      );
      const [lucie, paul] = users as [{ id: string; org: string }, { id: string; org: string }];
      const school = (
        await sql<{ id: string }>`SELECT id FROM establishments WHERE organisation_id = ${lucie.org}`.execute(db)
      ).rows[0]!;
      const paulSite = (
        await sql<{ id: string }>`SELECT id FROM establishments WHERE organisation_id = ${paul.org}`.execute(db)
      ).rows[0]!;
      const recipe = (
        await sql<{
          id: string;
        }>`INSERT INTO recipes (organisation_id, created_by, name, servings) VALUES (${lucie.org}, ${lucie.id}, 'Hachis parmentier', 8) RETURNING id`.execute(
          db,
        )
      ).rows[0]!;
      await sql`INSERT INTO meal_plan_entries (organisation_id, establishment_id, date, service, slot, recipe_id)
        VALUES (${lucie.org}, ${school.id}, '2026-09-07', 'dejeuner', 'plat', ${recipe.id})`.execute(db);
      const establishments = sql<Record<string, unknown>>`SELECT * FROM establishments ORDER BY id`;
      const entries = sql<Record<string, unknown>>`SELECT * FROM meal_plan_entries ORDER BY id`;
      const [beforeSites, beforeEntries] = [(await establishments.execute(db)).rows, (await entries.execute(db)).rows];

      expect(await old.migrateTo('0018-establishment-portions')).toContain('0018-establishment-portions');

      expect((await establishments.execute(db)).rows).toEqual(beforeSites);
      expect((await entries.execute(db)).rows).toEqual(beforeEntries);
      expect((await sql`SELECT 1 FROM establishment_portions`.execute(db)).rows).toEqual([]);

      const insert = (org: string, site: string, line: string, population: string, grams: number | null) =>
        sql`INSERT INTO establishment_portions (organisation_id, establishment_id, line, population, grams) VALUES (${org}, ${site}, ${line}, ${population}, ${grams})`.execute(
          db,
        );
      await insert(lucie.org, school.id, 'plat_compose', 'elementaire', 230);
      await insert(lucie.org, school.id, 'laitier', 'adulte', null);
      // Paul's organisation cannot set Lucie's school; a cell is set once; weights stay in 1–2000 g; lines and populations are the app's.
      await expect(insert(paul.org, school.id, 'entree', 'adulte', 90)).rejects.toMatchObject({ code: '23503' });
      await expect(insert(lucie.org, school.id, 'plat_compose', 'elementaire', 240)).rejects.toMatchObject({
        code: '23505',
      });
      await expect(insert(lucie.org, school.id, 'entree', 'adulte', 0)).rejects.toMatchObject({ code: '23514' });
      await expect(insert(lucie.org, school.id, 'entree', 'adulte', 2001)).rejects.toMatchObject({ code: '23514' });
      await expect(insert(lucie.org, school.id, 'soupe', 'adulte', 90)).rejects.toMatchObject({ code: '23514' });
      await expect(insert(lucie.org, school.id, 'entree', 'bebe', 90)).rejects.toMatchObject({ code: '23514' });
      await insert(paul.org, paulSite.id, 'entree', 'adulte', 90);
      // The grammages go with their establishment.
      await sql`DELETE FROM establishments WHERE id = ${school.id}`.execute(db);
      expect(
        (await sql<{ establishment_id: string }>`SELECT establishment_id FROM establishment_portions`.execute(db)).rows,
      ).toEqual([{ establishment_id: paulSite.id }]);

      const { down } = await import('./migrations/0018-establishment-portions.ts');
      await down(db as never);
      expect(
        (
          await sql<{
            n: number;
          }>`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'establishment_portions'`.execute(
            db,
          )
        ).rows[0]!.n,
      ).toBe(0);
    } finally {
      await old.close();
    }
  });
});
