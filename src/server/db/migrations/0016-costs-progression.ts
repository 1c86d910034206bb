import { sql, type Kysely } from 'kysely';

/**
 * Costs and progression (docs/decisions/0023-costs-import-export.md):
 * - `recipes.sale_mode`: « sur place » (food VAT 10 %) or « à emporter » (5,5 %); the
 *   selling price is TTC as on a menu, its HT value divides by 1 + that rate
 *   (src/shared/costs.ts). Existing recipes are sold on site, which is what 0018 assumed.
 * - `recipes.progression`: the numbered steps of the fiche technique, in order; none for
 *   existing recipes.
 * Nothing is rewritten.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE recipes
      ADD COLUMN sale_mode text NOT NULL DEFAULT 'sur_place'
        CONSTRAINT recipes_sale_mode_check CHECK (sale_mode IN ('sur_place', 'a_emporter')),
      ADD COLUMN progression text[] NOT NULL DEFAULT '{}'
        CONSTRAINT recipes_progression_check CHECK (cardinality(progression) <= 100);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE recipes DROP COLUMN IF EXISTS progression, DROP COLUMN IF EXISTS sale_mode;`.execute(db);
}
