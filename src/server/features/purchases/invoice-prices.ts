import { sql, type Transaction } from 'kysely';
import type { PriceUnit } from '../../../shared/api/product-vocabulary.ts';
import type { PriceChange } from '../../../shared/api/purchases.ts';
import { inProductUnit } from '../../../shared/purchases/invoice-units.ts';
import type { DB } from '../../db/schema.ts';
import { latestPriceDates, recordPrices, type PriceEntry } from '../../domain/product-prices.ts';
import { dependentsOf, recomputeRecipes } from '../../domain/recipe-recompute.ts';
import { articleKey } from './supplier-keys.ts';

interface ConfirmedInvoice {
  id: string;
  kind: 'invoice' | 'credit_note';
  supplier_key: string;
  issue_date: string;
}

const round4 = (v: number) => Math.round(v * 10000) / 10000;

/** Each recipe's stored cost per portion (null when a line has no price). */
async function costsOf(trx: Transaction<DB>, recipeIds: string[]): Promise<Map<string, number | null>> {
  if (recipeIds.length === 0) return new Map();
  const rows = await trx
    .selectFrom('recipes')
    .select(['id', sql<string | null>`facts->'cost'->>'perServing'`.as('cost')])
    .where('id', 'in', recipeIds)
    .execute();
  return new Map(rows.map((r) => [r.id, r.cost === null ? null : Number(r.cost)]));
}

/**
 * What was just learned reaches the supplier's other drafts: a line left to the owner, or only
 * suggested by name, is matched « learned » (two invoices dropped together, confirmed one after the other).
 */
async function relearnDrafts(
  trx: Transaction<DB>,
  organisationId: string,
  invoice: ConfirmedInvoice,
  learned: { product_id: string | null; supplier_article_id: string | null; description: string }[],
): Promise<void> {
  const byKey = new Map(
    learned.map((l) => [
      articleKey({ supplierArticleId: l.supplier_article_id, description: l.description }),
      l.product_id!,
    ]),
  );
  if (byKey.size === 0) return;
  const drafts = await trx
    .selectFrom('purchase_invoice_lines as l')
    .innerJoin('purchase_invoices as i', 'i.id', 'l.invoice_id')
    .select(['l.id', 'l.supplier_article_id', 'l.description', 'l.product_id'])
    .where('i.organisation_id', '=', organisationId)
    .where('i.supplier_key', '=', invoice.supplier_key)
    .where('i.status', '=', 'draft')
    .where('i.id', '!=', invoice.id)
    .where((eb) => eb.or([eb('l.product_id', 'is', null), eb('l.match', '=', 'suggested')]))
    .execute();
  for (const line of drafts) {
    const productId = byKey.get(
      articleKey({ supplierArticleId: line.supplier_article_id, description: line.description }),
    );
    if (productId)
      await trx
        .updateTable('purchase_invoice_lines')
        .set({ product_id: productId, match: 'learned' })
        .where('id', '=', line.id)
        .execute();
  }
}

/**
 * What confirming an invoice does to prices, in the caller's transaction: every line with a
 * product is learned for its supplier; an invoice (not a credit note) gives each product the
 * average net price of its lines per kg, l or unité (line totals over the quantity they hold,
 * said in the product's own unit), kept in its history; the product's current price follows
 * only when the invoice is not older than the newest price known (an old invoice confirmed
 * late does not undo a newer one), nor does a price per unit for a product without a unit weight; then every recipe using a changed product is recomputed
 * and its cost before and after kept (the « Prix » view's food costs).
 */
export async function applyInvoicePrices(
  trx: Transaction<DB>,
  organisationId: string,
  invoice: ConfirmedInvoice,
): Promise<PriceChange[]> {
  const lines = await trx
    .selectFrom('purchase_invoice_lines')
    .select(['product_id', 'supplier_article_id', 'description', 'quantity', 'line_total', 'base_amount', 'base_unit'])
    .where('invoice_id', '=', invoice.id)
    .where('product_id', 'is not', null)
    .orderBy('position')
    .execute();
  await learnArticles(trx, organisationId, invoice.supplier_key, lines);
  await relearnDrafts(trx, organisationId, invoice, lines);
  if (invoice.kind === 'credit_note') return [];

  // Per product: what its positive lines cost and hold, in the first line's unit.
  const bought: Bought = new Map();
  for (const line of lines) {
    const held = line.quantity * line.base_amount;
    if (!(line.line_total > 0) || !(held > 0)) continue;
    const sum = bought.get(line.product_id!) ?? { value: 0, amount: 0, per: line.base_unit };
    if (sum.per !== line.base_unit) continue;
    bought.set(line.product_id!, { value: sum.value + line.line_total, amount: sum.amount + held, per: sum.per });
  }
  return applyBoughtPrices(
    trx,
    organisationId,
    { date: invoice.issue_date, source: 'invoice', invoiceId: invoice.id },
    bought,
  );
}

