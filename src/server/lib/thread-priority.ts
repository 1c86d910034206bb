import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Called first in a file-reading worker thread (src/server/lib/table-file-worker.ts,
 * src/server/features/purchases/read/file-worker.ts): on Linux the thread lowers its own
 * priority to nice 19, found by its thread id (/proc/thread-self → `<pid>/task/<tid>`), so on
 * a busy host the event loop answering health checks and diners goes first. Only this thread
 * changes: the process and its other threads keep theirs. Elsewhere (no /proc) nothing changes.
 * Returns the thread id it lowered, or null.
 */
export function lowerThisThreadPriority(): number | null {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return null;
    setPriority(tid, 19);
    return tid;
  } catch {
    return null;
  }
}
