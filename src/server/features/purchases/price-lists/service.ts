import { sql, type Kysely, type Transaction } from 'kysely';
import { foldText } from '../../../../shared/allergens.ts';
import {
  purchaseMessages as m,
  type PriceChange,
  type PriceList,
  type PriceListLine,
  type PriceListSummary,
} from '../../../../shared/api/purchases.ts';
import type { Actor } from '../../../context.ts';
import type { DB } from '../../../db/schema.ts';
import { recordAudit } from '../../../domain/audit.ts';
import { lockOrganisation } from '../../../domain/plan-limits.ts';
import { parisToday } from '../../../domain/product-prices.ts';
import { addDaysIso } from '../../../../shared/labels/dates.ts';
import { claimVersion } from '../../../domain/versions.ts';
import { uniqueViolation } from '../../../lib/db-errors.ts';
import { AppError } from '../../../lib/errors.ts';
import { notFound } from '../../../lib/http.ts';
import { isUuid } from '../../../lib/ids.ts';
import { applyBoughtPrices, learnArticles, type Bought } from '../invoice-prices.ts';
import { matchLines } from '../line-matching.ts';
import { supplierKey } from '../supplier-keys.ts';
import type { PriceListTable } from './price-list-table.ts';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Suppliers' price lists (« tarifs fournisseurs », docs/product/purchases.md, docs/decisions/0043):
 * imported as a draft whose lines are matched like an invoice's, then confirmed into the same
 * price history as invoices, named « price_list ». A price list is not a purchase: nothing here
 * touches purchase_invoices, so EGalim, « ma cantine » and consumption never count it.
 */
const HEAD_COLUMNS = [
  'id',
  'status',
  'supplier_name',
  sql<string>`effective_date::text`.as('effective_date'),
  'version',
  'created_at',
  'confirmed_at',
] as const;
type HeadRow = {
  id: string;
  status: 'draft' | 'confirmed';
  supplier_name: string;
  effective_date: string;
  version: number;
  created_at: Date;
  confirmed_at: Date | null;
};
const head = (row: HeadRow): Omit<PriceList, 'lines'> => ({
  id: row.id,
  status: row.status,
  supplier: { name: row.supplier_name },
  effectiveDate: row.effective_date,
  version: row.version,
  createdAt: row.created_at.toISOString(),
  confirmedAt: row.confirmed_at?.toISOString() ?? null,
});

const LINE_COLUMNS = [
  'id',
  'supplier_article_id',
  'description',
  'unit_label',
  'price_ht',
  'vat_rate',
  'ean',
  'labels',
  'product_id',
  'match',
  'base_amount',
  'base_unit',
] as const;
type LineRow = {
  id: string;
  supplier_article_id: string | null;
  description: string;
  unit_label: string | null;
  price_ht: number;
  vat_rate: number | null;
  ean: string | null;
  labels: string | null;
  product_id: string | null;
  match: 'learned' | 'suggested' | null;
  base_amount: number;
  base_unit: PriceListLine['contents']['per'];
};
const toLine = (row: LineRow): PriceListLine => ({
  id: row.id,
  supplierArticleId: row.supplier_article_id,
  description: row.description,
  unitLabel: row.unit_label,
  priceHt: row.price_ht,
  vatRate: row.vat_rate,
  ean: row.ean,
  labels: row.labels,
  productId: row.product_id,
  match: row.match,
  contents: { amount: row.base_amount, per: row.base_unit },
  pricePerBase: { amount: Math.round((row.price_ht / row.base_amount) * 10000) / 10000, per: row.base_unit },
});

/** GET /api/purchases/price-lists/:id: 404 for another organisation's, exactly like a missing one. */
export async function getPriceList(db: Db, organisationId: string, id: string): Promise<PriceList> {
  if (!isUuid(id)) throw notFound();
  const row = await db
    .selectFrom('supplier_price_lists')
    .select(HEAD_COLUMNS)
    .where('id', '=', id)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  if (!row) throw notFound();
  const lines = await db
    .selectFrom('supplier_price_list_lines')
    .select(LINE_COLUMNS)
    .where('price_list_id', '=', id)
    .where('organisation_id', '=', organisationId)
    .orderBy('position')
    .execute();
  return { ...head(row as HeadRow), lines: lines.map(toLine) };
}

/** GET /api/purchases/price-lists: newest date d'effet first, with how many lines have a product. */
export async function listPriceLists(db: Kysely<DB>, organisationId: string): Promise<PriceListSummary[]> {
  const rows = await db
    .selectFrom('supplier_price_lists as l')
    .select(
      HEAD_COLUMNS.map((c) =>
        typeof c === 'string' ? (`l.${c}` as const) : sql<string>`l.effective_date::text`.as('effective_date'),
      ),
    )
    .select([
      sql<number>`(SELECT count(*)::int FROM supplier_price_list_lines x WHERE x.price_list_id = l.id)`.as(
        'line_count',
      ),
      sql<number>`(SELECT count(*)::int FROM supplier_price_list_lines x WHERE x.price_list_id = l.id AND x.product_id IS NOT NULL)`.as(
        'matched_lines',
      ),
    ])
    .where('l.organisation_id', '=', organisationId)
    .orderBy('l.effective_date', 'desc')
    .orderBy('l.created_at', 'desc')
    .limit(500)
    .execute();
  return rows.map((row) => ({
    ...head(row as unknown as HeadRow),
    lineCount: Number(row.line_count),
    matchedLines: Number(row.matched_lines),
  }));
}

