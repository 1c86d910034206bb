import { inflateRawSync } from 'node:zlib';
import Papa from 'papaparse';

/**
 * Reads a CSV or XLSX file as rows of text by header, within bounds a hostile file cannot
 * stretch (docs/decisions/0034-versions-and-hostile-files.md « Imports »). It runs in a worker
 * thread (src/server/lib/table-file-worker.ts) and stops at the first bound reached:
 * - `maxRows` rows after the headers (one more is read to know the file is too long);
 * - `maxCellChars` characters in one cell, `maxColumns` columns, `maxTextChars` characters in all;
 * - `maxUnpackedBytes` bytes inflated from an XLSX's zip, counted as they come out of zlib
 *   (the sizes a zip declares can lie): zlib stops at the bytes left, so a zip bomb stops at the bound.
 * An XLSX is read from its zip's central directory: the first sheet of xl/workbook.xml and
 * xl/sharedStrings.xml, inflated within the bytes left and read 64 KB at a time, rows taken as their XML closes. ExcelJS's
 * streaming reader was not used: it copies a sheet met before the shared strings (Excel's own
 * order) to a temporary file whatever its size, and trusts the local headers.
 */
export interface TableBounds {
  maxRows: number;
  maxCellChars: number;
  maxColumns: number;
  maxTextChars: number;
  maxUnpackedBytes: number;
}

export type TableProblem =
  'unreadable' | 'tooManyRows' | 'cellTooLong' | 'cellOutsideColumns' | 'tooManyColumns' | 'tooLarge';

/** A bound reached or a file that is not a table: the caller says it in French. */
class TableFileProblem extends Error {
  constructor(
    readonly problem: TableProblem,
    readonly line?: number,
  ) {
    super(problem);
  }
}

export type FileRow = Record<string, string>;

/** Counts what a file holds against its bounds as cells are read. */
class Budget {
  text = 0;
  constructor(readonly bounds: TableBounds) {}
  cell(value: string, line: number): string {
    if (value.length > this.bounds.maxCellChars) throw new TableFileProblem('cellTooLong', line);
    this.text += value.length;
    if (this.text > this.bounds.maxTextChars) throw new TableFileProblem('tooLarge');
    // A raw NUL in a sheet's XML is no XML, and PostgreSQL stores none.
    return value.includes('\u0000') ? value.replaceAll('\u0000', '') : value;
  }
}

/** Rows by header: headers from the first row; a row of empty cells is skipped. */
class RowCollector {
  readonly rows: FileRow[] = [];
  headers: string[] | null = null;
  constructor(readonly budget: Budget) {}
  /** Takes one row's cells (index → text); throws once a bound is passed. */
  add(cells: readonly (string | undefined)[], line: number): void {
    if (cells.length > this.budget.bounds.maxColumns) throw new TableFileProblem('tooManyColumns');
    if (this.headers === null) {
      this.headers = Array.from(cells, (c) => this.budget.cell(c ?? '', line).trim());
      return;
    }
    if (!cells.some((c) => c !== undefined && c.trim() !== '')) return;
    if (this.rows.length >= this.budget.bounds.maxRows) throw new TableFileProblem('tooManyRows');
    // A value past the last column of the header row would be dropped without a word (« 1,50 »
    // read as 1 in a comma-separated file): the file is refused, naming the line.
    const headers = this.headers;
    if (cells.some((c, i) => i >= headers.length && c !== undefined && c.trim() !== ''))
      throw new TableFileProblem('cellOutsideColumns', line);
    const record: FileRow = {};
    headers.forEach((header, i) => header && (record[header] = this.budget.cell(cells[i] ?? '', line)));
    this.rows.push(record);
  }
}

export interface Table {
  headers: string[];
  rows: FileRow[];
}

/**
 * A CSV's text: UTF-16 when it starts with its byte-order mark (Excel's « Texte Unicode »),
 * UTF-8 when every byte sequence is valid UTF-8, else Windows-1252 (what a French Excel writes
 * for « CSV (séparateur : point-virgule) »), so « Crème brûlée » never comes back as « Cr�me ».
 */
function csvText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return windows1252(bytes);
  }
}

