import type { PriceUnit } from '../api/product-vocabulary.ts';

/**
 * What an invoice line's quantity is in kitchen terms: its UN/ECE Recommendation 20 unit code
 * (the code list EN 16931 prescribes for BT-130), read as kilograms, litres or pieces
 * (docs/product/purchases.md « Unités »). A package (« colis », « carton », « sac »…) is as
 * much as its description says: « colis de 6 × 1 L » is 6 L, « sac 25 kg » is 25 kg.
 */

/** Codes of a mass or a volume: how many kg or l one of them is. */
const MEASURE_CODES: Record<string, { base: 'kg' | 'l'; factor: number }> = {
  KGM: { base: 'kg', factor: 1 },
  GRM: { base: 'kg', factor: 0.001 },
  MGM: { base: 'kg', factor: 0.000001 },
  TNE: { base: 'kg', factor: 1000 },
  DTN: { base: 'kg', factor: 100 },
  LTR: { base: 'l', factor: 1 },
  DLT: { base: 'l', factor: 0.1 },
  CLT: { base: 'l', factor: 0.01 },
  MLT: { base: 'l', factor: 0.001 },
  HLT: { base: 'l', factor: 100 },
};

/** Codes of a piece or a package: one of them is « une unité » unless the description gives its contents. */
const PIECE_CODES = new Set([
  'H87', // piece
  'C62', // one
  'EA', // each
  'XPP', // piece (packaging code)
  'NAR', // number of articles
  'NPR', // number of pairs
  'PR', // pair
  'DZN', // dozen: 12 below
  'XBX', // box
  'XCT', // carton
  'XCS', // case
  'XPK', // package
  'XPA', // packet
  'XBG', // bag
  'XSA', // sack
  'XBO', // bottle
  'XBT', // bolt (some suppliers misuse it for bottle)
  'XCA', // can
  'XTN', // tin
  'XCR', // crate
  'XJR', // jar
  'XTU', // tube
  'XPT', // pot
  'XBJ', // bucket
  'XTY', // tray
  'XPL', // pail
  'XRO', // roll
  'XBA', // barrel
  'XKG', // keg
  'XPX', // pallet
  'XSW', // shrink-wrapped
  'XNE', // unpacked
  'SET', // set
]);

export type InvoiceQuantityBase = PriceUnit;

/** A package's contents read from its description, e.g. 6 × 1 L → { amount: 6, base: 'l' }. */
export interface PackContents {
  amount: number;
  base: 'kg' | 'l';
}

const MASS_OR_VOLUME: Record<string, { base: 'kg' | 'l'; factor: number }> = {
  kg: { base: 'kg', factor: 1 },
  kilo: { base: 'kg', factor: 1 },
  kilos: { base: 'kg', factor: 1 },
  g: { base: 'kg', factor: 0.001 },
  gr: { base: 'kg', factor: 0.001 },
  grs: { base: 'kg', factor: 0.001 },
  l: { base: 'l', factor: 1 },
  lt: { base: 'l', factor: 1 },
  ltr: { base: 'l', factor: 1 },
  litre: { base: 'l', factor: 1 },
  litres: { base: 'l', factor: 1 },
  lrr: { base: 'l', factor: 1 },
  cl: { base: 'l', factor: 0.01 },
  ml: { base: 'l', factor: 0.001 },
};

const number = String.raw`(\d+(?:[.,]\d+)?)`;
const unitWord = String.raw`(kg|kilos?|grs?|g|litres?|ltr|lrr|lt|l|cl|ml)`;
/** « 6 × 1 L », « 6x1l », « 12 X 33 CL », « 4 * 2,5 kg ». */
const PACK = new RegExp(String.raw`(?:^|[^\p{L}\d.,])(\d+)\s*[x×*]\s*${number}\s*${unitWord}(?![\p{L}])`, 'iu');
/** « 10KG », « 3 LT », « sac 25 kg », « 500 g »: the last one named wins (« 10MM 10KG »). */
const SINGLE = new RegExp(String.raw`(?:^|[^\p{L}\d.,])${number}\s*${unitWord}(?![\p{L}])`, 'giu');

const toNumber = (text: string) => Number(text.replace(',', '.'));

