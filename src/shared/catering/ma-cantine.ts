import { isValidSiret } from './establishment.ts';
import type { EgalimLabel, Family } from './egalim.ts';

/**
 * The « ma cantine » bilans (betagouv/ma-cantine, data/schemas/imports/bilans_simple_siret.json
 * and bilans_detaille.json, commit 04dddca9; copies in data/ma-cantine/): one line per
 * establishment and year, euros HT with a decimal point. Figures are computed as the platform
 * computes them from its own purchases (data/models/purchase.py, `aggregated_stats` and
 * `_complete_diag_data`), from any list of purchase-like amounts: real purchases (invoices)
 * or the plan's estimate (src/server/features/meal-plans/ma-cantine.ts).
 */
export interface PurchaseAmount {
  /** Euros HT. */
  valueHt: number;
  family: Family;
  labels: readonly EgalimLabel[];
  /** « Origine France », « circuit court », « local » (outside the EGalim labels: counted as well as them). */
  france?: boolean;
  circuitCourt?: boolean;
  local?: boolean;
}

export type FamilyKey =
  | 'viandes_volailles'
  | 'produits_de_la_mer'
  | 'fruits_et_legumes'
  | 'charcuterie'
  | 'produits_laitiers'
  | 'boulangerie'
  | 'boissons'
  | 'autres';
/** The platform's order of families (Diagnostic.APPRO_FAMILIES). */
const FAMILY_KEYS: readonly FamilyKey[] = [
  'viandes_volailles',
  'produits_de_la_mer',
  'fruits_et_legumes',
  'charcuterie',
  'produits_laitiers',
  'boulangerie',
  'boissons',
  'autres',
];
const keyOf = (family: Family) => family.toLowerCase() as FamilyKey;

/** The detailed form's labels, in the platform's priority order (Diagnostic.APPRO_LABELS_EGALIM): each euro counts under its first. */
const DETAILED_LABELS = [
  ['bio', ['BIO']],
  ['label_rouge', ['LABEL_ROUGE']],
  ['aocaop_igp_stg', ['AOCAOP', 'IGP', 'STG']],
  ['hve', ['HVE']],
  ['peche_durable', ['PECHE_DURABLE']],
  ['rup', ['RUP']],
  ['commerce_equitable', ['COMMERCE_EQUITABLE']],
  ['fermier', ['FERMIER']],
  ['externalites', ['EXTERNALITES']],
  ['performance', ['PERFORMANCE']],
] as const satisfies readonly (readonly [string, readonly EgalimLabel[]])[];

const SIQO: readonly EgalimLabel[] = ['LABEL_ROUGE', 'AOCAOP', 'IGP', 'STG'];
const OTHERS: readonly EgalimLabel[] = ['HVE', 'PECHE_DURABLE', 'RUP', 'FERMIER', 'COMMERCE_EQUITABLE'];
const PROCUREMENT: readonly EgalimLabel[] = ['EXTERNALITES', 'PERFORMANCE'];
const has = (p: PurchaseAmount, labels: readonly EgalimLabel[]) => p.labels.some((l) => labels.includes(l));
const isEgalim = (p: PurchaseAmount) => p.labels.length > 0;

export const SIMPLE_COLUMNS = [
  'siret',
  'année_bilan',
  'valeur_totale',
  'valeur_bio',
  'valeur_bio_dont_commerce_equitable',
  'valeur_siqo',
  'valeur_externalites_performance',
  'valeur_egalim_autres',
  'valeur_egalim_autres_dont_commerce_equitable',
  'valeur_viandes_volailles',
  'valeur_viandes_volailles_egalim',
  'valeur_viandes_volailles_france',
  'valeur_produits_de_la_mer',
  'valeur_produits_de_la_mer_egalim',
  'valeur_produits_de_la_mer_france',
  'valeur_fruits_et_legumes_france',
  'valeur_charcuterie_france',
  'valeur_produits_laitiers_france',
  'valeur_boulangerie_france',
  'valeur_boissons_france',
  'valeur_autres_france',
] as const;
export type SimpleColumn = (typeof SIMPLE_COLUMNS)[number];

const perFamily = (suffix: string) => FAMILY_KEYS.map((f) => `valeur_${f}_${suffix}`);
/** bilans_detaille.json's 125 columns, in its order. */
export const DETAILED_COLUMNS: readonly string[] = [
  'siret',
  'année_bilan',
  'valeur_totale',
  'valeur_viandes_volailles',
  'valeur_produits_de_la_mer',
  ...FAMILY_KEYS.flatMap((f) => [`valeur_${f}_bio`, `valeur_${f}_bio_dont_commerce_equitable`]),
  ...DETAILED_LABELS.slice(1).flatMap(([label]) => perFamily(label)),
  ...perFamily('non_egalim'),
  ...perFamily('france'),
  ...perFamily('circuit_court'),
  ...perFamily('local'),
];

