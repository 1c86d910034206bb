import { MAX_SALES_ROWS, purchaseMessages as m } from '../../../../shared/api/purchase-messages.ts';
import type { FileRow } from '../../../../shared/product-file.ts';
import { readTableRows, TABLE_BOUNDS } from '../../../lib/read-table-file.ts';
import type { TableBounds } from '../../../lib/table-file-reader.ts';
import { InvoiceReadError } from '../read/parsed-invoice.ts';
import { cellNumber, findColumns, foldHeader } from '../read/table-columns.ts';

/**
 * A till's sales export read into rows (docs/product/purchases.md « Ventes »): the generic
 * format NutriCarte documents, and the columns of the tills' own exports where they are
 * known, each header matched accents and case folded.
 */
export interface SaleRow {
  date: string;
  name: string;
  code: string | null;
  quantity: number;
  amountTtc: number | null;
}
export interface SalesTable {
  /** Which columns were recognised: « generic » or a till's name. */
  format: string;
  rows: SaleRow[];
}

type Column = 'date' | 'name' | 'code' | 'quantity' | 'amount';

/**
 * Header names per column, folded. Sources: NutriCarte's generic format (date, article, code,
 * quantite, montant_ttc); SumUp's sales report in German (Datum, Beschreibung, Menge,
 * Preis (brutto)), as read by ursjoss/lola-sumup src/prepare.rs; French and English words
 * tills commonly print (« Produit », « Quantité », « Total TTC », « Item », « Qty », « Gross sales »).
 */
const HEADERS: Record<Column, string[]> = {
  date: [
    'date',
    'jour',
    'date de vente',
    'date de la vente',
    'date/heure',
    'date et heure',
    'datum',
    'created at',
    'day',
  ],
  name: [
    'article',
    'produit',
    'nom',
    'nom du produit',
    'nom de l article',
    'libelle',
    'designation',
    'plat',
    'beschreibung',
    'description',
    'item',
    'item name',
    'product',
    'product name',
    'name',
  ],
  code: [
    'code',
    'code article',
    'code produit',
    'reference',
    'ref',
    'sku',
    'plu',
    'product id',
    'item id',
    'id article',
  ],
  quantity: ['quantite', 'qte', 'quantite vendue', 'nombre', 'nb', 'menge', 'quantity', 'qty', 'items sold', 'sold'],
  amount: [
    'montant_ttc',
    'montant ttc',
    'total ttc',
    'ca ttc',
    'chiffre d affaires ttc',
    'prix ttc',
    'montant',
    'total',
    'preis (brutto)',
    'gross sales',
    'total (incl. tax)',
    'amount',
  ],
};

const fold = foldHeader;
const columnsOf = (headers: string[]) => findColumns(headers, HEADERS);

function formatOf(headers: string[]): string {
  const folded = new Set(headers.map(fold));
  if (folded.has('beschreibung') && folded.has('menge')) return 'SumUp';
  return 'générique';
}

/** « 2026-03-02 », « 02/03/2026 », « 02.03.2026, 12:34 », « 2026-03-02 12:34:00 ». */
export function saleDate(value: string): string | null {
  const text = value.trim();
  let match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  let iso = match ? `${match[1]}-${match[2]}-${match[3]}` : null;
  if (!iso) {
    match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?!\d)/.exec(text);
    if (match) iso = `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
  }
  if (!iso) return null;
  const day = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === iso ? iso : null;
}

const number = cellNumber;

/** The rows of a sales file, or the French reason it cannot be read; rows of no sale are skipped. */
function salesRowsOf(rows: FileRow[]): SalesTable {
  if (rows.length === 0) throw new InvoiceReadError(m.salesEmpty);
  if (rows.length > MAX_SALES_ROWS) throw new InvoiceReadError(m.salesTooMany);
  const headers = Object.keys(rows[0]!);
  const columns = columnsOf(headers);
  if (!columns.date || !(columns.name || columns.code) || !columns.quantity)
    throw new InvoiceReadError(m.salesNoColumns);
  const sales: SaleRow[] = [];
  rows.forEach((row, index) => {
    const line = index + 2;
    const name = (columns.name ? row[columns.name] : '')?.trim().slice(0, 200) ?? '';
    const code = (columns.code ? row[columns.code] : '')?.trim().slice(0, 100) || null;
    const rawDate = row[columns.date!] ?? '';
    if (!name && !code && !rawDate.trim()) return;
    const date = saleDate(rawDate);
    if (!date) throw new InvoiceReadError(m.salesRow(line, m.salesDate));
    const quantity = number(row[columns.quantity!]);
    if (quantity === 'invalid' || quantity === null) throw new InvoiceReadError(m.salesRow(line, m.salesQuantity));
    const amount = columns.amount ? number(row[columns.amount]) : null;
    if (amount === 'invalid') throw new InvoiceReadError(m.salesRow(line, m.salesAmount));
    if (quantity === 0 || (!name && !code)) return;
    sales.push({ date, name: name || code!, code, quantity, amountTtc: amount });
  });
  if (sales.length === 0) throw new InvoiceReadError(m.salesEmpty);
  return { format: formatOf(headers), rows: sales };
}

/**
 * A till's export is long and narrow: 50,000 rows, the import bounds otherwise
 * (src/server/lib/read-table-file.ts), with room for 50,000 rows of 16 cells of 40 characters.
 */
const SALES_BOUNDS: TableBounds = { ...TABLE_BOUNDS, maxRows: MAX_SALES_ROWS, maxTextChars: 32_000_000 };

export async function readSalesTable(bytes: Uint8Array, contentType: string): Promise<SalesTable> {
  if (bytes.length === 0) throw new InvoiceReadError(m.salesEmpty);
  const rows = await readTableRows(
    bytes,
    contentType,
    { unreadable: m.salesUnreadable, empty: m.salesEmpty, tooManyRows: m.salesTooMany },
    SALES_BOUNDS,
  );
  return salesRowsOf(rows);
}
