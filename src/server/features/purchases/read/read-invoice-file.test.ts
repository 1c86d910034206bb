import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { purchaseMessages as m } from '../../../../shared/api/purchase-messages.ts';
import { ciiXml, facturXPdf, GUIDELINES, pdfBomb, ublXml, type TestInvoice } from '../../../test/invoices.ts';
import { readInvoiceFile } from './read-invoice-file.ts';

const sample = (name: string) => new Uint8Array(readFileSync(new URL(`./samples/${name}`, import.meta.url)));
const bytes = (text: string) => new TextEncoder().encode(text);

/** A grocer's invoice with several units and VAT rates (KGM, LTR, H87, a « colis de 6 × 1 L », 5,5 % and 20 %). */
const grocer: TestInvoice = {
  number: 'F-2026-0042',
  lines: [
    { articleId: 'CAR-01', description: 'Carottes des sables', quantity: 12.5, unitCode: 'KGM', unitPrice: 1.4 },
    { articleId: 'CRE-35', description: 'Crème fraîche 35 %', quantity: 3, unitCode: 'LTR', unitPrice: 4.2 },
    { articleId: 'LAI-6', description: 'Lait entier colis de 6 × 1 L', quantity: 2, unitCode: 'XCS', unitPrice: 6.6 },
    { articleId: 'OEU-30', description: 'Œufs plein air', quantity: 30, unitCode: 'H87', unitPrice: 0.28 },
    { articleId: 'TAB-1', description: 'Tablier de cuisine', quantity: 1, unitCode: 'C62', unitPrice: 12, vatRate: 20 },
  ],
};

describe('EN 16931 samples from outside NutriCarte (src/server/features/purchases/read/samples/README.md)', () => {
  it('CII_example1.xml (ConnectingEurope/eInvoicing-EN16931): 20 lines, BT-106 229,60 €, article ids and H87', async () => {
    const invoice = await readInvoiceFile(sample('CII_example1.xml'));
    expect(invoice).toMatchObject({
      format: 'cii',
      profile: 'EN 16931',
      kind: 'invoice',
      number: '12115118',
      date: '2015-01-09',
      currency: 'EUR',
      supplier: { name: 'De Koksmaat', siret: null, vatId: 'NL8200.98.395.B.01' },
      linesTotal: 229.6,
      totalValue: 229.6,
      totalWithVat: 250.33,
      linesIncluded: true,
    });
    expect(invoice.lines).toHaveLength(20);
    expect(invoice.lines[0]).toEqual({
      lineId: '1',
      supplierArticleId: '166022',
      description: 'PATAT FRITES 10MM 10KG',
      quantity: 2,
      unitCode: 'H87',
      unitPrice: 9.95,
      lineTotal: 19.9,
      vatRate: 6,
    });
  });

  it('ubl-tc434-example1.xml: the same invoice in UBL reads to the same lines (units EA)', async () => {
    const cii = await readInvoiceFile(sample('CII_example1.xml'));
    const ubl = await readInvoiceFile(sample('ubl-tc434-example1.xml'));
    expect(ubl.format).toBe('ubl');
    expect(ubl.totalValue).toBe(cii.totalValue);
    expect(ubl.lines.map((l) => [l.supplierArticleId, l.quantity, l.unitPrice, l.lineTotal])).toEqual(
      cii.lines.map((l) => [l.supplierArticleId, l.quantity, l.unitPrice, l.lineTotal]),
    );
    expect(new Set(ubl.lines.map((l) => l.unitCode))).toEqual(new Set(['EA']));
  });

  it('ubl-tc434-creditnote1.xml: a CreditNote (381) is read as a credit note', async () => {
    const note = await readInvoiceFile(sample('ubl-tc434-creditnote1.xml'));
    expect(note).toMatchObject({ kind: 'credit_note', typeCode: '381', number: '018304 / 28865', totalValue: 100.11 });
    expect(note.lines).toHaveLength(1);
  });

  it('ubl-tc434-example2.xml: an invoice in Norwegian kroner is refused in French, whole', async () => {
    await expect(readInvoiceFile(sample('ubl-tc434-example2.xml'))).rejects.toThrow(m.currency('NOK'));
  });

  it('EN16931_Einfach.pdf (ZUGFeRD/mustangproject): the factur-x.xml of a real PDF/A-3', async () => {
    const invoice = await readInvoiceFile(sample('EN16931_Einfach.pdf'));
    expect(invoice).toMatchObject({ format: 'factur-x', profile: 'EN 16931', number: '471102', totalValue: 473 });
    expect(invoice.lines.map((l) => l.description)).toEqual(['Trennblätter A4', 'Joghurt Banane']);
  });

  it('Facture_F20180027.pdf: a French Factur-X with its SIRET; BT-106 (95 €) differs from BT-109 (100 €, a charge)', async () => {
    const invoice = await readInvoiceFile(sample('Facture_F20180027.pdf'));
    expect(invoice).toMatchObject({
      number: 'F20180027',
      supplier: { name: 'LE FOURNISSEUR', siret: '12345678900014', vatId: 'FR32123456789' },
      linesTotal: 95,
      totalValue: 100,
    });
    expect(invoice.lines).toHaveLength(3);
  });

  it('validAvoir_FR_type380_BASICWL.pdf: profile BASIC WL carries no lines, only its total', async () => {
    const invoice = await readInvoiceFile(sample('validAvoir_FR_type380_BASICWL.pdf'));
    expect(invoice).toMatchObject({
      profile: 'BASIC WL',
      linesIncluded: false,
      lines: [],
      totalValue: -218.48,
      supplier: { name: 'Au bon moulin', siret: '99999999800010' },
    });
  });
});

