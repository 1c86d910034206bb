import { sql, type Kysely } from 'kysely';

/**
 * « Trust first » (docs/product/decisions.md 15 and 8,
 * docs/decisions/0009-recipe-facts-and-allergen-status.md):
 * - Allergen names become those of INCO annex II: « Lactose » → « Lait », « Poisson » →
 *   « Poissons », in `allergens` and `traces`, keeping each list's order and no duplicate.
 * - `allergens_declared`: the owner confirmed the lists. Every existing recipe starts
 *   `false` (unverified): until now the form saved whatever was ticked while suggestions were
 *   still open (a quiche saved as « 0 allergène »), so no stored list, empty or not, records a
 *   confirmation, and telling a diner « aucun allergène » on that basis could harm them.
 *   Owners confirm each recipe again; the dashboard counts those left.
 * - `nutrition` becomes `facts`, everything derived from the recipe (src/shared/recipe-facts.ts),
 *   with `facts_version`. Existing rows get version 0: the server recomputes them at start
 *   from the catalogue before it serves anything (src/server/features/recipes/facts-refresh.ts),
 *   with the code of that day rather than a copy frozen in this migration.
 */
const NEW_NAMES: Record<string, string> = { Lactose: 'Lait', Poisson: 'Poissons' };

/** Renames in `allergens` and `traces`; a name already present keeps its first place. */
async function renameAllergens(db: Kysely<unknown>, names: Record<string, string>): Promise<void> {
  const cases = Object.entries(names).map(([from, to]) => sql`WHEN ${from} THEN ${to}`);
  const renamed = (column: 'allergens' | 'traces') => sql`
    ARRAY(
      SELECT n.name FROM (
        SELECT CASE a.name ${sql.join(cases, sql` `)} ELSE a.name END AS name, min(a.ord) AS ord
        FROM unnest(${sql.ref(column)}) WITH ORDINALITY AS a(name, ord)
        GROUP BY 1
      ) AS n ORDER BY n.ord
    )`;
  const old = sql`ARRAY[${sql.join(Object.keys(names))}]::text[]`;
  await sql`
    UPDATE recipes SET allergens = ${renamed('allergens')}, traces = ${renamed('traces')}
    WHERE allergens && ${old} OR traces && ${old}
  `.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await renameAllergens(db, NEW_NAMES);
  await sql`
    ALTER TABLE recipes RENAME COLUMN nutrition TO facts;
    ALTER TABLE recipes ADD COLUMN facts_version integer NOT NULL DEFAULT 0;
    ALTER TABLE recipes ADD COLUMN allergens_declared boolean NOT NULL DEFAULT false;
    CREATE INDEX recipes_facts_version_idx ON recipes(facts_version);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX IF EXISTS recipes_facts_version_idx;
    ALTER TABLE recipes DROP COLUMN allergens_declared;
    ALTER TABLE recipes DROP COLUMN facts_version;
    ALTER TABLE recipes RENAME COLUMN facts TO nutrition;
  `.execute(db);
  await renameAllergens(db, Object.fromEntries(Object.entries(NEW_NAMES).map(([from, to]) => [to, from])));
}