/** The contents of one package as its description states them, or null when it does not say. */
export function packContents(description: string): PackContents | null {
  const pack = PACK.exec(description);
  if (pack) {
    const unit = MASS_OR_VOLUME[pack[3]!.toLowerCase()]!;
    const amount = Number(pack[1]) * toNumber(pack[2]!) * unit.factor;
    return amount > 0 ? { amount: round6(amount), base: unit.base } : null;
  }
  let found: PackContents | null = null;
  for (const match of description.matchAll(SINGLE)) {
    const unit = MASS_OR_VOLUME[match[2]!.toLowerCase()]!;
    const amount = toNumber(match[1]!) * unit.factor;
    if (amount > 0) found = { amount: round6(amount), base: unit.base };
  }
  return found;
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

/**
 * How much of kg, l or « unité » one billed unit of this line is: a measure code converts
 * directly; a piece or package is its stated contents, else one unit; an unknown code is
 * read as pieces too (the owner sees the code beside the line).
 */
export function billedUnitContents(unitCode: string, description: string): { amount: number; base: PriceUnit } {
  const code = unitCode.trim().toUpperCase();
  const measure = MEASURE_CODES[code];
  if (measure) return { amount: measure.factor, base: measure.base };
  const contents = packContents(description);
  const pieces = code === 'DZN' ? 12 : 1;
  if (contents) return { amount: round6(contents.amount * pieces), base: contents.base };
  return { amount: pieces, base: 'unité' };
}

export const isKnownUnitCode = (unitCode: string) =>
  unitCode.toUpperCase() in MEASURE_CODES || PIECE_CODES.has(unitCode.toUpperCase());

/** The French words shown beside a line's code (« kg », « pièce », « colis »…). */
export function unitCodeLabel(unitCode: string): string {
  const code = unitCode.toUpperCase();
  const labels: Record<string, string> = {
    KGM: 'kg',
    GRM: 'g',
    TNE: 't',
    LTR: 'l',
    CLT: 'cl',
    MLT: 'ml',
    DLT: 'dl',
    HLT: 'hl',
    H87: 'pièce',
    C62: 'unité',
    EA: 'unité',
    XPP: 'pièce',
    DZN: 'douzaine',
    XBX: 'boîte',
    XCT: 'carton',
    XCS: 'colis',
    XPK: 'paquet',
    XPA: 'sachet',
    XBG: 'sac',
    XSA: 'sac',
    XBO: 'bouteille',
    XCA: 'canette',
    XTN: 'boîte',
    XCR: 'cagette',
    XJR: 'bocal',
    XPT: 'pot',
    XBJ: 'seau',
    XTY: 'barquette',
    XKG: 'fût',
  };
  return labels[code] ?? code;
}

/**
 * The price of one kg, l or unit of a line, from its net unit price and what one billed unit
 * holds; null when the price or the contents are not positive.
 */
export function pricePerBase(
  unitPrice: number,
  unitCode: string,
  description: string,
): { amount: number; per: PriceUnit } | null {
  const contents = billedUnitContents(unitCode, description);
  if (!(unitPrice > 0) || !(contents.amount > 0)) return null;
  return { amount: Math.round((unitPrice / contents.amount) * 10000) / 10000, per: contents.base };
}

/**
 * A price per kg, l or unit said in the product's own unit when it can be: a product priced per
 * kg bought by the piece converts through its grams per unit, and back (1 l counts 1 kg only
 * when the product is priced per l or kg with no other way to tell: it is not converted).
 */
export function inProductUnit(
  price: { amount: number; per: PriceUnit },
  product: { pricePer: PriceUnit | null; gramsPerUnit: number | null },
): { amount: number; per: PriceUnit } {
  const target = product.pricePer;
  if (target === null || target === price.per) return price;
  const grams = product.gramsPerUnit;
  const round = (v: number) => Math.round(v * 10000) / 10000;
  if (price.per === 'unité' && target === 'kg' && grams && grams > 0)
    return { amount: round(price.amount / (grams / 1000)), per: 'kg' };
  if (price.per === 'kg' && target === 'unité' && grams && grams > 0)
    return { amount: round(price.amount * (grams / 1000)), per: 'unité' };
  return price;
}
