import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { WorkerPool } from './worker-pool.ts';

/**
 * A reading thread whose slow file is deterministic: a task with `hold` blocks its thread
 * (Atomics.wait, like a parse that does not yield) until the test releases it; any other task
 * is answered at once. No timing guess: the test says when the slow file ends.
 */
const SCRIPT = `
const { parentPort, threadId } = require('node:worker_threads');
parentPort.on('message', (task) => {
  if (task.hold) Atomics.wait(new Int32Array(task.hold), 0, 0);
  if (task.crash) process.exit(3);
  parentPort.postMessage({ id: task.id, name: task.name, threadId });
});`;

interface Task {
  name: string;
  hold?: SharedArrayBuffer;
  crash?: boolean;
}
type Answer = { name: string; threadId: number } | { failed: string };

const pools: WorkerPool<Task, Answer>[] = [];
function pool(size: number, timeoutMs = 30_000) {
  const made = new WorkerPool<Task, Answer>({
    size,
    start: () => new Worker(SCRIPT, { eval: true }),
    timeoutMs,
    idleMs: 60_000,
    failure: (detail) => ({ failed: detail }),
  });
  pools.push(made);
  return made;
}
afterEach(() => pools.splice(0).forEach((p) => p.stop()));

/** A slow file: its thread is blocked until `release()`. */
function slowFile(name: string) {
  const hold = new SharedArrayBuffer(4);
  return {
    task: { name, hold },
    release() {
      Atomics.store(new Int32Array(hold), 0, 1);
      Atomics.notify(new Int32Array(hold), 0);
    },
  };
}

/** Whether `promise` is settled now (after the other callbacks queued so far). */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('WorkerPool', () => {
  it('while organisation A’s slow file holds one thread, organisation B’s small file is answered by another', async () => {
    const files = pool(2);
    const a = slowFile('A');
    const slow = files.run(a.task);
    const quick = await files.run({ name: 'B' });
    expect(quick).toMatchObject({ name: 'B' });
    // A's file is still being read: B did not wait for it.
    expect(await settled(slow)).toBe(false);
    a.release();
    const answered = await slow;
    expect(answered).toMatchObject({ name: 'A' });
    expect('threadId' in answered && 'threadId' in quick && answered.threadId !== quick.threadId).toBe(true);
  });

  it('one thread (the former single worker) keeps B behind A: what the pool removes', async () => {
    const files = pool(1);
    const a = slowFile('A');
    const slow = files.run(a.task);
    const quick = files.run({ name: 'B' });
    expect(await settled(quick)).toBe(false);
    a.release();
    expect(await Promise.all([slow, quick])).toMatchObject([{ name: 'A' }, { name: 'B' }]);
  });

  it('beyond its size, files wait in arrival order; threads are reused, never more than the size', async () => {
    const files = pool(2);
    const first = slowFile('1');
    const second = slowFile('2');
    const order: string[] = [];
    const runs = [
      files.run(first.task),
      files.run(second.task),
      files.run({ name: '3' }),
      files.run({ name: '4' }),
    ].map((p) => p.then((answer) => (order.push('name' in answer ? answer.name : answer.failed), answer)));
    expect(await settled(runs[2]!)).toBe(false);
    expect(files.threads).toBe(2);
    second.release();
    await runs[3];
    expect(order).toEqual(['2', '3', '4']);
    first.release();
    await Promise.all(runs);
    expect(files.threads).toBe(2);
  });

  it('a thread that exits or overruns answers a failure and is replaced for the next file', async () => {
    const files = pool(1, 300);
    expect(await files.run({ name: 'x', crash: true })).toEqual({ failed: 'worker exited (3)' });
    const stuck = slowFile('stuck');
    expect(await files.run(stuck.task)).toEqual({ failed: 'timeout' });
    stuck.release();
    expect(await files.run({ name: 'next' })).toMatchObject({ name: 'next' });
    expect(files.threads).toBe(1);
  });
});