/**
 * The supplier as the organisation already knows it, by its name (accents and case folded): the
 * key of its invoices (its SIRET, src/server/features/purchases/supplier-keys.ts) first, else of
 * its earlier price lists, else a key of its name; and every key that name is known by, so that
 * articles learned from its invoices match its price list's lines, and back.
 */
async function knownSupplier(db: Kysely<DB>, organisationId: string, name: string) {
  const fold = (text: string) => foldText(text).replace(/\s+/g, ' ').trim();
  const wanted = fold(name);
  const ofName = async (table: 'purchase_invoices' | 'supplier_price_lists') =>
    (
      await db
        .selectFrom(table)
        .select(['supplier_name', 'supplier_key'])
        .distinct()
        .where('organisation_id', '=', organisationId)
        .execute()
    )
      .filter((row) => fold(row.supplier_name) === wanted)
      .map((row) => row.supplier_key);
  const keys = [
    ...new Set([
      ...(await ofName('purchase_invoices')),
      ...(await ofName('supplier_price_lists')),
      supplierKey({ name, siret: null, vatId: null }),
    ]),
  ];
  return { key: keys[0]!, keys };
}

/**
 * POST /api/purchases/price-lists: a read price list stored as a draft, its supplier and date
 * d'effet from the request, else from the file, else (the date) today in Paris; each line
 * matched like an invoice line (./line-matching.ts). The same file twice → 409.
 */
export async function importPriceList(
  db: Kysely<DB>,
  actor: Actor,
  table: PriceListTable,
  hash: string,
  given: { supplier?: string | undefined; effectiveDate?: string | undefined },
): Promise<PriceList> {
  const org = actor.organisationId;
  const supplierName = given.supplier ?? table.supplierName;
  if (!supplierName)
    throw new AppError('validation', 422, m.priceListSupplierMissing, { supplier: m.priceListSupplierMissing });
  const effectiveDate = given.effectiveDate ?? table.effectiveDate ?? parisToday();
  // A date d'effet far ahead would hold the product's price for good (a later list, older, never
  // replaces it); one before 2000 is a typing slip (and year 0 is no date to PostgreSQL).
  if (effectiveDate < '2000-01-01' || effectiveDate > addDaysIso(parisToday(), 366))
    throw new AppError('validation', 422, m.priceListDateRange, {
      [given.effectiveDate ? 'effectiveDate' : 'file']: m.priceListDateRange,
    });
  // What the price history stores: 6 decimals a unit as sold, 4 a kg, litre or piece.
  const tiny = table.rows.find(
    (row) => Math.round(row.priceHt * 1e6) <= 0 || Math.round((row.priceHt / row.contents.amount) * 1e4) <= 0,
  );
  if (tiny) {
    const message = m.priceListTinyPrice(tiny.description, tiny.contents.base);
    throw new AppError('validation', 422, message, { file: message });
  }
  const { key, keys } = await knownSupplier(db, org, supplierName);
  const matches = await matchLines(db, org, keys, table.rows);
  const lines = table.rows.map((row, position) => ({
    organisation_id: org,
    position,
    supplier_article_id: row.supplierArticleId,
    description: row.description,
    unit_label: row.unitLabel,
    price_ht: row.priceHt,
    vat_rate: row.vatRate,
    ean: row.ean,
    labels: row.labels,
    base_amount: row.contents.amount,
    base_unit: row.contents.base,
    product_id: matches[position]!.productId,
    match: matches[position]!.match,
  }));
  try {
    const id = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('supplier_price_lists')
        .values({
          organisation_id: org,
          created_by: actor.userId,
          supplier_name: supplierName,
          supplier_key: key,
          effective_date: effectiveDate,
          file_hash: hash,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (let i = 0; i < lines.length; i += 500)
        await trx
          .insertInto('supplier_price_list_lines')
          .values(lines.slice(i, i + 500).map((line) => ({ ...line, price_list_id: row.id })))
          .execute();
      await recordAudit(trx, actor, {
        action: 'imported',
        entity: { type: 'supplier_price_list', id: row.id, name: `${supplierName} (${effectiveDate})` },
        details: { lines: lines.length },
      });
      return row.id;
    });
    return await getPriceList(db, org, id);
  } catch (error) {
    if (uniqueViolation(error, 'supplier_price_lists_file_key'))
      throw new AppError('conflict', 409, m.priceListDuplicate);
    throw error;
  }
}

