import { z } from '../zod-fr.ts';
import { isIsoDate, isPlanDate } from '../catering/catering.ts';
import type { PriceUnit } from './product-vocabulary.ts';
import { purchaseMessages as m, type EngineeringClass } from './purchase-messages.ts';

export * from './purchase-messages.ts';

/** Supplier invoices, prices and sales (API.md « Purchases and sales », docs/product/purchases.md). */
export interface InvoiceLine {
  id: string;
  supplierArticleId: string | null;
  description: string;
  quantity: number;
  unitCode: string;
  /** Net price of one billed unit, HT. */
  unitPrice: number;
  lineTotal: number;
  vatRate: number | null;
  productId: string | null;
  /** `learned` from an earlier invoice of the supplier, `suggested` by name, null: left to the owner (or chosen by them). */
  match: 'learned' | 'suggested' | null;
  /** What one billed unit holds, e.g. 6 l for « colis de 6 × 1 L » (src/shared/purchases/invoice-units.ts). */
  contents: { amount: number; per: PriceUnit };
  /** The line's price per kg, l or unité, or null when it has none (a free or negative line). */
  pricePerBase: { amount: number; per: PriceUnit } | null;
}

export interface Invoice {
  id: string;
  status: 'draft' | 'confirmed';
  kind: 'invoice' | 'credit_note';
  format: 'factur-x' | 'cii' | 'ubl';
  profile: string | null;
  supplier: { name: string; siret: string | null };
  number: string;
  date: string;
  currency: string;
  /** Total HT (BT-109). */
  totalValue: number;
  totalWithVat: number | null;
  /** False for MINIMUM and BASIC WL invoices: the total only. */
  linesIncluded: boolean;
  /** What the owner should know (no lines, credit note), in French. */
  notes: string[];
  establishmentId: string | null;
  version: number;
  createdAt: string;
  confirmedAt: string | null;
  lines: InvoiceLine[];
}
export type InvoiceSummary = Omit<Invoice, 'lines'> & { lineCount: number; matchedLines: number };

export interface PriceChange {
  productId: string;
  before: { amount: number; per: PriceUnit } | null;
  after: { amount: number; per: PriceUnit };
}

/** Where a price comes from: a confirmed invoice, a supplier's price list (« tarif fournisseur »), or typed by hand. */
export type PriceSource = 'invoice' | 'manual' | 'price_list';

export interface ProductPrice {
  date: string;
  amount: number;
  per: PriceUnit;
  source: PriceSource;
  invoiceId?: string;
  priceListId?: string;
  /** The supplier of the invoice or price list. */
  supplier?: string;
}

/** A line of a supplier's price list (docs/product/purchases.md « Tarifs fournisseurs »). */
export interface PriceListLine {
  id: string;
  supplierArticleId: string | null;
  description: string;
  /** The « unité » or « conditionnement » as the file says it. */
  unitLabel: string | null;
  /** Net price of one unit as sold, HT. */
  priceHt: number;
  vatRate: number | null;
  ean: string | null;
  labels: string | null;
  productId: string | null;
  match: 'learned' | 'suggested' | null;
  contents: { amount: number; per: PriceUnit };
  pricePerBase: { amount: number; per: PriceUnit };
}
export interface PriceList {
  id: string;
  status: 'draft' | 'confirmed';
  supplier: { name: string };
  /** Date d'effet: the day its prices enter the history. */
  effectiveDate: string;
  version: number;
  createdAt: string;
  confirmedAt: string | null;
  lines: PriceListLine[];
}
export type PriceListSummary = Omit<PriceList, 'lines'> & { lineCount: number; matchedLines: number };

export interface EgalimPurchases {
  source: 'purchases' | 'estimate';
  totalValue: number;
  sustainableValue: number;
  organicValue: number;
  meatFishValue: number;
  meatFishSustainableValue: number;
  sustainablePercent: number | null;
  organicPercent: number | null;
  meatFishSustainablePercent: number | null;
  /** Confirmed invoices counted, and those of them that carry only a total (their value counts as non-EGalim). */
  invoices: number;
  totalOnlyInvoices: number;
  /** Value of lines with no product: counted in the total, not as EGalim. */
  unmatchedValue: number;
}

