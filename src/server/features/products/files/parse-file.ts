import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { MAX_IMPORT_ROWS, PRODUCT_FILE_MESSAGES as m, type FileRow } from '../../../../shared/product-file.ts';
import { AppError } from '../../../lib/errors.ts';
import { XLSX_TYPE } from '../../../lib/table-files.ts';


const refuse = (message: string) => new AppError('validation', 422, message, { file: message });

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'richText' in value) return value.richText.map((r) => r.text).join('');
  if (typeof value === 'object' && 'result' in value) return cellText(value.result as ExcelJS.CellValue);
  if (typeof value === 'object' && 'text' in value) return String(value.text);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}

async function xlsxRows(bytes: Uint8Array): Promise<FileRow[]> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  } catch {
    throw refuse(m.unreadable);
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw refuse(m.empty);
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

function csvRows(bytes: Uint8Array): FileRow[] {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes).replace(/^\uFEFF/, '');
  const parsed = Papa.parse<FileRow>(text, { header: true, skipEmptyLines: 'greedy', transformHeader: (h) => h.trim() });
  if (parsed.meta.fields === undefined || parsed.meta.fields.length === 0) throw refuse(m.unreadable);
  return parsed.data;
}

/**
 * A supplier's file as rows by header: an XLSX workbook's first sheet (exceljs) or a CSV
 * (papaparse, separator guessed: « ; » from a French Excel, « , » elsewhere).
 */
export async function readProductFile(bytes: Uint8Array, contentType: string): Promise<FileRow[]> {
  const isXlsx = contentType.startsWith(XLSX_TYPE) || (bytes[0] === 0x50 && bytes[1] === 0x4b);
  const rows = isXlsx ? await xlsxRows(bytes) : csvRows(bytes);
  const hasName = rows.length === 0 || Object.keys(rows[0]!).some((k) => k.trim().toLowerCase() === 'nom');
  if (!hasName) throw refuse(m.noHeader);
  if (rows.length === 0) throw refuse(m.empty);
  if (rows.length > MAX_IMPORT_ROWS) throw refuse(m.tooManyRows);
  return rows;
}
