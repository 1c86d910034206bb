import { constants, createDeflate } from 'node:zlib';
import { AFRelationship, PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import type { LooseJson, TestApp } from './harness.ts';

/**
 * Invoice files made by the tests (docs/decisions/0037-supplier-invoices.md « Proof »): CII
 * and UBL XML written from EN 16931's business terms (the paths of EN 16931-3-3 and -3-2),
 * and Factur-X PDFs made with pdf-lib (the XML attached as factur-x.xml, /AF Alternative).
 */
export interface TestLine {
  articleId?: string | null;
  description: string;
  quantity: number;
  unitCode: string;
  unitPrice: number;
  vatRate?: number;
  /** A line total that does not follow from quantity × price (a discount, or a tampered file). */
  lineTotal?: number;
}
export interface TestInvoice {
  number: string;
  date?: string;
  supplier?: { name: string; siret?: string | null; vatId?: string | null };
  typeCode?: string;
  currency?: string;
  /** Factur-X guideline id (BT-24); EN 16931 by default. */
  guideline?: string;
  lines: TestLine[];
  /** BT-106 as stated, when it must not be the sum of the lines. */
  linesTotal?: number;
}

export const GUIDELINES = {
  minimum: 'urn:factur-x.eu:1p0:minimum',
  basicWl: 'urn:factur-x.eu:1p0:basicwl',
  basic: 'urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic',
  en16931: 'urn:cen.eu:en16931:2017',
} as const;

const money = (v: number) => v.toFixed(2);
const lineTotal = (l: TestLine) => l.lineTotal ?? Math.round(l.quantity * l.unitPrice * 100) / 100;
const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function totals(invoice: TestInvoice) {
  const lines = invoice.linesTotal ?? Math.round(invoice.lines.reduce((s, l) => s + lineTotal(l), 0) * 100) / 100;
  const vat = Math.round(invoice.lines.reduce((s, l) => s + (lineTotal(l) * (l.vatRate ?? 5.5)) / 100, 0) * 100) / 100;
  return { lines, vat, grand: Math.round((lines + vat) * 100) / 100 };
}

/** A UN/CEFACT CII (the XML inside Factur-X). */
export function ciiXml(invoice: TestInvoice): string {
  const supplier = invoice.supplier ?? { name: 'Primeurs du Marché', siret: '12345678900014' };
  const t = totals(invoice);
  const date = (invoice.date ?? '2026-03-02').replace(/-/g, '');
  const withLines = !['minimum', 'basicwl'].some((p) => (invoice.guideline ?? '').includes(p));
  const lines = withLines
    ? invoice.lines
        .map(
          (l, i) => `
    <ram:IncludedSupplyChainTradeLineItem>
      <ram:AssociatedDocumentLineDocument><ram:LineID>${i + 1}</ram:LineID></ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedTradeProduct>${l.articleId ? `<ram:SellerAssignedID>${escape(l.articleId)}</ram:SellerAssignedID>` : ''}<ram:Name>${escape(l.description)}</ram:Name></ram:SpecifiedTradeProduct>
      <ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>${l.unitPrice}</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>
      <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="${l.unitCode}">${l.quantity}</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
      <ram:SpecifiedLineTradeSettlement>
        <ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>${l.vatRate ?? 5.5}</ram:RateApplicablePercent></ram:ApplicableTradeTax>
        <ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${money(lineTotal(l))}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>
      </ram:SpecifiedLineTradeSettlement>
    </ram:IncludedSupplyChainTradeLineItem>`,
        )
        .join('')
    : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100" xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100">
  <rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>${invoice.guideline ?? GUIDELINES.en16931}</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument>
    <ram:ID>${escape(invoice.number)}</ram:ID>
    <ram:TypeCode>${invoice.typeCode ?? '380'}</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="102">${date}</udt:DateTimeString></ram:IssueDateTime>
  </rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>${lines}
    <ram:ApplicableHeaderTradeAgreement>
      <ram:SellerTradeParty>
        <ram:Name>${escape(supplier.name)}</ram:Name>
        ${supplier.siret ? `<ram:SpecifiedLegalOrganization><ram:ID schemeID="0002">${supplier.siret}</ram:ID></ram:SpecifiedLegalOrganization>` : ''}
        ${supplier.vatId ? `<ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">${supplier.vatId}</ram:ID></ram:SpecifiedTaxRegistration>` : ''}
      </ram:SellerTradeParty>
      <ram:BuyerTradeParty><ram:Name>Bistrot du Port</ram:Name></ram:BuyerTradeParty>
    </ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeDelivery/>
    <ram:ApplicableHeaderTradeSettlement>
      <ram:InvoiceCurrencyCode>${invoice.currency ?? 'EUR'}</ram:InvoiceCurrencyCode>
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
        ${withLines ? `<ram:LineTotalAmount>${money(t.lines)}</ram:LineTotalAmount>` : ''}
        <ram:TaxBasisTotalAmount>${money(t.lines)}</ram:TaxBasisTotalAmount>
        <ram:TaxTotalAmount currencyID="${invoice.currency ?? 'EUR'}">${money(t.vat)}</ram:TaxTotalAmount>
        <ram:GrandTotalAmount>${money(t.grand)}</ram:GrandTotalAmount>
        <ram:DuePayableAmount>${money(t.grand)}</ram:DuePayableAmount>
      </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>
`;
}

/** An OASIS UBL 2.1 Invoice, or a CreditNote for type 381. */
export function ublXml(invoice: TestInvoice): string {
  const supplier = invoice.supplier ?? { name: 'Boucherie Martin', siret: '98765432100017' };
  const credit = invoice.typeCode === '381';
  const root = credit ? 'CreditNote' : 'Invoice';
  const t = totals(invoice);
  const currency = invoice.currency ?? 'EUR';
  const lines = invoice.lines
    .map(
      (l, i) => `
  <cac:${root}Line>
    <cbc:ID>${i + 1}</cbc:ID>
    <cbc:${credit ? 'CreditedQuantity' : 'InvoicedQuantity'} unitCode="${l.unitCode}">${l.quantity}</cbc:${credit ? 'CreditedQuantity' : 'InvoicedQuantity'}>
    <cbc:LineExtensionAmount currencyID="${currency}">${money(lineTotal(l))}</cbc:LineExtensionAmount>
    <cac:Item>
      <cbc:Name>${escape(l.description)}</cbc:Name>
      ${l.articleId ? `<cac:SellersItemIdentification><cbc:ID>${escape(l.articleId)}</cbc:ID></cac:SellersItemIdentification>` : ''}
      <cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>${l.vatRate ?? 5.5}</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>
    </cac:Item>
    <cac:Price><cbc:PriceAmount currencyID="${currency}">${l.unitPrice}</cbc:PriceAmount></cac:Price>
  </cac:${root}Line>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<${root} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${root}-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID>
  <cbc:ID>${escape(invoice.number)}</cbc:ID>
  <cbc:IssueDate>${invoice.date ?? '2026-03-02'}</cbc:IssueDate>
  <cbc:${credit ? 'CreditNoteTypeCode' : 'InvoiceTypeCode'}>${invoice.typeCode ?? '380'}</cbc:${credit ? 'CreditNoteTypeCode' : 'InvoiceTypeCode'}>
  <cbc:DocumentCurrencyCode>${currency}</cbc:DocumentCurrencyCode>
  <cac:AccountingSupplierParty><cac:Party>
    ${supplier.siret ? `<cac:PartyIdentification><cbc:ID schemeID="0009">${supplier.siret}</cbc:ID></cac:PartyIdentification>` : ''}
    <cac:PartyName><cbc:Name>${escape(supplier.name)}</cbc:Name></cac:PartyName>
    <cac:PartyLegalEntity><cbc:RegistrationName>${escape(supplier.name)}</cbc:RegistrationName></cac:PartyLegalEntity>
  </cac:Party></cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty><cac:Party><cac:PartyLegalEntity><cbc:RegistrationName>Bistrot du Port</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:AccountingCustomerParty>
  <cac:LegalMonetaryTotal>
    <cbc:LineExtensionAmount currencyID="${currency}">${money(t.lines)}</cbc:LineExtensionAmount>
    <cbc:TaxExclusiveAmount currencyID="${currency}">${money(t.lines)}</cbc:TaxExclusiveAmount>
    <cbc:TaxInclusiveAmount currencyID="${currency}">${money(t.grand)}</cbc:TaxInclusiveAmount>
    <cbc:PayableAmount currencyID="${currency}">${money(t.grand)}</cbc:PayableAmount>
  </cac:LegalMonetaryTotal>${lines}
</${root}>
`;
}

/** A Factur-X PDF: one visible page, and the CII attached as factur-x.xml (relationship Alternative), with pdf-lib. */
export async function facturXPdf(xml: string, name = 'factur-x.xml'): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText('Facture — voir la pièce jointe factur-x.xml', { x: 50, y: 780, size: 14, font });
  await doc.attach(new TextEncoder().encode(xml), name, {
    mimeType: 'text/xml',
    description: 'Factur-X',
    afRelationship: AFRelationship.Alternative,
  });
  return doc.save();
}

/** The deflate of `megabytes` MB of zeros, made a megabyte at a time (constant memory). */
export async function zerosDeflated(megabytes: number): Promise<Uint8Array> {
  const deflate = createDeflate({ level: constants.Z_BEST_COMPRESSION });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  const megabyte = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < megabytes; i++) {
    if (!deflate.write(megabyte)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}

/** A « PDF bomb »: a valid PDF holding a FlateDecode stream that inflates to `megabytes` MB. */
export async function pdfBomb(megabytes = 300): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  const stream = doc.context.stream(await zerosDeflated(megabytes), { Filter: 'FlateDecode' });
  doc.catalog.set(PDFName.of('Bomb'), doc.context.register(stream));
  return doc.save({ useObjectStreams: false });
}

/** POST of a file's bytes (an invoice, a sales export), as the browser sends a File: the app's Origin, the session. */
export async function postFile(
  t: Pick<TestApp, 'app' | 'deps'>,
  path: string,
  bytes: Uint8Array | string,
  cookie: string | undefined,
  contentType = 'application/xml',
): Promise<{ status: number; body: LooseJson; text: string }> {
  const res = await t.app.request(path, {
    method: 'POST',
    headers: { origin: t.deps.config.publicOrigin, 'content-type': contentType, ...(cookie ? { cookie } : {}) },
    body: typeof bytes === 'string' ? bytes : new Uint8Array(bytes),
  });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, body, text };
}
