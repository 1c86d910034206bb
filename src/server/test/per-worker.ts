/**
 * What a test worker makes once and keeps for all its files: the API projects' workers keep
 * their modules from one file to the next (`isolate: false`, vitest.config.ts;
 * docs/decisions/0029-tests-share-a-worker.md). A failure is not kept: the next call tries again.
 */
const kept = new Map<string, Promise<unknown>>();

export function perWorker<T>(key: string, make: () => Promise<T>): Promise<T> {
  let value = kept.get(key) as Promise<T> | undefined;
  if (!value) {
    value = make();
    kept.set(key, value);
    value.catch(() => kept.delete(key));
  }
  return value;
}
