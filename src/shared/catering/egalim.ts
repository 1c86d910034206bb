/**
 * EGalim shares by purchase value (code rural L. 230-5-1, R. 230-30-1; docs/product/egalim.md),
 * counted as « ma cantine » counts them: each euro once, in priority order bio, then SIQO,
 * then the other EGalim labels. Pure: the server feeds it the planned lines' values.
 */
export const EGALIM_LABELS = [
  'BIO',
  'LABEL_ROUGE',
  'AOCAOP',
  'IGP',
  'STG',
  'HVE',
  'PECHE_DURABLE',
  'RUP',
  'COMMERCE_EQUITABLE',
  'FERMIER',
  'EXTERNALITES',
  'PERFORMANCE',
] as const;
export type EgalimLabel = (typeof EGALIM_LABELS)[number];
export const EGALIM_LABEL_NAMES: Record<EgalimLabel, string> = {
  BIO: 'Bio',
  LABEL_ROUGE: 'Label Rouge',
  AOCAOP: 'AOC / AOP',
  IGP: 'IGP',
  STG: 'STG',
  HVE: 'HVE',
  PECHE_DURABLE: 'Pêche durable',
  RUP: 'RUP',
  COMMERCE_EQUITABLE: 'Commerce équitable',
  FERMIER: 'Fermier',
  EXTERNALITES: 'Externalités environnementales',
  PERFORMANCE: 'Performance environnementale',
};

/** « ma cantine » product families (Purchase.Family). */
export const FAMILIES = [
  'VIANDES_VOLAILLES',
  'CHARCUTERIE',
  'PRODUITS_DE_LA_MER',
  'FRUITS_ET_LEGUMES',
  'PRODUITS_LAITIERS',
  'BOULANGERIE',
  'BOISSONS',
  'AUTRES',
] as const;
export type Family = (typeof FAMILIES)[number];

export const THRESHOLDS = { sustainable: 50, organic: 20, meatFish: 60, vegetarianPerWeek: 1 } as const;

/**
 * One planned ingredient line, as the EGalim shares read it. `value` is its purchase value
 * excluding VAT for the planned quantity; null when no price is known (a Ciqual food carries
 * none; own products and sub-recipes carry theirs: src/server/features/meal-plans/dishes.ts).
 */
export interface PlannedPurchaseLine {
  value: number | null;
  labels: readonly EgalimLabel[];
  family: Family;
}

const SIQO: readonly EgalimLabel[] = ['LABEL_ROUGE', 'AOCAOP', 'IGP', 'STG'];
const OTHERS: readonly EgalimLabel[] = ['HVE', 'PECHE_DURABLE', 'RUP', 'COMMERCE_EQUITABLE', 'FERMIER'];
const PROCUREMENT: readonly EgalimLabel[] = ['EXTERNALITES', 'PERFORMANCE'];

export const BUCKETS = ['bio', 'siqo', 'autres', 'externalites', 'non_egalim'] as const;
export type Bucket = (typeof BUCKETS)[number];
export function bucketOf(labels: readonly EgalimLabel[]): Bucket {
  if (labels.includes('BIO')) return 'bio';
  if (labels.some((l) => SIQO.includes(l))) return 'siqo';
  if (labels.some((l) => OTHERS.includes(l))) return 'autres';
  if (labels.some((l) => PROCUREMENT.includes(l))) return 'externalites';
  return 'non_egalim';
}

export interface EgalimTotals {
  purchaseValue: number;
  sustainableValue: number;
  organicValue: number;
  siqoValue: number;
  otherValue: number;
  procurementValue: number;
  meatFishValue: number;
  meatFishSustainableValue: number;
  /** Lines without a known value: the shares are over the known ones only. */
  unpricedLines: number;
  byFamily: Record<Family, Record<Bucket, number>>;
}

const round2 = (v: number) => Math.round((v + Number.EPSILON) * 100) / 100;
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null);

export function egalimTotals(lines: readonly PlannedPurchaseLine[]): EgalimTotals {
  const byFamily = Object.fromEntries(
    FAMILIES.map((f) => [f, { bio: 0, siqo: 0, autres: 0, externalites: 0, non_egalim: 0 }]),
  ) as EgalimTotals['byFamily'];
  let unpricedLines = 0;
  for (const line of lines) {
    if (line.value === null) {
      unpricedLines += 1;
      continue;
    }
    byFamily[line.family][bucketOf(line.labels)] += line.value;
  }
  const sum = (pick: (f: Family, b: Bucket) => boolean) =>
    round2(FAMILIES.flatMap((f) => BUCKETS.map((b) => (pick(f, b) ? byFamily[f][b] : 0))).reduce((a, b) => a + b, 0));
  const meatFish = (f: Family) => f === 'VIANDES_VOLAILLES' || f === 'PRODUITS_DE_LA_MER';
  return {
    purchaseValue: sum(() => true),
    sustainableValue: sum((_, b) => b !== 'non_egalim'),
    organicValue: sum((_, b) => b === 'bio'),
    siqoValue: sum((_, b) => b === 'siqo'),
    otherValue: sum((_, b) => b === 'autres'),
    procurementValue: sum((_, b) => b === 'externalites'),
    meatFishValue: sum((f) => meatFish(f)),
    meatFishSustainableValue: sum((f, b) => meatFish(f) && b !== 'non_egalim'),
    unpricedLines,
    byFamily,
  };
}

export interface EgalimShares {
  sustainablePercent: number | null;
  organicPercent: number | null;
  meatFishSustainablePercent: number | null;
}

export function egalimShares(
  t: Pick<
    EgalimTotals,
    'purchaseValue' | 'sustainableValue' | 'organicValue' | 'meatFishValue' | 'meatFishSustainableValue'
  >,
): EgalimShares {
  return {
    sustainablePercent: percent(t.sustainableValue, t.purchaseValue),
    organicPercent: percent(t.organicValue, t.purchaseValue),
    meatFishSustainablePercent: percent(t.meatFishSustainableValue, t.meatFishValue),
  };
}

/** « ma cantine » family of a Ciqual subgroup (docs/product/egalim.md: eggs and butter are « BOF »). */
export function familyOfSubgroup(code: string | null): Family {
  if (code === null) return 'AUTRES';
  if (['0401', '0402', '0404'].includes(code)) return 'VIANDES_VOLAILLES';
  if (code === '0403') return 'CHARCUTERIE';
  if (['0405', '0406', '0407', '0408', '0409'].includes(code)) return 'PRODUITS_DE_LA_MER';
  if (['0201', '0202', '0204'].includes(code)) return 'FRUITS_ET_LEGUMES';
  if (code.startsWith('05') || code === '0410' || code === '0901') return 'PRODUITS_LAITIERS';
  if (code === '0302' || code === '0705' || code === '0709' || code === '0305') return 'BOULANGERIE';
  if (code.startsWith('06')) return 'BOISSONS';
  return 'AUTRES';
}