/** The price list, locked, if it is the organisation's; 409 when already confirmed. */
async function draftList(trx: Transaction<DB>, organisationId: string, id: string) {
  if (!isUuid(id)) throw notFound();
  const row = await trx
    .selectFrom('supplier_price_lists')
    .select(['id', 'status', 'supplier_name', 'supplier_key', sql<string>`effective_date::text`.as('effective_date')])
    .where('id', '=', id)
    .where('organisation_id', '=', organisationId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound();
  if (row.status !== 'draft') throw new AppError('conflict', 409, m.priceListConfirmed);
  return row;
}

/** PUT /api/purchases/price-lists/:id/lines/:lineId: the owner's product (or none) for a line; the list's version +1. */
export async function setPriceListLine(
  db: Kysely<DB>,
  actor: Actor,
  listId: string,
  lineId: string,
  productId: string | null,
  expected?: number,
): Promise<PriceListLine> {
  if (!isUuid(lineId)) throw notFound();
  const org = actor.organisationId;
  return db.transaction().execute(async (trx) => {
    const list = await draftList(trx, org, listId);
    const line = await trx
      .selectFrom('supplier_price_list_lines')
      .select('id')
      .where('id', '=', lineId)
      .where('price_list_id', '=', list.id)
      .where('organisation_id', '=', org)
      .executeTakeFirst();
    if (!line) throw notFound();
    if (productId !== null) {
      const own = await trx
        .selectFrom('products')
        .select('id')
        .where('id', '=', productId)
        .where('organisation_id', '=', org)
        .executeTakeFirst();
      if (!own) throw new AppError('validation', 422, m.unknownProduct, { productId: m.unknownProduct });
    }
    await claimVersion(trx, 'supplier_price_lists', { id: list.id }, expected, actor);
    const row = await trx
      .updateTable('supplier_price_list_lines')
      .set({ product_id: productId, match: null })
      .where('id', '=', lineId)
      .returning(LINE_COLUMNS)
      .executeTakeFirstOrThrow();
    return toLine(row as LineRow);
  });
}

/** DELETE /api/purchases/price-lists/:id: a draft the owner does not want (a confirmed list stays: its prices are in the history). */
export async function deletePriceList(db: Kysely<DB>, actor: Actor, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const list = await draftList(trx, actor.organisationId, id).catch((error: unknown) => {
      if (error instanceof AppError && error.status === 409) throw new AppError('conflict', 409, m.priceListNotDraft);
      throw error;
    });
    await trx.deleteFrom('supplier_price_lists').where('id', '=', list.id).execute();
    await recordAudit(trx, actor, {
      action: 'deleted',
      entity: { type: 'supplier_price_list', id: list.id, name: `${list.supplier_name} (${list.effective_date})` },
    });
  });
}

/**
 * POST /api/purchases/price-lists/:id/confirm: in one transaction, the supplier's articles
 * learned, each matched product's price per kg, l or unité kept in its history at the date
 * d'effet (source « price_list », the supplier named), the current price following when the
 * list is not older than it, and every recipe using a changed product recomputed, exactly as
 * an invoice's confirmation (../invoice-prices.ts). A stale `expected` version → 409.
 */
export async function confirmPriceList(
  db: Kysely<DB>,
  actor: Actor,
  id: string,
  expected?: number,
): Promise<{ priceList: PriceList; priceChanges: PriceChange[] }> {
  const org = actor.organisationId;
  return db.transaction().execute(async (trx) => {
    await lockOrganisation(trx, org);
    const list = await draftList(trx, org, id);
    await claimVersion(trx, 'supplier_price_lists', { id: list.id }, expected, actor);
    const lines = await trx
      .selectFrom('supplier_price_list_lines')
      .select(['product_id', 'supplier_article_id', 'description', 'price_ht', 'base_amount', 'base_unit'])
      .where('price_list_id', '=', list.id)
      .where('product_id', 'is not', null)
      .orderBy('position')
      .execute();
    await learnArticles(trx, org, list.supplier_key, lines);
    // A product on several lines (two pack sizes): their prices averaged over what they hold, in the first line's unit.
    const offered: Bought = new Map();
    for (const line of lines) {
      const sum = offered.get(line.product_id!) ?? { value: 0, amount: 0, per: line.base_unit };
      if (sum.per !== line.base_unit) continue;
      offered.set(line.product_id!, {
        value: sum.value + line.price_ht,
        amount: sum.amount + line.base_amount,
        per: sum.per,
      });
    }
    const priceChanges = await applyBoughtPrices(
      trx,
      org,
      { date: list.effective_date, source: 'price_list', priceListId: list.id },
      offered,
    );
    await trx
      .updateTable('supplier_price_lists')
      .set({ status: 'confirmed', confirmed_at: new Date() })
      .where('id', '=', list.id)
      .execute();
    await recordAudit(trx, actor, {
      action: 'confirmed',
      entity: { type: 'supplier_price_list', id: list.id, name: `${list.supplier_name} (${list.effective_date})` },
      details: { priceChanges: priceChanges.length },
    });
    return { priceList: await getPriceList(trx, org, list.id), priceChanges };
  });
}