export interface MaCantineBilan {
  /** Euros HT, two decimals, by column (siret and year apart). */
  simple: Record<Exclude<SimpleColumn, 'siret' | 'année_bilan'>, number>;
  detailed: Record<string, number>;
}

/**
 * Both forms' figures from purchase-like amounts. Every amount is taken in cents first, so each
 * column is an exact sum and no part ever exceeds its total by a rounding cent (the platform
 * refuses a file where it does: data/validators/diagnostic.py).
 */
export function maCantineBilan(purchases: readonly PurchaseAmount[]): MaCantineBilan {
  const cents = purchases
    .map((p) => ({ ...p, cents: Math.round(p.valueHt * 100) }))
    .filter((p) => Number.isFinite(p.cents) && p.cents > 0);
  const sum = (test: (p: (typeof cents)[number]) => boolean) =>
    cents.filter(test).reduce((s, p) => s + p.cents, 0) / 100;
  const bio = (p: PurchaseAmount) => has(p, ['BIO']);
  const siqo = (p: PurchaseAmount) => !bio(p) && has(p, SIQO);
  const others = (p: PurchaseAmount) => !bio(p) && !has(p, SIQO) && has(p, OTHERS);
  const fairTrade = (p: PurchaseAmount) => p.labels.includes('COMMERCE_EQUITABLE');
  const inFamily = (f: FamilyKey) => (p: PurchaseAmount) => keyOf(p.family) === f;
  const simple = {
    valeur_totale: sum(() => true),
    valeur_bio: sum(bio),
    valeur_bio_dont_commerce_equitable: sum((p) => bio(p) && fairTrade(p)),
    valeur_siqo: sum(siqo),
    valeur_externalites_performance: sum((p) => !bio(p) && !has(p, SIQO) && !has(p, OTHERS) && has(p, PROCUREMENT)),
    valeur_egalim_autres: sum(others),
    valeur_egalim_autres_dont_commerce_equitable: sum((p) => others(p) && fairTrade(p)),
    valeur_viandes_volailles: sum(inFamily('viandes_volailles')),
    valeur_viandes_volailles_egalim: sum((p) => inFamily('viandes_volailles')(p) && isEgalim(p)),
    valeur_viandes_volailles_france: sum((p) => inFamily('viandes_volailles')(p) && p.france === true),
    valeur_produits_de_la_mer: sum(inFamily('produits_de_la_mer')),
    valeur_produits_de_la_mer_egalim: sum((p) => inFamily('produits_de_la_mer')(p) && isEgalim(p)),
    valeur_produits_de_la_mer_france: sum((p) => inFamily('produits_de_la_mer')(p) && p.france === true),
    valeur_fruits_et_legumes_france: sum((p) => inFamily('fruits_et_legumes')(p) && p.france === true),
    valeur_charcuterie_france: sum((p) => inFamily('charcuterie')(p) && p.france === true),
    valeur_produits_laitiers_france: sum((p) => inFamily('produits_laitiers')(p) && p.france === true),
    valeur_boulangerie_france: sum((p) => inFamily('boulangerie')(p) && p.france === true),
    valeur_boissons_france: sum((p) => inFamily('boissons')(p) && p.france === true),
    valeur_autres_france: sum((p) => inFamily('autres')(p) && p.france === true),
  };
  const detailed: Record<string, number> = {
    valeur_totale: simple.valeur_totale,
    valeur_viandes_volailles: simple.valeur_viandes_volailles,
    valeur_produits_de_la_mer: simple.valeur_produits_de_la_mer,
  };
  const topLabel = (p: PurchaseAmount) => DETAILED_LABELS.find(([, labels]) => has(p, labels))?.[0] ?? 'non_egalim';
  for (const f of FAMILY_KEYS) {
    const family = inFamily(f);
    for (const [label] of DETAILED_LABELS)
      detailed[`valeur_${f}_${label}`] = sum((p) => family(p) && topLabel(p) === label);
    detailed[`valeur_${f}_bio_dont_commerce_equitable`] = sum((p) => family(p) && bio(p) && fairTrade(p));
    detailed[`valeur_${f}_non_egalim`] = sum((p) => family(p) && !isEgalim(p));
    detailed[`valeur_${f}_france`] = sum((p) => family(p) && p.france === true);
    detailed[`valeur_${f}_circuit_court`] = sum((p) => family(p) && p.circuitCourt === true);
    detailed[`valeur_${f}_local`] = sum((p) => family(p) && p.local === true);
  }
  return { simple, detailed };
}

