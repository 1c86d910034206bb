import { describe, expect, it } from 'vitest';
import { SingleFlight } from './single-flight.ts';

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, ko) => ((resolve = ok), (reject = ko)));
  return { promise, resolve, reject };
};

describe('SingleFlight', () => {
  it('shares one load among the concurrent misses of a key, then forgets it', async () => {
    const flight = new SingleFlight<string>();
    const gate = deferred<string>();
    let loads = 0;
    const load = () => (loads++, gate.promise);
    const answers = Array.from({ length: 200 }, () => flight.run('menu', 7, load));
    gate.resolve('page');
    expect(await Promise.all(answers)).toEqual(Array(200).fill('page'));
    expect(loads).toBe(1);
    expect(flight.size).toBe(0);
    expect(await flight.run('menu', 7, async () => 'again')).toBe('again');
  });

  it('never shares across keys, nor with a request of a later epoch (a change was announced)', async () => {
    const flight = new SingleFlight<string>();
    const first = deferred<string>();
    const a = flight.run('menu', 1, () => first.promise);
    const other = flight.run('autre', 1, async () => 'autre');
    const later = flight.run('menu', 2, async () => 'after the change');
    first.resolve('before the change');
    expect(await Promise.all([a, other, later])).toEqual(['before the change', 'autre', 'after the change']);
    // The older load finishing does not forget the newer one's entry too early.
    expect(flight.size).toBe(0);
  });

  it('hands a failure to every waiter, and the next miss loads again', async () => {
    const flight = new SingleFlight<string>();
    const gate = deferred<string>();
    const waiters = [flight.run('menu', 0, () => gate.promise), flight.run('menu', 0, () => gate.promise)];
    gate.reject(new Error('database unavailable'));
    for (const waiter of waiters) await expect(waiter).rejects.toThrow('database unavailable');
    expect(await flight.run('menu', 0, async () => 'page')).toBe('page');
  });
});