export interface PriceRise {
  productId: string;
  name: string;
  before: { amount: number; per: PriceUnit; date: string };
  after: { amount: number; per: PriceUnit; date: string; source: PriceSource };
  /** +12.5 for +12,5 %. */
  changePercent: number;
}
export interface RecipeOverTarget {
  recipeId: string;
  name: string;
  costBefore: number | null;
  costAfter: number | null;
  foodCostBefore: number | null;
  foodCostAfter: number | null;
  /** The food cost went from at or below the target to above it during the period. */
  crossed: boolean;
}
export interface PriceReport {
  from: string;
  to: string;
  target: number;
  rises: PriceRise[];
  falls: PriceRise[];
  recipes: RecipeOverTarget[];
}

export interface PurchaseSettings {
  foodCostTarget: number;
  version: number;
}

export interface SalesImportResult {
  rows: number;
  matched: number;
  unmatched: { name: string; quantity: number }[];
  format: string;
  from: string;
  to: string;
}

export interface EngineeringItem {
  itemId: string;
  name: string;
  sold: number;
  /** Selling price HT − food cost, per portion. */
  marginPerItem: number | null;
  /** Share of the menu's sales, in % (« mix »). */
  popularityIndex: number;
  class: EngineeringClass | null;
  priceHt: number | null;
  costPerServing: number | null;
}
export interface Engineering {
  items: EngineeringItem[];
  /** 70 % of an even share (Kasavana–Smith): an item above it is popular. */
  popularityThreshold: number;
  /** The average margin weighted by sales. */
  averageMargin: number | null;
  totalSold: number;
}

export interface ConsumptionRow {
  productId: string;
  name: string;
  per: PriceUnit;
  theoretical: number;
  purchased: number;
  /** purchased − theoretical, in the product's unit, and its value at the current price. */
  gap: number;
  gapValue: number | null;
  gapPercent: number | null;
}
export interface Consumption {
  from: string;
  to: string;
  rows: ConsumptionRow[];
  /** Sold items with no recipe, or recipe lines whose weight is unknown: not counted. */
  uncounted: string[];
}

const uuid = (message: string) => z.string({ error: message }).uuid(message);
const isoDate = z.string({ error: m.dateInvalid }).refine(isIsoDate, m.dateInvalid);

export const lineProductSchema = z.object({ productId: uuid(m.productInvalid).nullable() });
export const confirmInvoiceSchema = z.object({
  establishmentId: uuid(m.establishmentInvalid).nullish(),
  version: z.number({ error: m.versionInvalid }).int(m.versionInvalid).positive(m.versionInvalid).optional(),
});
/** POST /api/purchases/price-lists?supplier=&effectiveDate=: what the file may not say. */
export const priceListQuery = z.object({
  supplier: z
    .string({ error: m.supplierInvalid })
    .trim()
    .min(1, m.supplierInvalid)
    .max(200, m.supplierInvalid)
    .optional(),
  effectiveDate: isoDate.optional(),
});
export const confirmPriceListSchema = z.object({
  version: z.number({ error: m.versionInvalid }).int(m.versionInvalid).positive(m.versionInvalid).optional(),
});
export const purchaseSettingsSchema = z.object({
  foodCostTarget: z
    .number({ error: m.targetInvalid })
    .min(1, m.targetInvalid)
    .max(100, m.targetInvalid)
    .transform((v) => Math.round(v * 100) / 100),
  version: z.number({ error: m.versionInvalid }).int(m.versionInvalid).positive(m.versionInvalid).optional(),
});

const MAX_DAYS = 3 * 366;
/** `from` and `to` of a period (both optional: the last 12 months by default). */
/** A period's day: 2000 to 2099 (year 9999's last day answered 500: the day after it is not a date). */
const periodDate = isoDate.refine(isPlanDate, m.periodDateOutOfRange);
export const periodQuery = z
  .object({ from: periodDate.optional(), to: periodDate.optional() })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.to < q.from) ctx.addIssue({ code: 'custom', message: m.periodInvalid, path: ['to'] });
    if (q.from && q.to && (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 > MAX_DAYS)
      ctx.addIssue({ code: 'custom', message: m.periodTooLong, path: ['to'] });
  });
export const egalimQuery = periodQuery.and(z.object({ establishmentId: uuid(m.establishmentInvalid).optional() }));
