import { describe, expect, it } from 'vitest';
import { createDrawQueue } from './draw-queue.ts';

/** A clock that only moves when the queue waits. */
function fakeClock() {
  let now = 0;
  return { wait: async (ms: number) => void (now += ms), now: () => now };
}

describe('createDrawQueue', () => {
  it('draws in turn: the first after 200 ms, the next ones 100 ms after the previous', async () => {
    const clock = fakeClock();
    const schedule = createDrawQueue(200, 100, clock.wait);
    const drawn: [string, number][] = [];
    const done = ['A', 'B', 'C'].map(
      (name) => new Promise<void>((resolve) => schedule(async () => void (drawn.push([name, clock.now()]), resolve()))),
    );
    await Promise.all(done);
    expect(drawn).toEqual([
      ['A', 200],
      ['B', 300],
      ['C', 400],
    ]);
  });

  it('skips a withdrawn drawing without waiting for it, and survives a failed one', async () => {
    const clock = fakeClock();
    const schedule = createDrawQueue(200, 100, clock.wait);
    const drawn: [string, number][] = [];
    const withdraw = schedule(async () => void drawn.push(['gone', clock.now()]));
    withdraw();
    schedule(async () => {
      drawn.push(['broken', clock.now()]);
      throw new Error('cannot draw');
    });
    await new Promise<void>((resolve) => schedule(async () => void (drawn.push(['B', clock.now()]), resolve())));
    expect(drawn).toEqual([
      ['broken', 200],
      ['B', 300],
    ]);
  });
});
