import {
  amount,
  checkLineCount,
  invoiceDate,
  kindOfTypeCode,
  optionalAmount,
  profileOf,
  required,
  siretOf,
  type ParsedInvoice,
  type ParsedInvoiceLine,
} from './parsed-invoice.ts';
import { attribute, child, children, text, textAt, type XmlNode, type XmlValue } from './xml-tree.ts';

/**
 * A UN/CEFACT Cross Industry Invoice (D16B, the syntax of Factur-X and ZUGFeRD) read into
 * EN 16931 business terms; the paths are those of EN 16931-3-3 (the CII binding).
 */
export function readCii(root: XmlNode, format: 'factur-x' | 'cii'): ParsedInvoice {
  const invoice = root['CrossIndustryInvoice'];
  const profile = profileOf(
    textAt(invoice, 'ExchangedDocumentContext', 'GuidelineSpecifiedDocumentContextParameter', 'ID'),
  );
  const document = child(invoice, 'ExchangedDocument');
  const transaction = child(invoice, 'SupplyChainTradeTransaction');
  const seller = child(transaction, 'ApplicableHeaderTradeAgreement', 'SellerTradeParty');
  const settlement = child(transaction, 'ApplicableHeaderTradeSettlement');
  const totals = child(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation');
  const typeCode = required(textAt(document, 'TypeCode'), 'type de document (BT-3)');
  const lineItems = children(transaction, 'IncludedSupplyChainTradeLineItem');
  checkLineCount(lineItems.length);
  const legalId = child(seller, 'SpecifiedLegalOrganization', 'ID');
  const vatIds = children(seller, 'SpecifiedTaxRegistration')
    .map((r) => child(r, 'ID'))
    .filter((id) => attribute(id, 'schemeID') === 'VA');
  return {
    format,
    profile: profile.name,
    typeCode,
    kind: kindOfTypeCode(typeCode),
    number: required(textAt(document, 'ID'), 'numéro de facture (BT-1)'),
    date: invoiceDate(textAt(document, 'IssueDateTime', 'DateTimeString')),
    currency: required(textAt(settlement, 'InvoiceCurrencyCode'), 'devise (BT-5)').toUpperCase(),
    supplier: {
      name: required(textAt(seller, 'Name'), 'nom du fournisseur (BT-27)'),
      siret: ['0002', '0009', null].includes(attribute(legalId, 'schemeID')) ? siretOf(text(legalId)) : null,
      vatId: vatIds.length > 0 ? (text(vatIds[0]) ?? null) : null,
    },
    linesTotal: optionalAmount(textAt(totals, 'LineTotalAmount'), 'total des lignes (BT-106)'),
    totalValue: amount(textAt(totals, 'TaxBasisTotalAmount'), 'total HT (BT-109)'),
    // BT-110 may repeat in another currency (BT-111): the one without is the invoice's; BT-112 is always given.
    totalWithVat: optionalAmount(textAt(totals, 'GrandTotalAmount'), 'total TTC (BT-112)'),
    linesIncluded: profile.linesIncluded,
    lines: profile.linesIncluded ? lineItems.map((item, index) => ciiLine(item, index)) : [],
  };
}

function ciiLine(item: XmlValue, index: number): ParsedInvoiceLine {
  const product = child(item, 'SpecifiedTradeProduct');
  const where = `ligne ${index + 1}`;
  const price = child(item, 'SpecifiedLineTradeAgreement', 'NetPriceProductTradePrice');
  const billed = child(item, 'SpecifiedLineTradeDelivery', 'BilledQuantity');
  const settlement = child(item, 'SpecifiedLineTradeSettlement');
  const basis = optionalAmount(textAt(price, 'BasisQuantity'), `quantité de base du prix, ${where} (BT-149)`);
  const netPrice = amount(textAt(price, 'ChargeAmount'), `prix net, ${where} (BT-146)`);
  const vat = optionalAmount(textAt(settlement, 'ApplicableTradeTax', 'RateApplicablePercent'), `TVA, ${where}`);
  const articleId = textAt(product, 'SellerAssignedID') || textAt(product, 'GlobalID') || null;
  return {
    lineId: textAt(item, 'AssociatedDocumentLineDocument', 'LineID')?.slice(0, 40) ?? String(index + 1),
    supplierArticleId: articleId?.slice(0, 100) ?? null,
    description: required(textAt(product, 'Name') || textAt(product, 'Description'), `désignation, ${where} (BT-153)`),
    quantity: amount(text(billed), `quantité, ${where} (BT-129)`),
    unitCode: (attribute(billed, 'unitCode') ?? 'C62').slice(0, 10),
    unitPrice: basis && basis > 0 ? netPrice / basis : netPrice,
    lineTotal: amount(
      textAt(settlement, 'SpecifiedTradeSettlementLineMonetarySummation', 'LineTotalAmount'),
      `montant net, ${where} (BT-131)`,
    ),
    vatRate: vat,
  };
}
