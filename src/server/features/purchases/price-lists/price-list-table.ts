import { MAX_PRICE_LIST_LINES, purchaseMessages as m } from '../../../../shared/api/purchase-messages.ts';
import { billedUnitContents, packContents } from '../../../../shared/purchases/invoice-units.ts';
import type { PriceUnit } from '../../../../shared/api/product-vocabulary.ts';
import type { FileRow } from '../../../../shared/product-file.ts';
import { readTableRows, TABLE_BOUNDS } from '../../../lib/read-table-file.ts';
import { InvoiceReadError } from '../read/parsed-invoice.ts';
import { cellNumber, findColumns, foldHeader } from '../read/table-columns.ts';
import { saleDate } from '../sales/sales-table.ts';

/**
 * A supplier's price list (« tarif fournisseur », « mercuriale ») read from its CSV or XLSX file
 * (docs/product/purchases.md « Tarifs fournisseurs », docs/decisions/0043-supplier-price-lists.md):
 * NutriCarte's generic format, its headers in French or English, accents and case folded.
 */
export interface PriceListRow {
  supplierArticleId: string | null;
  description: string;
  unitLabel: string | null;
  /** Net price of one unit as sold (the « unité » or « conditionnement » column), HT. */
  priceHt: number;
  vatRate: number | null;
  ean: string | null;
  labels: string | null;
  /** What one unit as sold holds in kg, l or pieces (« colis 6 × 1 L » = 6 l). */
  contents: { amount: number; base: PriceUnit };
}
export interface PriceListTable {
  /** The « fournisseur » column's name, when the file has one and says one name. */
  supplierName: string | null;
  /** The « date d'effet » column's date, when the file has one and says one date. */
  effectiveDate: string | null;
  rows: PriceListRow[];
}

type Column = 'reference' | 'description' | 'unit' | 'price' | 'vat' | 'date' | 'ean' | 'labels' | 'supplier';

/** Header names per column (NutriCarte's generic format first, then the words wholesalers' files print). */
const HEADERS: Record<Column, string[]> = {
  reference: [
    'reference',
    'ref',
    'ref article',
    'reference article',
    'reference fournisseur',
    'code article',
    'code',
    'n article',
    'numero article',
    'sku',
    'item code',
    'item number',
    'product code',
  ],
  description: [
    'designation',
    'libelle',
    'libelle article',
    'description',
    'produit',
    'nom',
    'article designation',
    'name',
    'product',
    'product name',
    'item',
    'article',
  ],
  unit: [
    'unite',
    'conditionnement',
    'unite de vente',
    'colisage',
    'format',
    'uv',
    'unit',
    'pack',
    'packaging',
    'pack size',
    'uom',
  ],
  price: [
    'prix ht',
    'prix unitaire ht',
    'prix net ht',
    'pu ht',
    'tarif ht',
    'prix',
    'tarif',
    'prix unitaire',
    'price',
    'unit price',
    'net price',
    'price excl vat',
  ],
  vat: ['tva', 'taux tva', 'taux de tva', 'tva %', 'vat', 'vat rate', 'tax rate'],
  date: [
    'date d’effet',
    'date effet',
    'date d application',
    'date de validite',
    'valable a partir du',
    'date',
    'effective date',
    'valid from',
  ],
  ean: ['ean', 'ean13', 'code ean', 'gencod', 'gtin', 'code barre', 'barcode'],
  labels: [
    'label',
    'labels',
    'label qualite',
    'signe de qualite',
    'origine',
    'provenance',
    'label / origine',
    'origin',
  ],
  supplier: ['fournisseur', 'supplier', 'vendor'],
};

const text = (row: FileRow, header: string | undefined, max: number) =>
  (header ? (row[header] ?? '') : '').trim().slice(0, max);

/** Bare unit words as sold: price per kg, per litre, per piece. */
const BARE_UNITS: Record<string, PriceUnit> = {
  kg: 'kg',
  kilo: 'kg',
  kilogramme: 'kg',
  'le kg': 'kg',
  l: 'l',
  lt: 'l',
  litre: 'l',
  'le litre': 'l',
};

