import { foldText } from '../../../shared/allergens.ts';
import type { ParsedInvoice } from './read/parsed-invoice.ts';

/** « The same supplier »: its SIRET, else its VAT number, else its name folded. */
export function supplierKey(supplier: ParsedInvoice['supplier']): string {
  if (supplier.siret) return `siret:${supplier.siret}`;
  if (supplier.vatId) return `tva:${supplier.vatId.replace(/[\s.]/g, '').toUpperCase()}`;
  return `nom:${foldText(supplier.name).replace(/\s+/g, ' ').trim()}`;
}

/** How a supplier's article is known again: its article id, else its description folded. */
export const articleKey = (line: { supplierArticleId: string | null; description: string }) =>
  line.supplierArticleId
    ? `id:${line.supplierArticleId}`
    : `nom:${foldText(line.description).replace(/\s+/g, ' ').trim()}`;
