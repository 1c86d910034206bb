import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { foldText } from '../../../shared/allergens.ts';
import type { DB } from '../../db/schema.ts';
import { ciqualDir } from '../../lib/paths.ts';
import { parseCsvRecords } from '../../lib/csv.ts';

/** Columns of ciqual.csv that are not nutrient values. */
const TEXT_COLUMNS = new Set([
  'code',
  'name',
  'group',
  'subgroup',
  'subsubgroup',
  'group_code',
  'subgroup_code',
  'subsubgroup_code',
]);

/** Typed columns of catalogue_foods ← ciqual.csv column. */
const NUTRIENT_COLUMNS = {
  energy_kj: 'nrj_kj',
  energy_kcal: 'nrj_kcal',
  water_g: 'eau_g',
  protein_g: 'proteines_g',
  protein_n625_g: 'proteines_n625_g',
  carbs_g: 'glucides_g',
  sugars_g: 'sucres_g',
  fiber_g: 'fibres_g',
  fat_g: 'lipides_g',
  saturated_fat_g: 'ag_satures_g',
  salt_g: 'sel_g',
  sodium_mg: 'sodium_mg',
  polyols_g: 'polyols_g',
  alcohol_g: 'alcool_g',
  organic_acids_g: 'acides_organiques_g',
} as const;

/** Bumped when the way rows are derived from the files changes, so stored copies reload. */
const LOADER_VERSION = 'loader-2';

/** An empty Ciqual cell means « unknown », never zero. */
function toNumber(cell: string | undefined): number | null {
  if (cell === undefined || cell.trim() === '') return null;
  const value = Number(cell);
  return Number.isFinite(value) ? value : null;
}

export interface CatalogueLoadResult {
  status: 'loaded' | 'unchanged';
  foods: number;
  edition: string;
  ms: number;
}

/**
 * Loads the Ciqual table into catalogue_foods when its content differs from what was
 * loaded last (the edition is the SHA-256 of both files). Rows are upserted, never deleted,
 * so recipe lines keep their food. An advisory lock makes parallel starts load it once.
 */
export async function loadCatalogue(db: Kysely<DB>, dir: string = ciqualDir): Promise<CatalogueLoadResult> {
  const started = performance.now();
  const [foodsCsv, flagsCsv] = await Promise.all([
    readFile(path.join(dir, 'ciqual.csv'), 'utf8'),
    readFile(path.join(dir, 'ciqual_raw_flags.csv'), 'utf8'),
  ]);
  const edition = createHash('sha256')
    .update(LOADER_VERSION)
    .update(foodsCsv)
    .update('\0')
    .update(flagsCsv)
    .digest('hex');

  const current = await db
    .selectFrom('catalogue_meta')
    .select('value')
    .where('key', '=', 'ciqual_edition')
    .executeTakeFirst();
  if (current?.value === edition) {
    const { count } = await db
      .selectFrom('catalogue_foods')
      .select(db.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return { status: 'unchanged', foods: Number(count), edition, ms: performance.now() - started };
  }

  const flags = new Map<number, Record<string, string>>();
  for (const flag of parseCsvRecords(flagsCsv)) {
    const code = Number(flag.code);
    const entry = flags.get(code) ?? {};
    entry[flag.column ?? ''] = flag.raw_value ?? '';
    flags.set(code, entry);
  }

  const rows = parseCsvRecords(foodsCsv).map((r) => {
    const code = Number(r.code);
    const composition: Record<string, number | null> = {};
    for (const [column, cell] of Object.entries(r)) if (!TEXT_COLUMNS.has(column)) composition[column] = toNumber(cell);
    const nutrients = Object.fromEntries(
      Object.entries(NUTRIENT_COLUMNS).map(([target, source]) => [target, toNumber(r[source])]),
    ) as Record<keyof typeof NUTRIENT_COLUMNS, number | null>;
    // INCO defines salt as sodium × 2.5; 6 foods give sodium without salt (data/ciqual/README.md).
    if (nutrients.salt_g === null && nutrients.sodium_mg !== null)
      nutrients.salt_g = Math.round(nutrients.sodium_mg * 2.5) / 1000;
    return {
      code,
      name: r.name ?? '',
      name_folded: foldText(r.name ?? ''),
      group_name: r.group || null,
      subgroup_name: r.subgroup || null,
      subsubgroup_name: r.subsubgroup || null,
      group_code: r.group_code || null,
      subgroup_code: r.subgroup_code || null,
      subsubgroup_code: r.subsubgroup_code || null,
      ...nutrients,
      composition: JSON.stringify(composition),
      raw_flags: JSON.stringify(flags.get(code) ?? {}),
    };
  });

  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('nutricarte.catalogue'))`.execute(trx);
    const again = await trx
      .selectFrom('catalogue_meta')
      .select('value')
      .where('key', '=', 'ciqual_edition')
      .executeTakeFirst();
    if (again?.value === edition) return;
    for (let i = 0; i < rows.length; i += 400) {
      await trx
        .insertInto('catalogue_foods')
        .values(rows.slice(i, i + 400))
        .onConflict((oc) =>
          oc.column('code').doUpdateSet((eb) => {
            const columns = Object.keys(rows[0] ?? {}).filter((k) => k !== 'code') as (keyof (typeof rows)[number])[];
            return Object.fromEntries([
              ...columns.map((k) => [k, eb.ref(`excluded.${k}`)]),
              ['updated_at', sql`now()`],
            ]);
          }),
        )
        .execute();
    }
    await trx
      .insertInto('catalogue_meta')
      .values({ key: 'ciqual_edition', value: edition })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: edition, updated_at: sql`now()` }))
      .execute();
  });
  return { status: 'loaded', foods: rows.length, edition, ms: performance.now() - started };
}