describe('invoices made by the tests', () => {
  it('reads a CII with several units and VAT rates', async () => {
    const invoice = await readInvoiceFile(bytes(ciiXml(grocer)));
    expect(invoice.supplier).toEqual({ name: 'Primeurs du Marché', siret: '12345678900014', vatId: null });
    expect(invoice.lines.map((l) => [l.unitCode, l.quantity, l.unitPrice, l.lineTotal, l.vatRate])).toEqual([
      ['KGM', 12.5, 1.4, 17.5, 5.5],
      ['LTR', 3, 4.2, 12.6, 5.5],
      ['XCS', 2, 6.6, 13.2, 5.5],
      ['H87', 30, 0.28, 8.4, 5.5],
      ['C62', 1, 12, 12, 20],
    ]);
    expect(invoice.linesTotal).toBe(63.7);
  });

  it('reads the same invoice as UBL, and the same again inside a Factur-X PDF made with pdf-lib', async () => {
    const cii = await readInvoiceFile(bytes(ciiXml(grocer)));
    const ubl = await readInvoiceFile(bytes(ublXml(grocer)));
    const pdf = await readInvoiceFile(await facturXPdf(ciiXml(grocer)));
    expect(pdf.format).toBe('factur-x');
    for (const other of [ubl, pdf]) {
      expect(other.lines.map(({ lineId: _, ...l }) => l)).toEqual(cii.lines.map(({ lineId: _, ...l }) => l));
      expect(other.totalValue).toBe(cii.totalValue);
    }
  });

  it('a ZUGFeRD attachment name is read too; a PDF without an invoice says what to ask for', async () => {
    expect((await readInvoiceFile(await facturXPdf(ciiXml(grocer), 'zugferd-invoice.xml'))).number).toBe('F-2026-0042');
    await expect(readInvoiceFile(await facturXPdf(ciiXml(grocer), 'notes.xml'))).rejects.toThrow(m.pdfNoInvoice);
  });

  it('reads a credit note (TypeCode 381) in CII and UBL', async () => {
    const note = { ...grocer, number: 'AV-7', typeCode: '381' };
    expect((await readInvoiceFile(bytes(ciiXml(note)))).kind).toBe('credit_note');
    expect((await readInvoiceFile(bytes(ublXml(note)))).kind).toBe('credit_note');
  });

  it('MINIMUM and BASIC WL carry their total only', async () => {
    for (const guideline of [GUIDELINES.minimum, GUIDELINES.basicWl]) {
      const invoice = await readInvoiceFile(await facturXPdf(ciiXml({ ...grocer, guideline })));
      expect(invoice).toMatchObject({ linesIncluded: false, lines: [], totalValue: 63.7 });
    }
    expect((await readInvoiceFile(bytes(ciiXml({ ...grocer, guideline: GUIDELINES.basic })))).profile).toBe('BASIC');
  });

  it('refuses a prepayment invoice (386) in French', async () => {
    await expect(readInvoiceFile(bytes(ciiXml({ ...grocer, typeCode: '386' })))).rejects.toThrow(m.typeCode('386'));
  });
});

