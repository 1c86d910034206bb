import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ciqualDir } from '../../lib/paths.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { loadCatalogue } from './load.ts';

const CIQUAL_FOODS = 3484;

let t: TestApp;
let changedDir: string;
beforeAll(async () => {
  t = await createTestApp();
  changedDir = await mkdtemp(path.join(os.tmpdir(), 'nutricarte-ciqual-'));
});
afterAll(async () => {
  await t?.close();
  if (changedDir) await rm(changedDir, { recursive: true, force: true });
});

function food(code: number) {
  return t.db.selectFrom('catalogue_foods').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
}

async function edition(): Promise<string | undefined> {
  const row = await t.db
    .selectFrom('catalogue_meta')
    .select('value')
    .where('key', '=', 'ciqual_edition')
    .executeTakeFirst();
  return row?.value;
}

describe('loadCatalogue', () => {
  it('has loaded every Ciqual food', async () => {
    const { n } = await t.db
      .selectFrom('catalogue_foods')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(CIQUAL_FOODS);
  });

  it('stores names, groups and typed nutrients', async () => {
    const dessert = await food(24999);
    expect(dessert).toMatchObject({
      name: 'Dessert (aliment moyen)',
      name_folded: expect.stringContaining('dessert'),
      energy_kj: 1070,
      energy_kcal: 255,
      water_g: 49.9,
      protein_g: 4.41,
      carbs_g: 32.9,
      sugars_g: 21.3,
      fat_g: 11.3,
      salt_g: 0.33,
      sodium_mg: 130,
    });
    expect(dessert.composition).toMatchObject({ nrj_kcal: 255, cholesterol_mg: 47.3 });
    const salad = await food(8407);
    expect(salad).toMatchObject({
      group_name: 'entrées et plats composés',
      subgroup_name: 'salades composées et crudités',
      subsubgroup_name: null,
    });
  });

  it('keeps an empty Ciqual cell as NULL, never 0, and a real 0 as 0', async () => {
    const salad = await food(8407);
    expect(salad.water_g).toBeNull();
    expect(salad.sodium_mg).toBeNull();
    expect(salad.composition.eau_g).toBeNull();
    expect(salad.polyols_g).toBe(0);
    expect(salad.composition.polyols_g).toBe(0);
  });

  it('stores the raw flags of a food', async () => {
    const dessert = await food(24999);
    expect(dessert.raw_flags).toMatchObject({ vit_e_mg: '-', vit_k1_ug: '-' });
    expect((await food(8407)).raw_flags).toMatchObject({ eau_g: '-', sodium_mg: '-' });
    expect(dessert.composition.vit_e_mg).toBeNull();
  });

  it('does nothing when the files have not changed', async () => {
    const before = await edition();
    const result = await loadCatalogue(t.db);
    expect(result).toMatchObject({ status: 'unchanged', foods: CIQUAL_FOODS, edition: before });
    expect(await edition()).toBe(before);
  });

  it('reloads changed files and updates the changed food', async () => {
    const original = await edition();
    await copyFile(path.join(ciqualDir, 'ciqual_raw_flags.csv'), path.join(changedDir, 'ciqual_raw_flags.csv'));
    const csv = await readFile(path.join(ciqualDir, 'ciqual.csv'), 'utf8');
    const line = '24999,Dessert (aliment moyen),,,,1070,255,49.9,4.41,';
    expect(csv).toContain(line);
    await writeFile(
      path.join(changedDir, 'ciqual.csv'),
      csv.replace(line, '24999,Dessert (aliment moyen),,,,1070,255,49.9,5.55,'),
    );
    const before = await food(24999);

    const result = await loadCatalogue(t.db, changedDir);
    expect(result.status).toBe('loaded');
    expect(result.foods).toBe(CIQUAL_FOODS);
    expect(result.edition).not.toBe(original);
    expect(await edition()).toBe(result.edition);
    const after = await food(24999);
    expect(after.protein_g).toBe(5.55);
    expect(after.composition.proteines_g).toBe(5.55);
    expect(after.updated_at.getTime()).toBeGreaterThanOrEqual(before.updated_at.getTime());
    expect((await food(8407)).energy_kcal).toBe(259);
    expect((await loadCatalogue(t.db, changedDir)).status).toBe('unchanged');
  });
});