/** 0x80–0x9F of Windows-1252 (WHATWG Encoding, index-windows-1252); Node's decoder gives them as C1 controls. */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';
function windows1252(bytes: Uint8Array): string {
  let text = '';
  for (let at = 0; at < bytes.length; at += 8192) {
    const codes = Array.from(bytes.subarray(at, at + 8192), (b) =>
      b >= 0x80 && b <= 0x9f ? CP1252_HIGH.charCodeAt(b - 0x80) : b,
    );
    text += String.fromCharCode(...codes);
  }
  return text;
}

function readCsv(bytes: Uint8Array, bounds: TableBounds): Table {
  const text = csvText(bytes);
  // A NUL is no text: UTF-16 without its mark, a binary file sent as a CSV (and PostgreSQL stores no NUL).
  if (text.includes('\u0000')) throw new TableFileProblem('unreadable');
  const collector = new RowCollector(new Budget(bounds));
  let line = 0;
  let problem: unknown = null;
  Papa.parse<string[]>(text, {
    skipEmptyLines: 'greedy',
    // In chunks: given the whole text at once, papaparse guesses the separator over all of it
    // (2 s for a CSV of 1,000,000 short rows) before the first row.
    chunkSize: 64 * 1024,
    step: (result, parser) => {
      line += 1;
      try {
        collector.add(result.data, line);
      } catch (error) {
        problem = error;
        parser.abort();
      }
    },
  });
  if (problem) throw problem;
  if (collector.headers === null || collector.headers.every((h) => h === '')) throw new TableFileProblem('unreadable');
  return { headers: collector.headers, rows: collector.rows };
}

// ---- XLSX -----------------------------------------------------------------------------

interface ZipEntry {
  method: number;
  compressedSize: number;
  dataStart: number;
}

/** The zip's central directory (APPNOTE.TXT § 4.3.12 and § 4.3.16): name → where its data is. */
function zipEntries(bytes: Uint8Array): Map<string, ZipEntry> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--)
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  if (end < 0) throw new TableFileProblem('unreadable');
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const entries = new Map<string, ZipEntry>();
  const decoder = new TextDecoder();
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) throw new TableFileProblem('unreadable');
    const method = view.getUint16(at + 10, true);
    const compressedSize = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    if (local + 30 > bytes.length || view.getUint32(local, true) !== 0x04034b50)
      throw new TableFileProblem('unreadable');
    const dataStart = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (dataStart + compressedSize > bytes.length) throw new TableFileProblem('unreadable');
    entries.set(name.replace(/^\//, ''), { method, compressedSize, dataStart });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * One entry as text, inflated chunk by chunk and counted against the file's unpacked budget
 * as it comes out of zlib: reading stops at the bound, or as soon as the rows are enough.
 */
async function* entryText(bytes: Uint8Array, entry: ZipEntry, unpacked: { left: number }): AsyncGenerator<string> {
  const data = bytes.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  const decoder = new TextDecoder('utf-8', { fatal: false });
  if (entry.method === 0) {
    unpacked.left -= data.length;
    if (unpacked.left < 0) throw new TableFileProblem('tooLarge');
    yield decoder.decode(data);
    return;
  }
  if (entry.method !== 8) throw new TableFileProblem('unreadable');
  // Inflated here, in the worker's own thread (zlib's streams would run on libuv's pool, at the
  // event loop's priority), and never past the bytes left: zlib stops at `maxOutputLength`.
  let inflated: Buffer;
  try {
    inflated = inflateRawSync(data, { maxOutputLength: Math.max(1, unpacked.left) });
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new TableFileProblem(code === 'ERR_BUFFER_TOO_LARGE' ? 'tooLarge' : 'unreadable');
  }
  unpacked.left -= inflated.length;
  for (let at = 0; at < inflated.length; at += 64 * 1024)
    yield decoder.decode(inflated.subarray(at, at + 64 * 1024), { stream: true });
}

/** Each complete `<tag …>…</tag>` (or `<tag …/>`) element as it closes, never one longer than `maxChars`. */
async function* elements(text: AsyncIterable<string>, tag: string, maxChars: number): AsyncGenerator<string> {
  const close = `</${tag}>`;
  const open = new RegExp(`<${tag}[\\s>/]`, 'g');
  let pending = '';
  for await (const chunk of text) {
    pending += chunk;
    let at = 0;
    for (;;) {
      open.lastIndex = at;
      const start = open.exec(pending);
      if (!start) {
        at = Math.max(at, pending.length - tag.length - 2);
        break;
      }
      at = start.index;
      const head = pending.indexOf('>', start.index);
      if (head < 0) break;
      const selfClosing = pending[head - 1] === '/';
      const stop = selfClosing ? head + 1 : pending.indexOf(close, head);
      if (stop < 0) break;
      const end = selfClosing ? stop : stop + close.length;
      yield pending.slice(start.index, end);
      at = end;
    }
    pending = pending.slice(at);
    if (pending.length > maxChars) throw new TableFileProblem('cellTooLong');
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    // &#0; is no XML 1.0 character (and PostgreSQL stores no NUL): dropped like an out-of-range one.
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });

/** The visible text of `<si>` or `<is>`: its `<t>` runs, phonetic runs (`<rPh>`) left out. */
const stringItemText = (xml: string) =>
  [...xml.replace(/<rPh[\s>][\s\S]*?<\/rPh>/g, '').matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)]
    .map((m) => unescapeXml(m[1]!))
    .join('');

/** « AB12 » → 27 (zero-based column). */
function columnOf(reference: string | undefined, fallback: number): number {
  const letters = reference?.match(/^[A-Z]+/)?.[0];
  if (!letters) return fallback;
  let column = 0;
  for (const letter of letters) column = column * 26 + letter.charCodeAt(0) - 64;
  return column - 1;
}

const attribute = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];

