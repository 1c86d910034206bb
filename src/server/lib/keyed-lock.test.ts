import { describe, expect, it } from 'vitest';
import { keyedLock } from './keyed-lock.ts';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('keyedLock', () => {
  it('runs the work of one key one after another, in arrival order, and other keys at once', async () => {
    const lock = keyedLock();
    const events: string[] = [];
    const gate = deferred();
    const first = lock('a', async () => {
      events.push('a1 start');
      await gate.promise;
      events.push('a1 end');
      return 1;
    });
    const second = lock('a', async () => {
      events.push('a2 start');
      return 2;
    });
    const other = lock('b', async () => {
      events.push('b start');
      return 3;
    });
    expect(await other).toBe(3);
    expect(events).toEqual(['a1 start', 'b start']);
    gate.resolve();
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(events).toEqual(['a1 start', 'b start', 'a1 end', 'a2 start']);
  });

  it('goes on with the next work after a failure, and passes the failure to its caller', async () => {
    const lock = keyedLock();
    const failed = lock('a', async () => {
      throw new Error('boom');
    });
    const next = lock('a', async () => 'ok');
    await expect(failed).rejects.toThrow('boom');
    expect(await next).toBe('ok');
  });
});
