/**
 * Runs image work one job at a time in this process: libvips already uses every core for one
 * image, and two 5 MB decodes side by side would only double the memory peak (the machine has
 * 2 cores, docs/decisions/0017-photos.md). Later jobs wait their turn, in order.
 */
let tail: Promise<unknown> = Promise.resolve();

export function oneAtATime<T>(job: () => Promise<T>): Promise<T> {
  const run = tail.then(job, job);
  tail = run.catch(() => undefined);
  return run;
}
