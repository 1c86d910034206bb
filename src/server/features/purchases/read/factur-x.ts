import { inflateSync } from 'node:zlib';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFString,
  type PDFObject,
} from 'pdf-lib';
import { purchaseMessages as m } from '../../../../shared/api/purchase-messages.ts';
import { InvoiceReadError } from './parsed-invoice.ts';

/** The embedded XML is at most this big once inflated (a 5,000-line CII is about 6 MB). */
const MAX_XML_BYTES = 16 * 1024 * 1024;
/** One stream of the file inflates to at most this, all of them together to at most the second. */
const MAX_STREAM_BYTES = 64 * 1024 * 1024;
const MAX_INFLATED_BYTES = 256 * 1024 * 1024;
/** Names of the invoice attachment (Factur-X 1.0, ZUGFeRD 2.x and 1.0, XRechnung in a PDF). */
const INVOICE_FILE = /^(factur-x|zugferd-invoice|xrechnung)\.xml$/i;

/**
 * Refuses a « PDF bomb » before pdf-lib reads the file: pdf-lib inflates object streams in
 * memory while loading, so every zlib stream of the file is first inflated by Node's zlib with a
 * ceiling (docs/decisions/0037-supplier-invoices.md « Hostile files »). Streams are found by
 * their keywords, whatever their dictionary says: a lying /Length cannot hide one.
 */
export function refusePdfBomb(bytes: Uint8Array): void {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let budget = MAX_INFLATED_BYTES;
  let from = 0;
  for (;;) {
    const start = view.indexOf('stream', from, 'latin1');
    if (start < 0) return;
    let data = start + 6;
    if (view[data] === 0x0d) data += 1;
    if (view[data] === 0x0a) data += 1;
    const end = view.indexOf('endstream', data, 'latin1');
    from = end < 0 ? view.length : end + 9;
    if (start >= 3 && view.toString('latin1', start - 3, start) === 'end') continue;
    // A zlib header (CMF 0x78 and a check byte that divides): FlateDecode data.
    const cmf = view[data];
    const flg = view[data + 1];
    if (cmf !== 0x78 || flg === undefined || ((cmf << 8) | flg) % 31 !== 0) continue;
    let inflated: Buffer;
    try {
      inflated = inflateSync(view.subarray(data, end < 0 ? view.length : end), {
        maxOutputLength: Math.min(MAX_STREAM_BYTES, budget),
        finishFlush: 2, // Z_SYNC_FLUSH: a stream cut short is read as far as it goes
      });
    } catch (error) {
      if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
        throw new InvoiceReadError(m.pdfBomb);
      continue; // damaged data: pdf-lib decides
    }
    budget -= inflated.length;
    if (budget <= 0) throw new InvoiceReadError(m.pdfBomb);
  }
}

const nameOf = (value: PDFObject | undefined): string | null =>
  value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : null;

/** Every file specification of the document: the catalog's /AF (PDF/A-3) and its EmbeddedFiles name tree. */
function fileSpecs(doc: PDFDocument): PDFDict[] {
  const specs: PDFDict[] = [];
  const af = doc.catalog.lookupMaybe(PDFName.of('AF'), PDFArray);
  for (let i = 0; af && i < af.size(); i++) {
    const spec = af.lookupMaybe(i, PDFDict);
    if (spec) specs.push(spec);
  }
  const visit = (node: PDFDict | undefined, depth: number) => {
    if (!node || depth > 8 || specs.length > 1000) return;
    const names = node.lookupMaybe(PDFName.of('Names'), PDFArray);
    for (let i = 1; names && i < names.size(); i += 2) {
      const spec = names.lookupMaybe(i, PDFDict);
      if (spec) specs.push(spec);
    }
    const kids = node.lookupMaybe(PDFName.of('Kids'), PDFArray);
    for (let i = 0; kids && i < kids.size(); i++) visit(kids.lookupMaybe(i, PDFDict), depth + 1);
  };
  visit(doc.catalog.lookupMaybe(PDFName.of('Names'), PDFDict)?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict), 0);
  return specs;
}

/** The bytes of an embedded file's stream, inflated within MAX_XML_BYTES. */
function streamBytes(stream: PDFRawStream): Uint8Array {
  const filter = stream.dict.lookup(PDFName.of('Filter'));
  const filters =
    filter instanceof PDFName
      ? [filter.asString()]
      : filter instanceof PDFArray
        ? filter.asArray().map((f) => (f instanceof PDFName ? f.asString() : ''))
        : [];
  let bytes: Uint8Array = stream.contents;
  for (const name of filters) {
    if (name !== '/FlateDecode') throw new InvoiceReadError(m.pdfUnreadable);
    try {
      bytes = inflateSync(bytes, { maxOutputLength: MAX_XML_BYTES });
    } catch (error) {
      if (error instanceof RangeError) throw new InvoiceReadError(m.pdfBomb);
      throw new InvoiceReadError(m.pdfUnreadable);
    }
  }
  if (bytes.length > MAX_XML_BYTES) throw new InvoiceReadError(m.pdfBomb);
  return bytes;
}

/**
 * The invoice XML embedded in a Factur-X (or ZUGFeRD) PDF/A-3, read with pdf-lib: the file
 * specification named factur-x.xml (or its ZUGFeRD and XRechnung names), found through the
 * catalog's /AF array or the EmbeddedFiles name tree.
 */
export async function facturXml(bytes: Uint8Array): Promise<string> {
  refusePdfBomb(bytes);
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
  } catch {
    throw new InvoiceReadError(m.pdfUnreadable);
  }
  let specs: PDFDict[];
  try {
    specs = fileSpecs(doc);
  } catch {
    throw new InvoiceReadError(m.pdfUnreadable);
  }
  for (const spec of specs) {
    const name = nameOf(spec.lookup(PDFName.of('UF'))) ?? nameOf(spec.lookup(PDFName.of('F')));
    if (!name || !INVOICE_FILE.test(name.trim())) continue;
    const stream = spec.lookupMaybe(PDFName.of('EF'), PDFDict)?.lookup(PDFName.of('F'));
    if (!(stream instanceof PDFRawStream)) continue;
    return new TextDecoder('utf-8', { fatal: false }).decode(streamBytes(stream));
  }
  throw new InvoiceReadError(m.pdfNoInvoice);
}
