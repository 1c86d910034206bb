import { Worker } from 'node:worker_threads';
import type { Context } from 'hono';
import { z } from '../../shared/zod-fr.ts';
import {
  MAX_IMPORT_CELL_CHARS,
  MAX_IMPORT_COLUMNS,
  MAX_IMPORT_ROWS,
  MAX_IMPORT_UNPACKED_BYTES,
  PRODUCT_FILE_MESSAGES as m,
  type FileRow,
} from '../../shared/product-file.ts';
import type { AppEnv } from '../context.ts';
import { AppError, RateLimitedError } from './errors.ts';
import { XLSX_TYPE } from './table-files.ts';
import { readTable, type Table, type TableBounds, type TableReadResult } from './table-file-reader.ts';

const refuse = (message: string) => new AppError('validation', 422, message, { file: message });

export const TABLE_BOUNDS: TableBounds = {
  maxRows: MAX_IMPORT_ROWS,
  maxCellChars: MAX_IMPORT_CELL_CHARS,
  maxColumns: MAX_IMPORT_COLUMNS,
  // 10,000 rows of 40 columns of 20 characters: a real price list or recipe book is far below.
  maxTextChars: 8_000_000,
  maxUnpackedBytes: MAX_IMPORT_UNPACKED_BYTES,
};

/** A worker's heap and time: past them the thread is ended and the file refused. */
const WORKER_HEAP_MB = 256;
const WORKER_TIMEOUT_MS = 20_000;
/** Files read at once by this process (2 cores: the event loop keeps one), and how many may wait. */
export const PARALLEL_READS = 2;
const WAITING_READS = 8;

/** The worker's module: compiled JavaScript in dist, TypeScript (through tsx) in tests and `npm run dev`. */
function startWorker(workerData: { bytes: Uint8Array; isXlsx: boolean; bounds: TableBounds }): Worker {
  const options = {
    workerData,
    // The request's bytes move to the thread rather than being copied.
    transferList: [workerData.bytes.buffer as ArrayBuffer],
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  };
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./table-file-worker.js', import.meta.url), options);
  const url = new URL('./table-file-worker.ts', import.meta.url).href;
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(url)}); })`;
  return new Worker(boot, { ...options, eval: true });
}

function readInWorker(bytes: Uint8Array, isXlsx: boolean): Promise<TableReadResult> {
  const worker = startWorker({ bytes, isXlsx, bounds: TABLE_BOUNDS });
  return new Promise((resolve) => {
    const timer = setTimeout(() => void worker.terminate(), WORKER_TIMEOUT_MS);
    const done = (result: TableReadResult) => {
      clearTimeout(timer);
      resolve(result);
      void worker.terminate();
    };
    worker.once('message', done);
    // Out of memory (ERR_WORKER_OUT_OF_MEMORY) or ended by the timer: the file was too heavy to read.
    worker.once('error', () => done({ problem: 'tooLarge' }));
    worker.once('exit', () => done({ problem: 'tooLarge' }));
  });
}

const readingOrganisations = new Set<string>();
let reading = 0;
const queue: (() => void)[] = [];

/**
 * One file per organisation at a time, `PARALLEL_READS` in the process, at most `WAITING_READS`
 * waiting (each holds its upload in memory), the others answered 429. Every import goes through
 * it: products and recipes here, supplier invoices and sales (src/server/features/purchases/routes.ts).
 */
export async function oneFileAtATime<T>(organisationId: string, work: () => Promise<T>): Promise<T> {
  if (readingOrganisations.has(organisationId)) throw new RateLimitedError(m.busy, 5);
  if (reading >= PARALLEL_READS && queue.length >= WAITING_READS) throw new RateLimitedError(m.serverBusy, 60);
  readingOrganisations.add(organisationId);
  try {
    if (reading >= PARALLEL_READS) await new Promise<void>((resolve) => queue.push(resolve));
    reading += 1;
    try {
      return await work();
    } finally {
      reading -= 1;
      queue.shift()?.();
    }
  } finally {
    readingOrganisations.delete(organisationId);
  }
}

/** The column a file must have and what to say when it is missing or the file empty (recipes: src/shared/recipe-file.ts). */
export interface FileExpectation {
  header: string;
  noHeader: string;
  empty: string;
}
const PRODUCT_FILE: FileExpectation = { header: 'nom', noHeader: m.noHeader, empty: m.empty };

/**
 * The request's file as rows by header: an XLSX workbook's first sheet or a CSV (separator
 * guessed: « ; » from a French Excel, « , » elsewhere), read in a worker thread within
 * TABLE_BOUNDS (src/server/lib/table-file-reader.ts, docs/decisions/0034).
 */
export async function readTableFile(c: Context<AppEnv>, expected: FileExpectation = PRODUCT_FILE): Promise<FileRow[]> {
  // Its own ArrayBuffer (never a slice of a shared pool): it is handed over to the worker.
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  const contentType = c.req.header('content-type') ?? '';
  const isXlsx = contentType.startsWith(XLSX_TYPE) || (bytes[0] === 0x50 && bytes[1] === 0x4b);
  const result = await oneFileAtATime(c.var.org.id, () => readInWorker(bytes, isXlsx));
  if ('problem' in result)
    throw refusal(result, { unreadable: m.unreadable, empty: m.empty, tooManyRows: m.tooManyRows });
  if (!result.headers.some((h) => h.toLowerCase() === expected.header)) throw refuse(expected.noHeader);
  if (result.rows.length === 0) throw refuse(expected.empty);
  return result.rows;
}

/** What to say when a table read in a thread of its own (the purchases' worker) is refused. */
export interface TableTexts {
  unreadable: string;
  empty: string;
  tooManyRows: string;
}
const refusal = (result: Exclude<TableReadResult, Table>, texts: TableTexts) => {
  const { problem } = result;
  if (problem === 'cellTooLong') return refuse(m.cellTooLong(result.line));
  if (problem === 'cellOutsideColumns') return refuse(m.cellOutsideColumns(result.line));
  return refuse(problem === 'unreadable' || problem === 'tooManyRows' ? texts[problem] : m[problem]);
};

/**
 * A table file as rows by header, read here and now within `bounds` (src/server/lib/table-file-reader.ts):
 * for a caller that already runs in a worker thread (sales, src/server/features/purchases/read/file-worker.ts).
 */
export async function readTableRows(
  bytes: Uint8Array,
  contentType: string,
  texts: TableTexts,
  bounds: TableBounds,
): Promise<FileRow[]> {
  const isXlsx = contentType.startsWith(XLSX_TYPE) || (bytes[0] === 0x50 && bytes[1] === 0x4b);
  const result = await readTable(bytes, isXlsx, bounds);
  if ('problem' in result) throw refusal(result, texts);
  if (result.rows.length === 0) throw refuse(texts.empty);
  return result.rows;
}

/** `?format=csv|xlsx` of the files' downloads (products and recipes). */
export const formatQuery = z.object({
  format: z.enum(['csv', 'xlsx'], { error: 'Format « csv » ou « xlsx »' }).default('csv'),
});
