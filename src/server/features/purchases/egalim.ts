import type { Kysely } from 'kysely';
import type { EgalimPurchases } from '../../../shared/api/purchases.ts';
import { egalimShares } from '../../../shared/catering/egalim.ts';
import type { DB } from '../../db/schema.ts';
import { purchaseEgalim } from '../../domain/purchase-egalim.ts';
import { notFound } from '../../lib/http.ts';

/** A period of EGalim, of one establishment or all. */
export interface EgalimPeriod {
  from: string;
  to: string;
  establishmentId?: string | undefined;
}

/** The meal plan's EGalim estimate for a period, when nothing was bought yet (given by app.ts: features do not import each other). */
export type EgalimEstimate = (
  organisationId: string,
  period: EgalimPeriod,
) => Promise<Omit<EgalimPurchases, 'source' | 'invoices' | 'totalOnlyInvoices' | 'unmatchedValue'>>;

/**
 * GET /api/purchases/egalim: the shares from the confirmed invoices of the period
 * (src/server/domain/purchase-egalim.ts), else the meal plan's estimate, labelled as such
 * (docs/product/purchases.md « EGalim »). Another organisation's establishment → 404.
 */
export async function egalimForPeriod(
  db: Kysely<DB>,
  organisationId: string,
  period: EgalimPeriod,
  estimate: EgalimEstimate,
): Promise<EgalimPurchases> {
  if (period.establishmentId) {
    const own = await db
      .selectFrom('establishments')
      .select('id')
      .where('id', '=', period.establishmentId)
      .where('organisation_id', '=', organisationId)
      .executeTakeFirst();
    if (!own) throw notFound();
  }
  const bought = await purchaseEgalim(db, organisationId, period);
  const common = {
    invoices: bought.invoices,
    totalOnlyInvoices: bought.totalOnlyInvoices,
    unmatchedValue: bought.unmatchedValue,
  };
  if (bought.invoices === 0) return { source: 'estimate', ...(await estimate(organisationId, period)), ...common };
  const t = bought.totals;
  return {
    source: 'purchases',
    totalValue: t.purchaseValue,
    sustainableValue: t.sustainableValue,
    organicValue: t.organicValue,
    meatFishValue: t.meatFishValue,
    meatFishSustainableValue: t.meatFishSustainableValue,
    ...egalimShares(t),
    ...common,
  };
}
