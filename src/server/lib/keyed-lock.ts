/**
 * Runs `work` for one key at a time in this process, in arrival order; other keys run freely.
 * Used where two requests on the same row would otherwise meet in the database in an order
 * PostgreSQL can only resolve by aborting one (a 500), e.g. two reset links of one account
 * used at once (src/server/auth/routes.ts).
 */
export function keyedLock(): <T>(key: string, work: () => Promise<T>) => Promise<T> {
  const tails = new Map<string, Promise<unknown>>();
  return async <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const previous = tails.get(key) ?? Promise.resolve();
    const run = previous.then(work, work);
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    try {
      return await run;
    } finally {
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}