describe('hostile invoices', () => {
  it('refuses XXE (an external entity reading /etc/passwd) before any parsing', async () => {
    const xxe = ciiXml(grocer).replace(
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
    );
    await expect(readInvoiceFile(bytes(xxe.replace('F-2026-0042', '&xxe;')))).rejects.toThrow(m.doctype);
  });

  it('refuses « billion laughs » entities', async () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from(
      { length: 9 },
      (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`,
    ).join('')}]><Invoice>&lol9;</Invoice>`;
    await expect(readInvoiceFile(bytes(laughs))).rejects.toThrow(m.doctype);
  });

  it('refuses an invoice of 10,000 lines', async () => {
    const lines = Array.from({ length: 10_000 }, (_, i) => ({
      description: `Article ${i}`,
      quantity: 1,
      unitCode: 'C62',
      unitPrice: 1,
    }));
    await expect(readInvoiceFile(bytes(ciiXml({ number: 'X', lines })))).rejects.toThrow(m.tooManyLines);
  });

  it('refuses a wrong total: lines that do not add up to BT-106', async () => {
    await expect(readInvoiceFile(bytes(ciiXml({ ...grocer, linesTotal: 70 })))).rejects.toThrow(m.wrongTotal(63.7, 70));
    await expect(readInvoiceFile(bytes(ublXml({ ...grocer, linesTotal: 60 })))).rejects.toThrow(m.wrongTotal(63.7, 60));
  });

  it('refuses a PDF bomb (a stream inflating to 100 MB) before pdf-lib reads it', async () => {
    const bomb = await pdfBomb(100);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expect(readInvoiceFile(bomb)).rejects.toThrow(m.pdfBomb);
  });

  it('refuses damaged and foreign files in French', async () => {
    await expect(readInvoiceFile(new Uint8Array())).rejects.toThrow(m.empty);
    await expect(readInvoiceFile(bytes('%PDF-1.7\ngarbage'))).rejects.toThrow(m.pdfUnreadable);
    await expect(readInvoiceFile(bytes('<a><b></a>'))).rejects.toThrow(m.notXml);
    await expect(readInvoiceFile(bytes('<Order><ID>1</ID></Order>'))).rejects.toThrow(m.unknownXml);
    await expect(readInvoiceFile(new Uint8Array([0xff, 0xfe, 0x00, 0x3c]))).rejects.toThrow(m.unreadable);
    await expect(readInvoiceFile(bytes(ciiXml({ ...grocer, date: '2026-02-30' })))).rejects.toThrow(m.badDate);
    const noPrice = ciiXml(grocer).replace(
      '<ram:ChargeAmount>1.4</ram:ChargeAmount>',
      '<ram:ChargeAmount>1,4</ram:ChargeAmount>',
    );
    await expect(readInvoiceFile(bytes(noPrice))).rejects.toThrow(/Montant ou quantité illisible.*ligne 1/);
  });
});
