import { sql, type Kysely, type Transaction } from 'kysely';
import {
  purchaseMessages as m,
  type Invoice,
  type InvoiceLine,
  type PriceChange,
} from '../../../shared/api/purchases.ts';
import { billedUnitContents } from '../../../shared/purchases/invoice-units.ts';
import type { Actor } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { recordAudit } from '../../domain/audit.ts';
import { lockOrganisation } from '../../domain/plan-limits.ts';
import { claimVersion } from '../../domain/versions.ts';
import { uniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { notFound } from '../../lib/http.ts';
import { isUuid } from '../../lib/ids.ts';
import { getInvoice, readLine } from './invoice-rows.ts';
import { applyInvoicePrices } from './invoice-prices.ts';
import { matchLines } from './line-matching.ts';
import { supplierKey } from './supplier-keys.ts';
import type { ParsedInvoice } from './read/parsed-invoice.ts';

const duplicate = (invoice: ParsedInvoice) =>
  new AppError('conflict', 409, m.duplicate(invoice.supplier.name, invoice.number));

/**
 * POST /api/purchases/invoices: a read invoice stored as a draft, each line matched to a
 * product when it can be (docs/product/purchases.md « Rapprochement »): first what the
 * organisation learned from this supplier's earlier invoices, then the own product its
 * description names. The same supplier and number twice → 409.
 */
export async function importInvoice(db: Kysely<DB>, actor: Actor, invoice: ParsedInvoice): Promise<Invoice> {
  const org = actor.organisationId;
  const key = supplierKey(invoice.supplier);
  const known = await db
    .selectFrom('purchase_invoices')
    .select('id')
    .where('organisation_id', '=', org)
    .where('supplier_key', '=', key)
    .where('number', '=', invoice.number)
    .executeTakeFirst();
  if (known) throw duplicate(invoice);
  const matches = await matchLines(db, org, key, invoice.lines);
  const lines = invoice.lines.map((line, position) => {
    const contents = billedUnitContents(line.unitCode, line.description);
    return {
      organisation_id: org,
      position,
      line_id: line.lineId,
      supplier_article_id: line.supplierArticleId,
      description: line.description.slice(0, 500),
      quantity: line.quantity,
      unit_code: line.unitCode,
      unit_price: line.unitPrice,
      line_total: line.lineTotal,
      vat_rate: line.vatRate,
      base_amount: contents.amount,
      base_unit: contents.base,
      product_id: matches[position]!.productId,
      match: matches[position]!.match,
    };
  });
  try {
    const id = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('purchase_invoices')
        .values({
          organisation_id: org,
          created_by: actor.userId,
          kind: invoice.kind,
          format: invoice.format,
          profile: invoice.profile,
          type_code: invoice.typeCode,
          supplier_name: invoice.supplier.name,
          supplier_siret: invoice.supplier.siret,
          supplier_vat_id: invoice.supplier.vatId,
          supplier_key: key,
          number: invoice.number,
          issue_date: invoice.date,
          currency: invoice.currency,
          total_value: invoice.totalValue,
          total_with_vat: invoice.totalWithVat,
          lines_included: invoice.linesIncluded,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // 500 lines a statement: far under PostgreSQL's 65,535 parameters.
      for (let i = 0; i < lines.length; i += 500)
        await trx
          .insertInto('purchase_invoice_lines')
          .values(lines.slice(i, i + 500).map((line) => ({ ...line, invoice_id: row.id })))
          .execute();
      await recordAudit(trx, actor, {
        action: 'imported',
        entity: { type: 'purchase_invoice', id: row.id, name: `${invoice.number} (${invoice.supplier.name})` },
        details: { lines: lines.length, totalValue: invoice.totalValue },
      });
      return row.id;
    });
    return await getInvoice(db, org, id);
  } catch (error) {
    if (uniqueViolation(error, 'purchase_invoices_number_key')) throw duplicate(invoice);
    throw error;
  }
}

/** The invoice, locked, if it is the organisation's; 409 when already confirmed. */
async function draftInvoice(trx: Transaction<DB>, organisationId: string, id: string) {
  if (!isUuid(id)) throw notFound();
  const row = await trx
    .selectFrom('purchase_invoices')
    .select(['id', 'status', 'kind', 'version', 'number', 'supplier_name', 'supplier_key', 'lines_included'])
    .select(sql<string>`issue_date::text`.as('issue_date'))
    .where('id', '=', id)
    .where('organisation_id', '=', organisationId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound();
  if (row.status !== 'draft') throw new AppError('conflict', 409, m.alreadyConfirmed);
  return row;
}

async function ownProduct(trx: Transaction<DB>, organisationId: string, productId: string): Promise<void> {
  const found = await trx
    .selectFrom('products')
    .select('id')
    .where('id', '=', productId)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  if (!found) throw new AppError('validation', 422, m.unknownProduct, { productId: m.unknownProduct });
}

/**
 * PUT /api/purchases/invoices/:id/lines/:lineId: the owner's choice of product (or none) for one
 * line of a draft; the invoice's version +1 (a stale `expected` → 409, src/server/domain/versions.ts).
 */
export async function setLineProduct(
  db: Kysely<DB>,
  actor: Actor,
  invoiceId: string,
  lineId: string,
  productId: string | null,
  expected?: number,
): Promise<InvoiceLine> {
  if (!isUuid(lineId)) throw notFound();
  return db.transaction().execute(async (trx) => {
    const invoice = await draftInvoice(trx, actor.organisationId, invoiceId);
    const line = await trx
      .selectFrom('purchase_invoice_lines')
      .select('id')
      .where('id', '=', lineId)
      .where('invoice_id', '=', invoice.id)
      .where('organisation_id', '=', actor.organisationId)
      .executeTakeFirst();
    if (!line) throw notFound();
    if (productId !== null) await ownProduct(trx, actor.organisationId, productId);
    await claimVersion(trx, 'purchase_invoices', { id: invoice.id }, expected, actor);
    await trx
      .updateTable('purchase_invoice_lines')
      .set({ product_id: productId, match: null })
      .where('id', '=', lineId)
      .execute();
    return readLine(trx, actor.organisationId, lineId);
  });
}

/** DELETE /api/purchases/invoices/:id: a draft the owner does not want (a confirmed invoice stays: it is accounting). */
export async function deleteDraft(db: Kysely<DB>, actor: Actor, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const invoice = await draftInvoice(trx, actor.organisationId, id).catch((error: unknown) => {
      if (error instanceof AppError && error.status === 409) throw new AppError('conflict', 409, m.notDraft);
      throw error;
    });
    await trx.deleteFrom('purchase_invoices').where('id', '=', invoice.id).execute();
    await recordAudit(trx, actor, {
      action: 'deleted',
      entity: { type: 'purchase_invoice', id: invoice.id, name: `${invoice.number} (${invoice.supplier_name})` },
    });
  });
}

