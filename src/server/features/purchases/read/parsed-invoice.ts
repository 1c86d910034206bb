import { MAX_INVOICE_LINES, purchaseMessages as m } from '../../../../shared/api/purchase-messages.ts';

/**
 * An invoice as read from its file (Factur-X, CII or UBL), before any product is matched: the
 * EN 16931 business terms NutriCarte keeps (BT numbers of EN 16931-1:2017 beside each field).
 */
export interface ParsedInvoiceLine {
  /** BT-126 */
  lineId: string;
  /** BT-155 (seller's item identifier), else BT-157 (standard identifier, e.g. GTIN). */
  supplierArticleId: string | null;
  /** BT-153, with BT-154 when the name is empty. */
  description: string;
  /** BT-129 and BT-130 (UN/ECE Recommendation 20). */
  quantity: number;
  unitCode: string;
  /** BT-146 ÷ BT-149: the net price of one billed unit. */
  unitPrice: number;
  /** BT-131 */
  lineTotal: number;
  /** BT-152, in % (5.5 for 5,5 %); null when the line says none. */
  vatRate: number | null;
}

export interface ParsedInvoice {
  format: 'factur-x' | 'cii' | 'ubl';
  /** The profile's name (MINIMUM, BASIC WL, BASIC, EN 16931, EXTENDED…) from BT-24, or null. */
  profile: string | null;
  /** BT-3: 380 invoice, 381 credit note… */
  typeCode: string;
  kind: 'invoice' | 'credit_note';
  /** BT-1 */
  number: string;
  /** BT-2, YYYY-MM-DD */
  date: string;
  /** BT-5 */
  currency: string;
  supplier: {
    /** BT-27 */
    name: string;
    /** BT-30 with scheme 0002 (SIREN) or BT-29 with 0009 (SIRET): digits only. */
    siret: string | null;
    /** BT-31 */
    vatId: string | null;
  };
  /** BT-106: sum of the lines' net amounts, when the profile carries lines. */
  linesTotal: number | null;
  /** BT-109: total without VAT. */
  totalValue: number;
  /** BT-112: total with VAT, when given. */
  totalWithVat: number | null;
  /** False for the MINIMUM and BASIC WL profiles, which carry no lines. */
  linesIncluded: boolean;
  lines: ParsedInvoiceLine[];
}

/** A file NutriCarte will not import, with the French sentence saying why. */
export class InvoiceReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvoiceReadError';
  }
}

const INVOICE_TYPES = new Set(['380', '383', '384', '389', '751', '875', '876', '877']);
const CREDIT_TYPES = new Set(['381', '261', '262', '296', '308', '396', '420', '458', '532']);

export function kindOfTypeCode(code: string): ParsedInvoice['kind'] {
  if (INVOICE_TYPES.has(code)) return 'invoice';
  if (CREDIT_TYPES.has(code)) return 'credit_note';
  throw new InvoiceReadError(m.typeCode(code));
}

/** Profiles whose invoices carry no lines (Factur-X 1.0, « MINIMUM » and « BASIC WL »). */
export function profileOf(guideline: string | null): { name: string | null; linesIncluded: boolean } {
  if (!guideline) return { name: null, linesIncluded: true };
  const id = guideline.toLowerCase();
  if (id.includes('minimum')) return { name: 'MINIMUM', linesIncluded: false };
  if (id.includes('basicwl')) return { name: 'BASIC WL', linesIncluded: false };
  if (id.includes('factur-x.eu:1p0:basic')) return { name: 'BASIC', linesIncluded: true };
  if (id.includes('extended')) return { name: 'EXTENDED', linesIncluded: true };
  if (id.includes('xrechnung')) return { name: 'XRECHNUNG', linesIncluded: true };
  if (id.includes('peppol')) return { name: 'PEPPOL BIS', linesIncluded: true };
  if (id.startsWith('urn:cen.eu:en16931:2017')) return { name: 'EN 16931', linesIncluded: true };
  return { name: null, linesIncluded: true };
}

/** A decimal of the XML (« 19.90 », « -3 »), bounded; the field's name goes in the refusal. */
export function amount(value: string | null, what: string): number {
  if (value === null || !/^\s*[-+]?\d{1,12}(\.\d{1,10})?\s*$/.test(value))
    throw new InvoiceReadError(m.badNumber(what));
  return Number(value);
}

export function optionalAmount(value: string | null, what: string): number | null {
  return value === null || value.trim() === '' ? null : amount(value, what);
}

/** YYYYMMDD (CII format 102) or YYYY-MM-DD (UBL), a real calendar day. */
export function invoiceDate(value: string | null): string {
  const match = value && /^\s*(\d{4})-?(\d{2})-?(\d{2})\s*$/.exec(value);
  if (!match) throw new InvoiceReadError(m.badDate);
  const iso = `${match[1]}-${match[2]}-${match[3]}`;
  const day = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== iso) throw new InvoiceReadError(m.badDate);
  return iso;
}

export function required(value: string | null, what: string): string {
  const text = value?.trim();
  if (!text) throw new InvoiceReadError(m.missing(what));
  return text.slice(0, 200);
}

export function checkLineCount(count: number): void {
  if (count > MAX_INVOICE_LINES) throw new InvoiceReadError(m.tooManyLines);
}

const cents = (v: number) => Math.round(v * 100);

/**
 * What makes an invoice importable as a whole or not at all: euros only; the lines add up to
 * BT-106 to the cent (EN 16931 rule BR-CO-10), so a truncated or altered file is refused.
 */
export function checkInvoice(invoice: ParsedInvoice): ParsedInvoice {
  if (invoice.currency !== 'EUR') throw new InvoiceReadError(m.currency(invoice.currency));
  checkLineCount(invoice.lines.length);
  if (invoice.linesIncluded) {
    if (invoice.lines.length === 0) throw new InvoiceReadError(m.missing('les lignes de la facture'));
    const sum = invoice.lines.reduce((total, line) => total + cents(line.lineTotal), 0);
    const stated = invoice.linesTotal ?? invoice.totalValue;
    if (Math.abs(sum - cents(stated)) > 1) throw new InvoiceReadError(m.wrongTotal(sum / 100, stated));
  }
  return invoice;
}

/** The digits of a SIREN (9) or SIRET (14), else null. */
export function siretOf(value: string | null): string | null {
  const digits = value?.replace(/\s/g, '') ?? '';
  return /^\d{9}$|^\d{14}$/.test(digits) ? digits : null;
}
