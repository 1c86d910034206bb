import { parentPort } from 'node:worker_threads';
import { lowerThisThreadPriority } from '../../../lib/thread-priority.ts';
import type { FileTask, FileTaskAnswer } from './file-tasks.ts';

/**
 * A worker thread that reads uploaded invoices, sales files and suppliers' price lists (./file-tasks.ts): their
 * parsing, bounded as it is, stays off the server's event loop, at nice 19
 * (src/server/lib/thread-priority.ts), lowered before the readers are even loaded.
 */
lowerThisThreadPriority();
const [{ AppError }, { readSalesTable }, { readPriceListTable }, { readInvoiceFile }, { InvoiceReadError }] =
  await Promise.all([
    import('../../../lib/errors.ts'),
    import('../sales/sales-table.ts'),
    import('../price-lists/price-list-table.ts'),
    import('./read-invoice-file.ts'),
    import('./parsed-invoice.ts'),
  ]);

parentPort!.on('message', async (task: FileTask & { id: number }) => {
  let answer: FileTaskAnswer;
  try {
    const bytes = new Uint8Array(task.bytes);
    const value =
      task.kind === 'invoice'
        ? await readInvoiceFile(bytes)
        : task.kind === 'priceList'
          ? await readPriceListTable(bytes, task.contentType)
          : await readSalesTable(bytes, task.contentType);
    answer = { ok: true, value };
  } catch (error) {
    answer =
      error instanceof InvoiceReadError || error instanceof AppError
        ? { ok: false, message: error.message }
        : { ok: false, message: null, detail: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage({ id: task.id, ...answer });
});
