import { sql, type Kysely } from 'kysely';
import { egalimTotals, type EgalimTotals, type PlannedPurchaseLine } from '../../shared/catering/egalim.ts';
import { egalimLabels, productFamily } from '../../shared/catering/product-egalim.ts';
import type { DB } from '../db/schema.ts';

export interface PurchaseEgalim {
  totals: EgalimTotals;
  /** Confirmed invoices and credit notes counted. */
  invoices: number;
  /** Of them, those carrying only a total (MINIMUM, BASIC WL): counted as non-EGalim value. */
  totalOnlyInvoices: number;
  /** Value HT of lines with no product: in the total, not EGalim. */
  unmatchedValue: number;
}

/**
 * EGalim from what was actually bought (code rural L. 230-5-1 counts purchases excluding VAT):
 * every line of the confirmed invoices dated in the period, of one establishment or all,
 * valued at its net amount HT with its product's labels and « ma cantine » family; a credit
 * note's lines count negative; a line without a product, and an invoice with its total only,
 * count in the total and never as EGalim. Feeds `egalimTotals` (src/shared/catering/egalim.ts),
 * the same sums the meal plan's estimate and the « ma cantine » file use.
 */
export async function purchaseEgalim(
  db: Kysely<DB>,
  organisationId: string,
  period: { from: string; to: string; establishmentId?: string | undefined },
): Promise<PurchaseEgalim> {
  const invoices = await db
    .selectFrom('purchase_invoices')
    .select(['id', 'kind', 'lines_included', 'total_value'])
    .where('organisation_id', '=', organisationId)
    .where('status', '=', 'confirmed')
    .where('issue_date', '>=', period.from)
    .where('issue_date', '<=', period.to)
    .$if(period.establishmentId !== undefined, (q) => q.where('establishment_id', '=', period.establishmentId!))
    .execute();
  const sign = new Map(invoices.map((i) => [i.id, i.kind === 'credit_note' ? -1 : 1]));
  const lines: PlannedPurchaseLine[] = [];
  let unmatchedValue = 0;
  for (const invoice of invoices)
    if (!invoice.lines_included)
      lines.push({ value: sign.get(invoice.id)! * invoice.total_value, labels: [], family: 'AUTRES' });
  const withLines = invoices.filter((i) => i.lines_included).map((i) => i.id);
  if (withLines.length > 0) {
    const rows = await db
      .selectFrom('purchase_invoice_lines as l')
      .leftJoin('products as p', 'p.id', 'l.product_id')
      .leftJoin('catalogue_foods as f', 'f.code', 'p.based_on_code')
      .select(['l.invoice_id', 'l.line_total', 'l.product_id', 'p.labels', 'p.meat_kind', 'p.allergens'])
      .select(sql<string | null>`f.subgroup_code`.as('subgroup_code'))
      .where('l.organisation_id', '=', organisationId)
      .where('l.invoice_id', 'in', withLines)
      .execute();
    for (const row of rows) {
      const value = sign.get(row.invoice_id)! * row.line_total;
      if (row.product_id === null) {
        unmatchedValue += value;
        lines.push({ value, labels: [], family: 'AUTRES' });
        continue;
      }
      lines.push({
        value,
        labels: egalimLabels(row.labels),
        family: productFamily({
          subgroupCode: row.subgroup_code,
          meatKind: row.meat_kind,
          allergens: row.allergens ?? [],
        }),
      });
    }
  }
  return {
    totals: egalimTotals(lines),
    invoices: invoices.length,
    totalOnlyInvoices: invoices.filter((i) => !i.lines_included).length,
    unmatchedValue: Math.round(unmatchedValue * 100) / 100,
  };
}