async function wholeEntry(bytes: Uint8Array, entry: ZipEntry | undefined, unpacked: { left: number }) {
  let text = '';
  if (entry) for await (const chunk of entryText(bytes, entry, unpacked)) text += chunk;
  return text;
}

/** The first sheet's part name, from xl/workbook.xml and its relationships. */
async function firstSheetPath(
  bytes: Uint8Array,
  entries: Map<string, ZipEntry>,
  workbook: string,
  unpacked: { left: number },
) {
  const sheet = workbook.match(/<sheet\s[^>]*>/)?.[0];
  const id = sheet && (attribute(sheet, 'r:id') ?? attribute(sheet, '[a-zA-Z0-9]+:id'));
  const rels = await wholeEntry(bytes, entries.get('xl/_rels/workbook.xml.rels'), unpacked);
  for (const rel of rels.match(/<Relationship\s[^>]*>/g) ?? [])
    if (id && attribute(rel, 'Id') === id) {
      const target = attribute(rel, 'Target') ?? '';
      return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
    }
  return 'xl/worksheets/sheet1.xml';
}

/** A number format that shows a date: d, m or y outside quoted text, brackets and escapes. */
const isDateFormat = (code: string) => /[dmy]/i.test(code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, ''));

/**
 * The cell styles (`s`, an index into `<cellXfs>` of xl/styles.xml) that show a number as a
 * date: built-in formats 14–22 and 45–47 (ECMA-376 Part 1 § 18.8.30) or a custom date format.
 * ExcelJS, which read these files before, gave such cells as dates; a till's export has them.
 */
async function dateStyles(bytes: Uint8Array, entries: Map<string, ZipEntry>, unpacked: { left: number }) {
  const styles = await wholeEntry(bytes, entries.get('xl/styles.xml'), unpacked);
  const custom = new Map<number, string>();
  for (const format of styles.match(/<numFmt\s[^>]*>/g) ?? [])
    custom.set(Number(attribute(format, 'numFmtId')), unescapeXml(attribute(format, 'formatCode') ?? ''));
  const xfs = styles.match(/<cellXfs[\s>][\s\S]*?<\/cellXfs>/)?.[0] ?? '';
  const dates = new Set<number>();
  (xfs.match(/<xf[\s/>][^>]*>/g) ?? []).forEach((xf, index) => {
    const id = Number(attribute(xf, 'numFmtId') ?? 0);
    const code = custom.get(id);
    if (code === undefined ? (id >= 14 && id <= 22) || (id >= 45 && id <= 47) : isDateFormat(code)) dates.add(index);
  });
  return dates;
}

