import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EgalimLabel, Family } from './egalim.ts';
import {
  DETAILED_COLUMNS,
  maCantineBilan,
  maCantineCsv,
  maCantineProblems,
  SIMPLE_COLUMNS,
  type PurchaseAmount,
} from './ma-cantine.ts';

/**
 * Tested against « ma cantine »'s own schema and cases (betagouv/ma-cantine, commit 04dddca9):
 * copies in data/ma-cantine/, each case naming the platform's test it comes from.
 */
const dir = path.join(import.meta.dirname, '../../../data/ma-cantine');
const schema = (file: string) =>
  (
    JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as {
      fields: { name: string; constraints?: { required?: boolean } }[];
    }
  ).fields;
const csvRows = (file: string) => {
  const [header, ...rows] = readFileSync(path.join(dir, file), 'utf8').trim().split(/\r?\n/);
  const sep = header!.includes(';') ? ';' : ',';
  const columns = header!.split(sep);
  return rows.map((r) => Object.fromEntries(r.split(sep).map((v, i) => [columns[i]!, v])));
};
const buy = (
  valueHt: number,
  labels: EgalimLabel[],
  family: Family = 'AUTRES',
  origin: Partial<PurchaseAmount> = {},
) => ({
  valueHt,
  labels,
  family,
  ...origin,
});

describe('« ma cantine » bilans', () => {
  it('writes the columns of bilans_simple_siret.json and bilans_detaille.json, in their order', () => {
    expect([...SIMPLE_COLUMNS]).toEqual(schema('bilans_simple_siret.json').map((f) => f.name));
    expect([...DETAILED_COLUMNS]).toEqual(schema('bilans_detaille.json').map((f) => f.name));
  });

  it('fills every column, required or not, with a number (SIRET and year apart)', () => {
    const bilan = maCantineBilan([buy(10, ['BIO'], 'FRUITS_ET_LEGUMES')]);
    for (const [form, file] of [
      ['simple', 'bilans_simple_siret.json'],
      ['detaille', 'bilans_detaille.json'],
    ] as const) {
      const [header, row] = maCantineCsv(form, '21340172201787', 2026, bilan).trim().split('\r\n');
      const cells = row!.split(',');
      expect(header!.split(',')).toHaveLength(schema(file).length);
      expect(cells.slice(0, 2)).toEqual(['21340172201787', '2026']);
      for (const cell of cells.slice(2)) expect(cell).toMatch(/^\d+\.\d{2}$/);
    }
  });

  // api/tests/test_purchases.py, PurchaseCanteenSummaryApiTest.test_purchase_total_summary (year 2020).
  it('counts each euro once, bio > SIQO > other labels > environmental ones (test_purchase_total_summary)', () => {
    const { simple } = maCantineBilan([
      buy(50, ['BIO', 'LABEL_ROUGE']),
      buy(150, ['BIO', 'IGP']),
      buy(20, ['BIO', 'COMMERCE_EQUITABLE']),
      buy(2, ['HVE']),
      buy(8, ['HVE']),
      buy(12, ['LABEL_ROUGE']),
      buy(8, ['LABEL_ROUGE']),
      buy(22, ['AOCAOP', 'IGP']),
      buy(4, ['IGP']),
      buy(4, ['IGP', 'HVE']),
      buy(30, ['EXTERNALITES', 'PERFORMANCE']),
      buy(15, ['PERFORMANCE']),
      buy(240, ['PECHE_DURABLE']),
      buy(10, ['COMMERCE_EQUITABLE']),
      buy(500, []),
    ]);
    expect(simple).toMatchObject({
      valeur_totale: 1075,
      valeur_bio: 220,
      valeur_bio_dont_commerce_equitable: 20,
      valeur_siqo: 50,
      valeur_egalim_autres: 260,
      valeur_egalim_autres_dont_commerce_equitable: 10,
      valeur_externalites_performance: 45,
    });
  });

  // api/tests/test_purchases.py, test_complex_purchase_total_summary.
  it('spreads the detailed form by family and label, origins counted beside them (test_complex_purchase_total_summary)', () => {
    const { detailed } = maCantineBilan([
      buy(120, ['BIO', 'AOCAOP'], 'FRUITS_ET_LEGUMES'),
      buy(80, ['BIO', 'COMMERCE_EQUITABLE'], 'FRUITS_ET_LEGUMES'),
      buy(10, ['BIO'], 'VIANDES_VOLAILLES', { circuitCourt: true, local: true }),
      buy(20, ['AOCAOP'], 'FRUITS_ET_LEGUMES'),
      buy(60, ['STG', 'COMMERCE_EQUITABLE'], 'FRUITS_ET_LEGUMES'),
      buy(50, [], 'AUTRES', { local: true }),
      buy(50, [], 'AUTRES', { local: true }),
      buy(90, [], 'VIANDES_VOLAILLES', { circuitCourt: true }),
      buy(110, [], 'AUTRES'),
    ]);
    expect(detailed).toMatchObject({
      valeur_totale: 590,
      valeur_fruits_et_legumes_bio: 200,
      valeur_viandes_volailles_bio: 10,
      valeur_fruits_et_legumes_bio_dont_commerce_equitable: 80,
      valeur_viandes_volailles_bio_dont_commerce_equitable: 0,
      valeur_fruits_et_legumes_aocaop_igp_stg: 80,
      valeur_fruits_et_legumes_commerce_equitable: 0,
      valeur_autres_local: 100,
      valeur_viandes_volailles_circuit_court: 100,
      valeur_viandes_volailles_local: 10,
      valeur_autres_non_egalim: 210,
      valeur_viandes_volailles_non_egalim: 90,
      valeur_autres_externalites: 0,
    });
  });

  // api/tests/test_purchases.py, test_purchase_meat_totals.
  it('meat totals: EGalim and France counted apart (test_purchase_meat_totals)', () => {
    const { simple } = maCantineBilan([
      buy(50, ['BIO', 'LABEL_ROUGE'], 'VIANDES_VOLAILLES', { france: true }),
      buy(40, ['BIO'], 'VIANDES_VOLAILLES'),
      buy(30, ['LABEL_ROUGE'], 'VIANDES_VOLAILLES'),
      buy(20, [], 'VIANDES_VOLAILLES'),
      buy(15, [], 'VIANDES_VOLAILLES', { france: true }),
    ]);
    expect(simple).toMatchObject({
      valeur_viandes_volailles: 155,
      valeur_viandes_volailles_egalim: 120,
      valeur_viandes_volailles_france: 65,
    });
  });

  it('never lets a part exceed its total by a rounding cent', () => {
    const thirds = Array.from({ length: 3 }, () => buy(1 / 3, ['BIO'], 'FRUITS_ET_LEGUMES'));
    const { simple } = maCantineBilan(thirds);
    expect(simple.valeur_bio).toBeLessThanOrEqual(simple.valeur_totale);
    expect(simple.valeur_totale).toBe(0.99);
  });
});

