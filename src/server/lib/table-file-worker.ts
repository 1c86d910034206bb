import { parentPort, workerData } from 'node:worker_threads';
import { lowerThisThreadPriority } from './thread-priority.ts';
import type { TableBounds } from './table-file-reader.ts';

/**
 * One file read in a worker thread (src/server/lib/read-table-file.ts starts it): the server's
 * event loop never parses a table, and the thread's heap is capped, so a file that gets past
 * every bound of src/server/lib/table-file-reader.ts still ends as a refused file. The thread
 * runs at nice 19 (./thread-priority.ts).
 */
lowerThisThreadPriority();
// The reader is loaded once the priority is low: its loading is work too.
const { readTable } = await import('./table-file-reader.ts');
const { bytes, isXlsx, bounds } = workerData as { bytes: Uint8Array; isXlsx: boolean; bounds: TableBounds };
parentPort!.postMessage(await readTable(bytes, isXlsx, bounds));
