/**
 * Concurrent misses of one key share one load (a menu just published, opened by a room of
 * diners at once, is read and rendered once, not once per diner: found by
 * src/server/reliability/load.reliability.ts, where 200 connections opening a cold page queued
 * 200 renders on a pool of 10 connections and some waited past its 5 s bound).
 *
 * A load is shared only with requests that arrive in the same `epoch` (for the public pages,
 * the generation of src/server/lib/invalidated-cache.ts): a request that arrives after a change
 * was announced starts its own load, so it never receives bytes read before that change.
 */
export class SingleFlight<T> {
  readonly #inFlight = new Map<string, { epoch: number; promise: Promise<T> }>();

  /** True when a request of this epoch would join a load under way (it costs no new read). */
  joinable(key: string, epoch: number): boolean {
    return this.#inFlight.get(key)?.epoch === epoch;
  }

  run(key: string, epoch: number, load: () => Promise<T>): Promise<T> {
    const current = this.#inFlight.get(key);
    if (current && current.epoch === epoch) return current.promise;
    const promise = load().finally(() => {
      if (this.#inFlight.get(key)?.promise === promise) this.#inFlight.delete(key);
    });
    this.#inFlight.set(key, { epoch, promise });
    return promise;
  }

  get size(): number {
    return this.#inFlight.size;
  }
}