describe('what « ma cantine » refuses (data/validators/diagnostic.py)', () => {
  // api/tests/test_diagnostics_simple_import.py, test_model_validation_error on
  // diagnostics_simple_bad.csv: the messages after « Champ '…' : », row by row (the first two
  // rows are about the platform's canteens and the campaign year, not the file's figures).
  it('reproduces the platform’s messages on its own bad file', () => {
    const rows = csvRows('diagnostics_simple_bad.csv');
    expect(rows.slice(2).map((row) => maCantineProblems(row))).toEqual([
      [
        'La valeur totale (HT), 1000, est moins que la valeur (HT) valeur_bio, 1500',
        "La valeur totale (HT), 1000, est moins que la somme des valeurs d'approvisionnement, 1500",
      ],
      ["La valeur totale (HT), 1000, est moins que la somme des valeurs d'approvisionnement, 2000"],
      [
        "La valeur totale (HT), 1000, est moins que la somme des valeurs d'approvisionnement pour le label france, 1600",
      ],
      [
        'La valeur totale (HT) viandes et volailles fraiches ou surgelées, EGalim, 100, est plus que la valeur totale (HT) viandes et volailles, 50',
      ],
      [
        'La valeur totale (HT) viandes et volailles fraiches ou surgelées, Origine France, 100, est plus que la valeur totale (HT) viandes et volailles, 50',
      ],
      [
        'La valeur totale (HT) poissons et produits aquatiques, EGalim, 100, est plus que la valeur totale (HT) poissons et produits aquatiques, 50',
      ],
      [
        'La valeur totale (HT) poissons et produits aquatiques, Origine France, 100, est plus que la valeur totale (HT) poissons et produits aquatiques, 50',
      ],
      [
        'La somme des valeurs viandes et poissons, EGalim, 300, est plus que la somme des valeurs bio, SIQO, environnementales et autres EGalim, 200',
      ],
      ['La valeur (HT) bio dont commerce équitable, 150, est plus que la valeur totale (HT) bio, 50'],
      [
        'La valeur (HT) achats commerce équitable (hors bio), 150, est plus que la valeur totale (HT) des autres achats EGalim, 50',
      ],
      [
        'La valeur totale (HT) viandes et volailles fraiches ou surgelées, EGalim, 60, est plus que la valeur totale (HT) viandes et volailles, 50',
        'La valeur totale (HT) viandes et volailles fraiches ou surgelées, Origine France, 60, est plus que la valeur totale (HT) viandes et volailles, 50',
      ],
      [
        'La valeur totale (HT) poissons et produits aquatiques, EGalim, 60, est plus que la valeur totale (HT) poissons et produits aquatiques, 50',
        'La valeur totale (HT) poissons et produits aquatiques, Origine France, 60, est plus que la valeur totale (HT) poissons et produits aquatiques, 50',
      ],
    ]);
  });

  it('takes the platform’s good files, and an export of ours', () => {
    for (const file of [
      'diagnostics_simple_good_one_canteen_seperator_semicolon.csv',
      'diagnostics_simple_good_different_canteens.csv',
    ])
      for (const row of csvRows(file)) expect(maCantineProblems(row), file).toEqual([]);
    const bilan = maCantineBilan([
      buy(120, ['BIO'], 'VIANDES_VOLAILLES', { france: true }),
      buy(80, ['LABEL_ROUGE'], 'PRODUITS_DE_LA_MER'),
      buy(1 / 3, ['HVE', 'COMMERCE_EQUITABLE'], 'FRUITS_ET_LEGUMES'),
      buy(300, [], 'AUTRES', { france: true }),
    ]);
    const [header, row] = maCantineCsv('simple', '21340172201787', 2026, bilan).trim().split('\r\n');
    const line = Object.fromEntries(header!.split(',').map((c, i) => [c, row!.split(',')[i]!]));
    expect(maCantineProblems(line)).toEqual([]);
  });
});