/** Where prices come from: a confirmed invoice, or a supplier's price list (docs/decisions/0043-supplier-price-lists.md). */
export interface PriceOrigin {
  date: string;
  source: 'invoice' | 'price_list';
  invoiceId?: string;
  priceListId?: string;
}
/** What was bought or offered per product: a value HT over the amount it holds, in kg, l or unité. */
export type Bought = Map<string, { value: number; amount: number; per: PriceUnit }>;

/**
 * The supplier's articles learned in one statement, whatever the number of lines
 * (bench/purchases.ts: 500 lines): an article id, else the folded description, is this product.
 */
export async function learnArticles(
  trx: Transaction<DB>,
  organisationId: string,
  supplierKey: string,
  lines: { product_id: string | null; supplier_article_id: string | null; description: string }[],
): Promise<void> {
  const learned = new Map(
    lines
      .filter((line) => line.product_id !== null)
      .map((line) => [
        articleKey({ supplierArticleId: line.supplier_article_id, description: line.description }),
        line.product_id!,
      ]),
  );
  if (learned.size > 0)
    await trx
      .insertInto('supplier_article_products')
      .values(
        [...learned].map(([key, productId]) => ({
          organisation_id: organisationId,
          supplier_key: supplierKey,
          article_key: key,
          product_id: productId,
        })),
      )
      .onConflict((oc) =>
        oc
          .columns(['organisation_id', 'supplier_key', 'article_key'])
          .doUpdateSet((eb) => ({ product_id: eb.ref('excluded.product_id'), updated_at: new Date() })),
      )
      .execute();
}

/**
 * Each product's new price (value over amount, said in the product's own unit) kept in its
 * history from `origin`; the product's current price follows only when the origin is not older
 * than the newest price known, nor for a price per unit without a unit weight; then every recipe
 * using a changed product is recomputed and its cost before and after kept (the « Prix » view).
 */
export async function applyBoughtPrices(
  trx: Transaction<DB>,
  organisationId: string,
  origin: PriceOrigin,
  bought: Bought,
): Promise<PriceChange[]> {
  const productIds = [...bought.keys()];
  if (productIds.length === 0) return [];
  const products = await trx
    .selectFrom('products')
    .select(['id', 'price', 'price_per', 'grams_per_unit'])
    .where('organisation_id', '=', organisationId)
    .where('id', 'in', productIds)
    .execute();
  const latest = await latestPriceDates(trx, organisationId, productIds);
  const changes: PriceChange[] = [];
  const history: PriceEntry[] = [];
  for (const product of products) {
    const sum = bought.get(product.id)!;
    const after = inProductUnit(
      { amount: round4(sum.value / sum.amount), per: sum.per },
      { pricePer: product.price_per, gramsPerUnit: product.grams_per_unit },
    );
    history.push({
      organisationId,
      productId: product.id,
      date: origin.date,
      ...after,
      source: origin.source,
      invoiceId: origin.invoiceId ?? null,
      priceListId: origin.priceListId ?? null,
    });
    const newest = latest.get(product.id);
    if (newest !== undefined && newest > origin.date) continue;
    // A price per unit needs the unit's weight (products_unit_weight_check, docs/product/products.md):
    // without it the price stays in the history, and the product unpriced until its weight is given.
    if (after.per === 'unité' && !(product.grams_per_unit && product.grams_per_unit > 0)) continue;
    changes.push({
      productId: product.id,
      before:
        product.price === null || product.price_per === null ? null : { amount: product.price, per: product.price_per },
      after,
    });
  }
  await recordPrices(trx, history);
  if (changes.length > 0)
    await sql`
      UPDATE products p SET price = v.amount::numeric, price_per = v.per, price_source = ${origin.source}, updated_at = now()
      FROM (VALUES ${sql.join(changes.map((c) => sql`(${c.productId}::uuid, ${c.after.amount}, ${c.after.per})`))}) AS v(id, amount, per)
      WHERE p.id = v.id AND p.organisation_id = ${organisationId}`.execute(trx);
  const changed = changes.map((c) => c.productId);
  const dependents = await dependentsOf(trx, organisationId, { productIds: changed });
  const before = await costsOf(trx, dependents);
  await recomputeRecipes(trx, dependents);
  const after = await costsOf(trx, dependents);
  const moved = dependents.filter((rid) => before.get(rid) !== after.get(rid));
  if (moved.length > 0)
    await trx
      .insertInto('recipe_cost_changes')
      .values(
        moved.map((recipeId) => ({
          organisation_id: organisationId,
          recipe_id: recipeId,
          invoice_id: origin.invoiceId ?? null,
          price_list_id: origin.priceListId ?? null,
          date: origin.date,
          cost_before: before.get(recipeId) ?? null,
          cost_after: after.get(recipeId) ?? null,
        })),
      )
      .execute();
  return changes;
}
