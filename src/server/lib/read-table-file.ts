import type { CellValue } from 'exceljs';
import { z } from '../../shared/zod-fr.ts';
import Papa from 'papaparse';
import { MAX_IMPORT_ROWS, PRODUCT_FILE_MESSAGES as m, type FileRow } from '../../shared/product-file.ts';
import { AppError } from './errors.ts';
import { loadExcel, XLSX_TYPE } from './table-files.ts';

const refuse = (message: string) => new AppError('validation', 422, message, { file: message });

function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'richText' in value) return value.richText.map((r) => r.text).join('');
  if (typeof value === 'object' && 'result' in value) return cellText(value.result as CellValue);
  if (typeof value === 'object' && 'text' in value) return String(value.text);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}

/** What to say when a table file cannot be read or has no sheet. */
export interface TableTexts {
  unreadable: string;
  empty: string;
}
const PRODUCT_TEXTS: TableTexts = { unreadable: m.unreadable, empty: m.empty };

async function xlsxRows(bytes: Uint8Array, texts: TableTexts): Promise<FileRow[]> {
  const ExcelJS = await loadExcel();
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  } catch {
    throw refuse(texts.unreadable);
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw refuse(texts.empty);
  const headers: string[] = [];
  sheet.getRow(1).eachCell({ includeEmpty: true }, (c, col) => (headers[col - 1] = cellText(c.value).trim()));
  const rows: FileRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, index) => {
    if (index === 1) return;
    const record: FileRow = {};
    headers.forEach((header, i) => header && (record[header] = cellText(row.getCell(i + 1).value)));
    rows.push(record);
  });
  return rows;
}

function csvRows(bytes: Uint8Array, texts: TableTexts): FileRow[] {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes).replace(/^\uFEFF/, '');
  const parsed = Papa.parse<FileRow>(text, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim(),
  });
  if (parsed.meta.fields === undefined || parsed.meta.fields.length === 0) throw refuse(texts.unreadable);
  return parsed.data;
}

/**
 * A table file as rows by header: an XLSX workbook's first sheet (exceljs) or a CSV
 * (papaparse, separator guessed: « ; » from a French Excel, « , » elsewhere).
 */
export async function readTableRows(
  bytes: Uint8Array,
  contentType: string,
  texts: TableTexts = PRODUCT_TEXTS,
): Promise<FileRow[]> {
  const isXlsx = contentType.startsWith(XLSX_TYPE) || (bytes[0] === 0x50 && bytes[1] === 0x4b);
  return isXlsx ? xlsxRows(bytes, texts) : csvRows(bytes, texts);
}

/** The column a file must have and what to say when it is missing or the file empty (recipes: src/shared/recipe-file.ts). */
export interface FileExpectation {
  header: string;
  noHeader: string;
  empty: string;
}
const PRODUCT_FILE: FileExpectation = { header: 'nom', noHeader: m.noHeader, empty: m.empty };

/** A supplier's file as rows by header (readTableRows), with its expected column and bounds. */
export async function readProductFile(
  bytes: Uint8Array,
  contentType: string,
  expected: FileExpectation = PRODUCT_FILE,
): Promise<FileRow[]> {
  const rows = await readTableRows(bytes, contentType);
  const hasName = rows.length === 0 || Object.keys(rows[0]!).some((k) => k.trim().toLowerCase() === expected.header);
  if (!hasName) throw refuse(expected.noHeader);
  if (rows.length === 0) throw refuse(expected.empty);
  if (rows.length > MAX_IMPORT_ROWS) throw refuse(m.tooManyRows);
  return rows;
}

/** `?format=csv|xlsx` of the files' downloads (products and recipes). */
export const formatQuery = z.object({
  format: z.enum(['csv', 'xlsx'], { error: 'Format « csv » ou « xlsx »' }).default('csv'),
});
