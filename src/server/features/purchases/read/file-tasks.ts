import { Worker } from 'node:worker_threads';
import { PARALLEL_READS } from '../../../lib/read-table-file.ts';
import { WorkerPool } from '../../../lib/worker-pool.ts';
import type { ParsedInvoice } from './parsed-invoice.ts';
import type { SalesTable } from '../sales/sales-table.ts';
import type { PriceListTable } from '../price-lists/price-list-table.ts';

export type FileTask =
  | { kind: 'invoice'; bytes: ArrayBuffer; contentType: string }
  | { kind: 'sales' | 'priceList'; bytes: ArrayBuffer; contentType: string };
export type FileTaskAnswer =
  | { ok: true; value: ParsedInvoice | SalesTable | PriceListTable }
  | { ok: false; message: string | null; detail?: string };

/** A file that takes longer than this to read is refused (and its worker replaced). */
const TASK_TIMEOUT_MS = 20_000;
/** An idle worker is ended after this, so a quiet server holds no thread. */
const IDLE_MS = 60_000;

/** A reading thread: heap ceiling; from the sources the .ts file through tsx, built the .js. */
function startFileWorker(): Worker {
  const fromSources = import.meta.url.endsWith('.ts');
  const entry = new URL(`./file-worker.${fromSources ? 'ts' : 'js'}`, import.meta.url);
  const limits = {
    resourceLimits: { maxOldGenerationSizeMb: 384, maxYoungGenerationSizeMb: 64 },
    stdout: false,
    stderr: false,
  };
  // From the sources the worker's TypeScript goes through tsx's loader, registered in the thread first.
  const worker = fromSources
    ? new Worker(
        `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); });`,
        { eval: true, ...limits },
      )
    : new Worker(entry, limits);
  worker.unref();
  return worker;
}

/**
 * Invoices and sales files are read by `PARALLEL_READS` long-lived worker threads at nice 19
 * (docs/decisions/0037-supplier-invoices.md « Off the event loop »,
 * docs/decisions/0044-fair-file-reading-and-generated-cache-triggers.md): the same number as
 * the files oneFileAtATime (src/server/lib/read-table-file.ts) lets the process read at once, so
 * a slow file of one organisation never holds another's behind it. A heap ceiling and a time
 * limit bound what a hostile file can take; a worker that dies or overruns is replaced.
 */
export const fileWorker = new WorkerPool<FileTask, FileTaskAnswer>({
  size: PARALLEL_READS,
  start: startFileWorker,
  timeoutMs: TASK_TIMEOUT_MS,
  idleMs: IDLE_MS,
  failure: (detail) => ({ ok: false, message: null, detail }),
  transfer: (task) => [task.bytes],
});

/** The bytes of an upload as a buffer of their own, transferable to the worker. */
export const ownBuffer = (bytes: Uint8Array): ArrayBuffer =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
