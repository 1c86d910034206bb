import { describe, expect, it } from 'vitest';
import { TABLE_BOUNDS } from './read-table-file.ts';
import { readTable } from './table-file-reader.ts';
import { bombXlsx, hugeCellXlsx, millionRowsCsv, millionRowsXlsx, workbook } from '../test/hostile-tables.ts';

const csv = (text: string) => new Uint8Array(Buffer.from(text));

describe('table file reader (bounds of docs/decisions/0034)', () => {
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
    expect(await readTable(await hugeCellXlsx(100), true, TABLE_BOUNDS)).toEqual({ problem: 'cellTooLong' });
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
  });
});