const money = (v: number) => v.toFixed(2);
/** The platform's own words, its straight apostrophe included (they are compared with its messages). */
const APOS = "'";
const csv = (cells: readonly string[]) =>
  cells.map((c) => (/[",\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(',');

/** The import file itself: a header line and the establishment's line, comma-separated, CRLF (the platform's own files). */
export function maCantineCsv(form: 'simple' | 'detaille', siret: string, year: number, bilan: MaCantineBilan): string {
  const columns = form === 'simple' ? SIMPLE_COLUMNS : DETAILED_COLUMNS;
  const values = form === 'simple' ? (bilan.simple as Record<string, number>) : bilan.detailed;
  const row = columns.map((c) => (c === 'siret' ? siret : c === 'année_bilan' ? String(year) : money(values[c] ?? 0)));
  return `${csv(columns)}\r\n${csv(row)}\r\n`;
}

/**
 * What the platform would refuse in a simple line (data/validators/diagnostic.py,
 * common/utils/siret.py), in its own words: checked before an export is offered, and against
 * the platform's own test files (data/ma-cantine/diagnostics_simple_bad.csv).
 */
export function maCantineProblems(line: Record<string, string>): string[] {
  const problems: string[] = [];
  const n = (column: string): number | null => {
    const raw = line[column]?.trim() ?? '';
    return raw === '' ? null : Number(raw);
  };
  const siret = line.siret?.trim() ?? '';
  if (!/^\d{14}$/.test(siret)) problems.push('14 caractères numériques sont attendus');
  else if (!isValidSiret(siret))
    problems.push('Le numéro SIRET est invalide et semble ne pas exister dans les registres officiels');
  const total = n('valeur_totale');
  if (total !== null) {
    if (total <= 0) problems.push('La valeur totale (HT) doit être supérieure à 0');
    else {
      for (const column of SIMPLE_COLUMNS.slice(2)) {
        const value = n(column);
        if (value && value > total)
          problems.push(
            `La valeur totale (HT), ${line.valeur_totale}, est moins que la valeur (HT) ${column}, ${line[column]}`,
          );
      }
      const france = FAMILY_KEYS.map((f) => n(`valeur_${f}_france`));
      const franceSum = france.reduce<number>((s, v) => s + (v ?? 0), 0);
      if (france.some((v) => v !== null) && franceSum > total)
        problems.push(
          `La valeur totale (HT), ${line.valeur_totale}, est moins que la somme des valeurs d${APOS}approvisionnement pour le label france, ${franceSum}`,
        );
      const egalim = egalimSum(n);
      if (egalim && egalim > total)
        problems.push(
          `La valeur totale (HT), ${line.valeur_totale}, est moins que la somme des valeurs d${APOS}approvisionnement, ${egalim}`,
        );
    }
  }
  for (const [family, title, label] of [
    ['viandes_volailles', 'viandes et volailles fraiches ou surgelées', 'viandes et volailles'],
    ['produits_de_la_mer', 'poissons et produits aquatiques', 'poissons et produits aquatiques'],
  ] as const) {
    const whole = n(`valeur_${family}`);
    if (whole === null) continue;
    for (const [suffix, name] of [
      ['egalim', 'EGalim'],
      ['france', 'Origine France'],
    ] as const) {
      const part = n(`valeur_${family}_${suffix}`);
      if (part !== null && part > whole)
        problems.push(
          `La valeur totale (HT) ${title}, ${name}, ${line[`valeur_${family}_${suffix}`]}, est plus que la valeur totale (HT) ${label}, ${line[`valeur_${family}`]}`,
        );
    }
  }
  const meat = n('valeur_viandes_volailles_egalim');
  const fish = n('valeur_produits_de_la_mer_egalim');
  if (meat !== null && fish !== null && meat + fish > (egalimSum(n) ?? 0))
    problems.push(
      `La somme des valeurs viandes et poissons, EGalim, ${meat + fish}, est plus que la somme des valeurs bio, SIQO, environnementales et autres EGalim, ${egalimSum(n) ?? 0}`,
    );
  for (const [part, whole, text] of [
    [
      'valeur_bio_dont_commerce_equitable',
      'valeur_bio',
      'La valeur (HT) bio dont commerce équitable, {p}, est plus que la valeur totale (HT) bio, {w}',
    ],
    [
      'valeur_egalim_autres_dont_commerce_equitable',
      'valeur_egalim_autres',
      'La valeur (HT) achats commerce équitable (hors bio), {p}, est plus que la valeur totale (HT) des autres achats EGalim, {w}',
    ],
  ] as const) {
    const p = n(part);
    const w = n(whole);
    if (w !== null && p !== null && p > w) problems.push(text.replace('{p}', line[part]!).replace('{w}', line[whole]!));
  }
  return problems;
}

/** Bio + SIQO + externalités/performance + autres EGalim, null when none is given (Diagnostic.egalim_sum). */
function egalimSum(n: (column: string) => number | null): number | null {
  const parts = ['valeur_bio', 'valeur_siqo', 'valeur_externalites_performance', 'valeur_egalim_autres'].map(n);
  return parts.every((v) => v === null) ? null : parts.reduce<number>((s, v) => s + (v ?? 0), 0);
}