/** A serial day number as « AAAA-MM-JJ » (the 1900 system counts from 1899-12-30 past 1900-03-01, the 1904 one from 1904-01-01). */
function serialDate(value: string, from1904: boolean): string {
  const days = Number(value);
  if (!Number.isFinite(days) || days < 0 || days > 2_958_465) return value;
  const epoch = from1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30);
  return new Date(epoch + Math.floor(days) * 86_400_000).toISOString().slice(0, 10);
}

async function readXlsx(bytes: Uint8Array, bounds: TableBounds): Promise<Table> {
  const entries = zipEntries(bytes);
  const unpacked = { left: bounds.maxUnpackedBytes };
  const budget = new Budget(bounds);
  // An element may hold a cell's text escaped (&amp; is 5 characters for 1) and its markup.
  const maxElement = bounds.maxCellChars * 6 + 4096;
  const shared: string[] = [];
  let sharedChars = 0;
  const sharedEntry = entries.get('xl/sharedStrings.xml');
  if (sharedEntry)
    for await (const item of elements(entryText(bytes, sharedEntry, unpacked), 'si', maxElement)) {
      const text = stringItemText(item);
      if (text.length > bounds.maxCellChars) throw new TableFileProblem('cellTooLong');
      sharedChars += text.length;
      if (sharedChars > bounds.maxTextChars) throw new TableFileProblem('tooLarge');
      shared.push(text);
    }
  const workbook = await wholeEntry(bytes, entries.get('xl/workbook.xml'), unpacked);
  const from1904 = /<workbookPr\s[^>]*date1904="(?:1|true)"/.test(workbook);
  const dates = await dateStyles(bytes, entries, unpacked);
  const sheet = entries.get(await firstSheetPath(bytes, entries, workbook, unpacked));
  if (!sheet) throw new TableFileProblem('unreadable');
  const collector = new RowCollector(budget);
  const maxRowChars = maxElement * 4 + bounds.maxColumns * 64;
  let line = 0;
  for await (const row of elements(entryText(bytes, sheet, unpacked), 'row', maxRowChars)) {
    line = Number(attribute(row.slice(0, row.indexOf('>')), 'r')) || line + 1;
    const cells: (string | undefined)[] = [];
    let position = 0;
    for (const cell of row.matchAll(/<c(\s[^>]*?)?(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const head = cell[1] ?? '';
      const column = columnOf(attribute(head, 'r'), position);
      position = column + 1;
      if (column >= bounds.maxColumns) throw new TableFileProblem('tooManyColumns');
      const body = cell[2] ?? '';
      const type = attribute(head, 't');
      const value = body.match(/<v>([\s\S]*?)<\/v>/)?.[1];
      let text: string;
      if (type === 'inlineStr') text = stringItemText(body.match(/<is>([\s\S]*?)<\/is>/)?.[1] ?? '');
      else if (value === undefined) continue;
      else if (type === 's') text = shared[Number(value)] ?? '';
      else if (type === 'b') text = value === '1' ? 'true' : 'false';
      else if (type === undefined || type === 'n')
        text = dates.has(Number(attribute(head, 's') ?? 0)) ? serialDate(value, from1904) : unescapeXml(value);
      else text = unescapeXml(value);
      cells[column] = text;
    }
    collector.add(cells, line);
  }
  return { headers: collector.headers ?? [], rows: collector.rows };
}

/** What the worker answers: the rows, or the bound a file reached. */
export type TableReadResult = Table | { problem: TableProblem; line?: number };

export async function readTable(bytes: Uint8Array, isXlsx: boolean, bounds: TableBounds): Promise<TableReadResult> {
  try {
    return isXlsx ? await readXlsx(bytes, bounds) : readCsv(bytes, bounds);
  } catch (error) {
    if (error instanceof TableFileProblem)
      return { problem: error.problem, ...(error.line ? { line: error.line } : {}) };
    return { problem: 'unreadable' };
  }
}