/**
 * POST /api/purchases/invoices/:id/confirm: in one transaction, the purchase recorded (with its
 * establishment), each matched product's price and history updated from its lines, the
 * supplier's articles learned, and every recipe using those products recomputed
 * (src/server/domain/recipe-recompute.ts). A stale `expected` version → 409 naming who saved
 * meanwhile (src/server/domain/versions.ts), and nothing changes.
 */
export async function confirmInvoice(
  db: Kysely<DB>,
  actor: Actor,
  id: string,
  input: { establishmentId?: string | null | undefined },
  expected?: number,
): Promise<{ invoice: Invoice; priceChanges: PriceChange[] }> {
  const org = actor.organisationId;
  return db.transaction().execute(async (trx) => {
    await lockOrganisation(trx, org);
    const invoice = await draftInvoice(trx, org, id);
    await claimVersion(trx, 'purchase_invoices', { id: invoice.id }, expected, actor);
    const establishmentId = await establishmentFor(trx, org, input.establishmentId ?? null);
    const priceChanges = await applyInvoicePrices(trx, org, invoice);
    await trx
      .updateTable('purchase_invoices')
      .set({
        status: 'confirmed',
        confirmed_at: new Date(),
        establishment_id: establishmentId,
      })
      .where('id', '=', invoice.id)
      .execute();
    await recordAudit(trx, actor, {
      action: 'confirmed',
      entity: { type: 'purchase_invoice', id: invoice.id, name: `${invoice.number} (${invoice.supplier_name})` },
      details: { priceChanges: priceChanges.length },
    });
    return { invoice: await getInvoice(trx, org, invoice.id), priceChanges };
  });
}

/** The establishment named (422 when not the organisation's), else the organisation's only one, else none. */
async function establishmentFor(
  trx: Transaction<DB>,
  organisationId: string,
  id: string | null,
): Promise<string | null> {
  const rows = await trx
    .selectFrom('establishments')
    .select('id')
    .where('organisation_id', '=', organisationId)
    .$if(id !== null, (q) => q.where('id', '=', id!))
    .limit(2)
    .execute();
  if (id !== null) {
    if (rows.length === 0)
      throw new AppError('validation', 422, m.unknownEstablishment, { establishmentId: m.unknownEstablishment });
    return id;
  }
  return rows.length === 1 ? rows[0]!.id : null;
}
