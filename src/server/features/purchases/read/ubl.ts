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

/** An OASIS UBL 2.1 Invoice or CreditNote read into EN 16931 business terms (EN 16931-3-2, the UBL binding). */
export function readUbl(root: XmlNode): ParsedInvoice {
  const isCredit = root['CreditNote'] !== undefined;
  const invoice = isCredit ? root['CreditNote'] : root['Invoice'];
  const seller = child(invoice, 'AccountingSupplierParty', 'Party');
  const totals = child(invoice, 'LegalMonetaryTotal');
  const typeCode =
    textAt(invoice, isCredit ? 'CreditNoteTypeCode' : 'InvoiceTypeCode')?.trim() || (isCredit ? '381' : '380');
  const lineItems = children(invoice, isCredit ? 'CreditNoteLine' : 'InvoiceLine');
  checkLineCount(lineItems.length);
  const profile = profileOf(textAt(invoice, 'CustomizationID'));
  const legal = child(seller, 'PartyLegalEntity', 'CompanyID');
  const siret =
    children(seller, 'PartyIdentification')
      .map((p) => child(p, 'ID'))
      .filter((id) => attribute(id, 'schemeID') === '0009')
      .map((id) => siretOf(text(id)))
      .find(Boolean) ?? (['0002', '0009', null].includes(attribute(legal, 'schemeID')) ? siretOf(text(legal)) : null);
  return {
    format: 'ubl',
    profile: profile.name,
    typeCode,
    kind: kindOfTypeCode(typeCode),
    number: required(textAt(invoice, 'ID'), 'numéro de facture (BT-1)'),
    date: invoiceDate(textAt(invoice, 'IssueDate')),
    currency: required(textAt(invoice, 'DocumentCurrencyCode'), 'devise (BT-5)').toUpperCase(),
    supplier: {
      name: required(
        textAt(seller, 'PartyName', 'Name') || textAt(seller, 'PartyLegalEntity', 'RegistrationName'),
        'nom du fournisseur (BT-27)',
      ),
      siret,
      vatId: textAt(seller, 'PartyTaxScheme', 'CompanyID') || null,
    },
    linesTotal: optionalAmount(textAt(totals, 'LineExtensionAmount'), 'total des lignes (BT-106)'),
    totalValue: amount(textAt(totals, 'TaxExclusiveAmount'), 'total HT (BT-109)'),
    totalWithVat: optionalAmount(textAt(totals, 'TaxInclusiveAmount'), 'total TTC (BT-112)'),
    linesIncluded: true,
    lines: lineItems.map((line, index) => ublLine(line, index, isCredit)),
  };
}

function ublLine(line: XmlValue, index: number, isCredit: boolean): ParsedInvoiceLine {
  const where = `ligne ${index + 1}`;
  const item = child(line, 'Item');
  const quantity = child(line, isCredit ? 'CreditedQuantity' : 'InvoicedQuantity');
  const price = child(line, 'Price');
  const basis = optionalAmount(textAt(price, 'BaseQuantity'), `quantité de base du prix, ${where} (BT-149)`);
  const netPrice = amount(textAt(price, 'PriceAmount'), `prix net, ${where} (BT-146)`);
  const articleId = textAt(item, 'SellersItemIdentification', 'ID') || textAt(item, 'StandardItemIdentification', 'ID');
  return {
    lineId: textAt(line, 'ID')?.slice(0, 40) ?? String(index + 1),
    supplierArticleId: articleId ? articleId.slice(0, 100) : null,
    description: required(textAt(item, 'Name') || textAt(item, 'Description'), `désignation, ${where} (BT-153)`),
    quantity: amount(text(quantity), `quantité, ${where} (BT-129)`),
    unitCode: (attribute(quantity, 'unitCode') ?? 'C62').slice(0, 10),
    unitPrice: basis && basis > 0 ? netPrice / basis : netPrice,
    lineTotal: amount(textAt(line, 'LineExtensionAmount'), `montant net, ${where} (BT-131)`),
    vatRate: optionalAmount(textAt(item, 'ClassifiedTaxCategory', 'Percent'), `TVA, ${where}`),
  };
}
