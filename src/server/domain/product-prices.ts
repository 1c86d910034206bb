import { sql, type Kysely, type Transaction } from 'kysely';
import type { PriceUnit } from '../../shared/api/product-vocabulary.ts';
import type { ProductPrice } from '../../shared/api/purchases.ts';
import type { DB } from '../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** Today in Paris, YYYY-MM-DD: the day a hand-typed price is dated. */
export const parisToday = (now = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);

export interface PriceEntry {
  organisationId: string;
  productId: string;
  date: string;
  amount: number;
  per: PriceUnit;
  source: 'invoice' | 'manual' | 'price_list';
  invoiceId?: string | null;
  priceListId?: string | null;
}

/** Lines of products' price history, in one statement (DECISIONS 23: every price kept, invoice or « manuel »). */
export async function recordPrices(trx: Db, entries: PriceEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await trx
    .insertInto('product_prices')
    .values(
      entries.map((entry) => ({
        organisation_id: entry.organisationId,
        product_id: entry.productId,
        date: entry.date,
        amount: entry.amount,
        per: entry.per,
        source: entry.source,
        invoice_id: entry.invoiceId ?? null,
        price_list_id: entry.priceListId ?? null,
      })),
    )
    .execute();
}

/**
 * A price typed by hand (the product form, a products file): recorded « manuel » when it
 * differs from the product's current price, and the product marked as priced by hand.
 */
export async function recordManualPrice(
  trx: Transaction<DB>,
  organisationId: string,
  productId: string,
  before: { amount: number | null; per: PriceUnit | null; source: 'invoice' | 'manual' | 'price_list' | null } | null,
  after: { amount: number; per: PriceUnit } | null,
): Promise<void> {
  const same = before && after && before.amount === after.amount && before.per === after.per;
  if (same) return;
  await trx
    .updateTable('products')
    .set({ price_source: after ? 'manual' : null })
    .where('id', '=', productId)
    .where('organisation_id', '=', organisationId)
    .execute();
  if (after) await recordPrices(trx, [{ organisationId, productId, date: parisToday(), ...after, source: 'manual' }]);
}

/** GET /api/products/:id/prices: newest first (the caller checked the product is the organisation's). */
export async function priceHistory(db: Db, organisationId: string, productId: string): Promise<ProductPrice[]> {
  const rows = await db
    .selectFrom('product_prices as pp')
    .leftJoin('purchase_invoices as i', 'i.id', 'pp.invoice_id')
    .leftJoin('supplier_price_lists as l', 'l.id', 'pp.price_list_id')
    .select([
      sql<string>`pp.date::text`.as('date'),
      'pp.amount',
      'pp.per',
      'pp.source',
      'pp.invoice_id',
      'pp.price_list_id',
      sql<string | null>`COALESCE(i.supplier_name, l.supplier_name)`.as('supplier'),
    ])
    .where('pp.organisation_id', '=', organisationId)
    .where('pp.product_id', '=', productId)
    .orderBy('pp.date', 'desc')
    .orderBy('pp.created_at', 'desc')
    .orderBy('pp.id', 'desc')
    .limit(1000)
    .execute();
  return rows.map((r) => ({
    date: r.date,
    amount: r.amount,
    per: r.per,
    source: r.source,
    ...(r.invoice_id ? { invoiceId: r.invoice_id } : {}),
    ...(r.price_list_id ? { priceListId: r.price_list_id } : {}),
    ...(r.supplier ? { supplier: r.supplier } : {}),
  }));
}

/** The newest dated price of each product, to tell whether an invoice is newer than what is known. */
export async function latestPriceDates(
  db: Db,
  organisationId: string,
  productIds: string[],
): Promise<Map<string, string>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('product_prices')
    .select(['product_id', sql<string>`max(date)::text`.as('date')])
    .where('organisation_id', '=', organisationId)
    .where('product_id', 'in', productIds)
    .groupBy('product_id')
    .execute();
  return new Map(rows.map((r) => [r.product_id, r.date]));
}