/**
 * What one unit as sold holds: a bare « kg » or « litre » is one of them, « colis 6 × 1 L »,
 * « sac 25 kg » or « 500 g » their contents; else the designation's (« Huile tournesol bidon 5 L »,
 * the rule of invoice lines, src/shared/purchases/invoice-units.ts), else one piece.
 */
function unitContents(unitLabel: string | null, description: string): { amount: number; base: PriceUnit } {
  const unit = foldHeader(unitLabel ?? '');
  const bare = BARE_UNITS[unit];
  if (bare) return { amount: 1, base: bare };
  const stated = unitLabel ? packContents(unitLabel) : null;
  if (stated) return stated;
  return billedUnitContents('H87', description);
}

/** The rows of a price list, or the French reason it cannot be read; blank rows are skipped. */
function priceListRowsOf(rows: FileRow[]): PriceListTable {
  if (rows.length === 0) throw new InvoiceReadError(m.priceListEmpty);
  if (rows.length > MAX_PRICE_LIST_LINES) throw new InvoiceReadError(m.priceListTooMany);
  const columns = findColumns(Object.keys(rows[0]!), HEADERS);
  if (!columns.description || !columns.price) throw new InvoiceReadError(m.priceListNoColumns);
  const out: PriceListRow[] = [];
  const dates = new Set<string>();
  const suppliers = new Set<string>();
  rows.forEach((row, index) => {
    const line = index + 2;
    const description = text(row, columns.description, 300);
    const rawPrice = text(row, columns.price, 50);
    const reference = text(row, columns.reference, 100) || null;
    if (!description && !rawPrice && !reference) return;
    if (!description) throw new InvoiceReadError(m.salesRow(line, m.priceListDescription));
    const price = cellNumber(rawPrice);
    if (price === 'invalid' || price === null || !(price > 0))
      throw new InvoiceReadError(m.salesRow(line, m.priceListPrice));
    const rawVat = text(row, columns.vat, 20).replace(/%/g, '');
    const vat = cellNumber(rawVat);
    if (vat === 'invalid' || (vat !== null && (vat < 0 || vat > 100)))
      throw new InvoiceReadError(m.salesRow(line, m.priceListVat));
    const rawDate = text(row, columns.date, 40);
    if (rawDate) {
      const date = saleDate(rawDate);
      if (!date) throw new InvoiceReadError(m.salesRow(line, m.salesDate));
      dates.add(date);
    }
    const supplier = text(row, columns.supplier, 200);
    if (supplier) suppliers.add(supplier);
    const unitLabel = text(row, columns.unit, 100) || null;
    const contents = unitContents(unitLabel, description);
    out.push({
      supplierArticleId: reference,
      description,
      unitLabel,
      priceHt: price,
      // A rate written as a share (0,055) is read as 5,5 %.
      vatRate: vat === null ? null : vat > 0 && vat < 1 ? Math.round(vat * 1000) / 10 : vat,
      ean: text(row, columns.ean, 20) || null,
      labels: text(row, columns.labels, 200) || null,
      contents,
    });
  });
  if (out.length === 0) throw new InvoiceReadError(m.priceListEmpty);
  if (dates.size > 1) throw new InvoiceReadError(m.priceListDates);
  if (suppliers.size > 1) throw new InvoiceReadError(m.priceListSuppliers);
  return { supplierName: [...suppliers][0] ?? null, effectiveDate: [...dates][0] ?? null, rows: out };
}

/** Read in the purchases' worker thread (../read/file-worker.ts), within the import bounds (10,000 rows). */
export async function readPriceListTable(bytes: Uint8Array, contentType: string): Promise<PriceListTable> {
  if (bytes.length === 0) throw new InvoiceReadError(m.priceListEmpty);
  const rows = await readTableRows(
    bytes,
    contentType,
    { unreadable: m.priceListUnreadable, empty: m.priceListEmpty, tooManyRows: m.priceListTooMany },
    TABLE_BOUNDS,
  );
  return priceListRowsOf(rows);
}
