import Papa from 'papaparse';

/**
 * Rows of an RFC 4180 CSV (comma separator, double quotes, CRLF or LF, a leading byte-order
 * mark ignored) as objects keyed by the header row; blank lines are skipped. The Ciqual files
 * (data/ciqual) are read with it; the import and export of tables use the same library
 * (src/server/lib/table-files.ts).
 */
export function parseCsvRecords(text: string): Record<string, string>[] {
  return Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: 'greedy' }).data;
}
