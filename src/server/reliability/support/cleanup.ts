/**
 * Last-resort cleanup of what a reliability test started (server processes, PostgreSQL
 * clusters, temporary folders). Tests stop what they start in `afterAll`; these synchronous
 * hooks run when the worker exits anyway (a failed hook, an interrupted run, a crash).
 */
type SyncCleanup = () => void;

const pending = new Map<number, SyncCleanup>();
let nextId = 1;
let installed = false;

function runAll(): void {
  for (const [id, cleanup] of [...pending].reverse()) {
    pending.delete(id);
    try {
      cleanup();
    } catch {
      // best effort: the next cleanup must still run
    }
  }
}

function install(): void {
  if (installed) return;
  installed = true;
  process.once('exit', runAll);
  for (const [signal, number] of [
    ['SIGINT', 2],
    ['SIGTERM', 15],
    ['SIGHUP', 1],
  ] as const) {
    process.once(signal, () => {
      runAll();
      process.exit(128 + number);
    });
  }
}

/** Registers a synchronous cleanup for process exit; call the returned function once it is done normally. */
export function onExitCleanup(cleanup: SyncCleanup): () => void {
  install();
  const id = nextId++;
  pending.set(id, cleanup);
  return () => {
    pending.delete(id);
  };
}
