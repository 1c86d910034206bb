import { sql, type Kysely, type Transaction } from 'kysely';
import {
  purchaseMessages as m,
  type Invoice,
  type InvoiceLine,
  type InvoiceSummary,
} from '../../../shared/api/purchases.ts';
import { pricePerBase } from '../../../shared/purchases/invoice-units.ts';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../lib/http.ts';
import { isUuid } from '../../lib/ids.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** The columns an invoice's JSON shows (dates as text). */
export const INVOICE_COLUMNS = [
  'id',
  'status',
  'kind',
  'format',
  'profile',
  'supplier_name',
  'supplier_siret',
  'number',
  sql<string>`issue_date::text`.as('issue_date'),
  'currency',
  'total_value',
  'total_with_vat',
  'lines_included',
  'establishment_id',
  'version',
  'created_at',
  'confirmed_at',
] as const;

type InvoiceRow = {
  id: string;
  status: 'draft' | 'confirmed';
  kind: 'invoice' | 'credit_note';
  format: Invoice['format'];
  profile: string | null;
  supplier_name: string;
  supplier_siret: string | null;
  number: string;
  issue_date: string;
  currency: string;
  total_value: number;
  total_with_vat: number | null;
  lines_included: boolean;
  establishment_id: string | null;
  version: number;
  created_at: Date;
  confirmed_at: Date | null;
};

export function invoiceHead(row: InvoiceRow): Omit<Invoice, 'lines'> {
  const notes: string[] = [];
  if (!row.lines_included) notes.push(m.noLines(row.profile ?? 'MINIMUM'));
  if (row.kind === 'credit_note') notes.push(m.creditNote);
  return {
    id: row.id,
    status: row.status,
    kind: row.kind,
    format: row.format,
    profile: row.profile,
    supplier: { name: row.supplier_name, siret: row.supplier_siret },
    number: row.number,
    date: row.issue_date,
    currency: row.currency,
    totalValue: row.total_value,
    totalWithVat: row.total_with_vat,
    linesIncluded: row.lines_included,
    notes,
    establishmentId: row.establishment_id,
    version: row.version,
    createdAt: row.created_at.toISOString(),
    confirmedAt: row.confirmed_at?.toISOString() ?? null,
  };
}

type LineRow = {
  id: string;
  supplier_article_id: string | null;
  description: string;
  quantity: number;
  unit_code: string;
  unit_price: number;
  line_total: number;
  vat_rate: number | null;
  product_id: string | null;
  match: 'learned' | 'suggested' | null;
  base_amount: number;
  base_unit: InvoiceLine['contents']['per'];
};

export function toLine(row: LineRow): InvoiceLine {
  return {
    id: row.id,
    supplierArticleId: row.supplier_article_id,
    description: row.description,
    quantity: row.quantity,
    unitCode: row.unit_code,
    unitPrice: row.unit_price,
    lineTotal: row.line_total,
    vatRate: row.vat_rate,
    productId: row.product_id,
    match: row.match,
    contents: { amount: row.base_amount, per: row.base_unit },
    pricePerBase: pricePerBase(row.unit_price, row.unit_code, row.description),
  };
}

const LINE_COLUMNS = [
  'id',
  'supplier_article_id',
  'description',
  'quantity',
  'unit_code',
  'unit_price',
  'line_total',
  'vat_rate',
  'product_id',
  'match',
  'base_amount',
  'base_unit',
] as const;

export async function readLines(db: Db, organisationId: string, invoiceId: string): Promise<InvoiceLine[]> {
  const rows = await db
    .selectFrom('purchase_invoice_lines')
    .select(LINE_COLUMNS)
    .where('invoice_id', '=', invoiceId)
    .where('organisation_id', '=', organisationId)
    .orderBy('position')
    .execute();
  return rows.map(toLine);
}

export async function readLine(db: Db, organisationId: string, lineId: string): Promise<InvoiceLine> {
  const row = await db
    .selectFrom('purchase_invoice_lines')
    .select(LINE_COLUMNS)
    .where('id', '=', lineId)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirstOrThrow();
  return toLine(row);
}

/** GET /api/purchases/invoices/:id: 404 for another organisation's, exactly like a missing one. */
export async function getInvoice(db: Db, organisationId: string, id: string): Promise<Invoice> {
  if (!isUuid(id)) throw notFound();
  const row = await db
    .selectFrom('purchase_invoices')
    .select(INVOICE_COLUMNS)
    .where('id', '=', id)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return { ...invoiceHead(row as InvoiceRow), lines: await readLines(db, organisationId, id) };
}

/** GET /api/purchases/invoices?from=&to=: newest invoice date first, with how many lines have a product. */
export async function listInvoices(
  db: Kysely<DB>,
  organisationId: string,
  from: string | undefined,
  to: string | undefined,
): Promise<InvoiceSummary[]> {
  let query = db
    .selectFrom('purchase_invoices as i')
    .select(
      INVOICE_COLUMNS.map((c) =>
        typeof c === 'string' ? (`i.${c}` as const) : sql<string>`i.issue_date::text`.as('issue_date'),
      ),
    )
    .select([
      sql<number>`(SELECT count(*)::int FROM purchase_invoice_lines l WHERE l.invoice_id = i.id)`.as('line_count'),
      sql<number>`(SELECT count(*)::int FROM purchase_invoice_lines l WHERE l.invoice_id = i.id AND l.product_id IS NOT NULL)`.as(
        'matched_lines',
      ),
    ])
    .where('i.organisation_id', '=', organisationId);
  if (from) query = query.where('i.issue_date', '>=', from);
  if (to) query = query.where('i.issue_date', '<=', to);
  const rows = await query.orderBy('i.issue_date', 'desc').orderBy('i.created_at', 'desc').limit(2000).execute();
  return rows.map((row) => ({
    ...invoiceHead(row as unknown as InvoiceRow),
    lineCount: Number(row.line_count),
    matchedLines: Number(row.matched_lines),
  }));
}
