export type DrawJob = () => Promise<void>;
/** Queues a drawing; the returned function withdraws it if it has not started. */
export type ScheduleDraw = (job: DrawJob) => () => void;

/**
 * docs/product/spec.md section 9: the list's codes are drawn one after another, the first after
 * `firstDelayMs`, each next one `intervalMs` after the previous drawing ended. Drawing in
 * turn keeps a long list from freezing a phone while the page appears.
 */
export function createDrawQueue(
  firstDelayMs: number,
  intervalMs: number,
  wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
): ScheduleDraw {
  const queue: { job: DrawJob; cancelled: boolean }[] = [];
  let running = false;
  let nextDelayMs = firstDelayMs;

  const dropCancelled = () => {
    while (queue[0]?.cancelled) queue.shift();
  };

  const pump = async () => {
    if (running) return;
    running = true;
    try {
      for (;;) {
        dropCancelled();
        if (queue.length === 0) break;
        await wait(nextDelayMs);
        dropCancelled();
        const entry = queue.shift();
        if (!entry) break;
        // A failed drawing is the job's own business (it shows its error); the queue goes on.
        await entry.job().catch(() => undefined);
        nextDelayMs = intervalMs;
      }
    } finally {
      running = false;
    }
  };

  return (job) => {
    const entry = { job, cancelled: false };
    queue.push(entry);
    void pump();
    return () => {
      entry.cancelled = true;
    };
  };
}
