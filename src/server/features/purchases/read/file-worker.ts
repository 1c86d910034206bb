import { parentPort } from 'node:worker_threads';
import { AppError } from '../../../lib/errors.ts';
import { readSalesTable } from '../sales/sales-table.ts';
import { readPriceListTable } from '../price-lists/price-list-table.ts';
import { readInvoiceFile } from './read-invoice-file.ts';
import { InvoiceReadError } from './parsed-invoice.ts';
import type { FileTask, FileTaskAnswer } from './file-tasks.ts';

/**
 * The worker thread that reads uploaded invoices, sales files and suppliers' price lists (./file-tasks.ts): their
 * parsing, bounded as it is, stays off the server's event loop.
 */
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
