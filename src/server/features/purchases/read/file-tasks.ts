import { Worker } from 'node:worker_threads';
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

/**
 * One worker thread, started on the first file and kept while files come, reads them one at a
 * time (docs/decisions/0037-supplier-invoices.md « Off the event loop »): a heap ceiling and a
 * time limit bound what a hostile file can take; a worker that dies is replaced for the next.
 * From the sources (tests, `npm run dev`) the worker is the .ts file run through tsx; built, the .js.
 */
class FileWorker {
  private worker: Worker | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private nextId = 1;
  private idle: NodeJS.Timeout | null = null;

  private start(): Worker {
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

  run(task: FileTask): Promise<FileTaskAnswer> {
    const next = this.queue.then(() => this.runNow(task));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private runNow(task: FileTask): Promise<FileTaskAnswer> {
    if (this.idle) clearTimeout(this.idle);
    const worker = (this.worker ??= this.start());
    const id = this.nextId++;
    return new Promise<FileTaskAnswer>((resolve) => {
      const done = (answer: FileTaskAnswer, broken: boolean) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (broken) {
          if (this.worker === worker) this.worker = null;
          void worker.terminate();
        } else {
          this.idle = setTimeout(() => this.stop(), IDLE_MS);
          this.idle.unref();
        }
        resolve(answer);
      };
      const onMessage = (answer: FileTaskAnswer & { id: number }) => {
        if (answer.id === id) done(answer, false);
      };
      const onError = (error: Error) => done({ ok: false, message: null, detail: error.message }, true);
      const onExit = (code: number) => done({ ok: false, message: null, detail: `worker exited (${code})` }, true);
      const timer = setTimeout(() => done({ ok: false, message: null, detail: 'timeout' }, true), TASK_TIMEOUT_MS);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage({ ...task, id }, [task.bytes]);
    });
  }

  stop(): void {
    const worker = this.worker;
    this.worker = null;
    if (worker) void worker.terminate();
  }
}

export const fileWorker = new FileWorker();

/** The bytes of an upload as a buffer of their own, transferable to the worker. */
export const ownBuffer = (bytes: Uint8Array): ArrayBuffer =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
