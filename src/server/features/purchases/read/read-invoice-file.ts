import { purchaseMessages as m } from '../../../../shared/api/purchase-messages.ts';
import { readCii } from './cii.ts';
import { facturXml } from './factur-x.ts';
import { checkInvoice, InvoiceReadError, type ParsedInvoice } from './parsed-invoice.ts';
import { readUbl } from './ubl.ts';
import { parseXml } from './xml-tree.ts';

const isPdf = (bytes: Uint8Array) =>
  bytes.length >= 5 && String.fromCharCode(...bytes.subarray(0, 1024)).includes('%PDF-');

/** An XML invoice's text: CII (Factur-X's syntax) or UBL, told by its root element. */
export function readInvoiceXml(text: string, format: 'factur-x' | 'cii'): ParsedInvoice {
  const root = parseXml(text.replace(/^\uFEFF/, ''));
  if (root['CrossIndustryInvoice'] !== undefined) return checkInvoice(readCii(root, format));
  if (root['Invoice'] !== undefined || root['CreditNote'] !== undefined) {
    if (format === 'factur-x') throw new InvoiceReadError(m.unknownXml);
    return checkInvoice(readUbl(root));
  }
  throw new InvoiceReadError(m.unknownXml);
}

/**
 * Any invoice file: a PDF is read as Factur-X (its embedded XML), anything else as XML. The
 * content type is not trusted: the bytes decide (a browser labels an .xml file as it likes).
 */
export async function readInvoiceFile(bytes: Uint8Array): Promise<ParsedInvoice> {
  if (bytes.length === 0) throw new InvoiceReadError(m.empty);
  if (isPdf(bytes)) return readInvoiceXml(await facturXml(bytes), 'factur-x');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new InvoiceReadError(m.unreadable);
  }
  if (!text.trimStart().startsWith('<')) throw new InvoiceReadError(m.unreadable);
  return readInvoiceXml(text, 'cii');
}
