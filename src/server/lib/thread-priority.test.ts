import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';

/** A thread's nice value, from /proc/<pid>/task/<tid>/stat (field 19; the name in parentheses may hold spaces). */
const niceOf = (tid: number) =>
  Number(readFileSync(`/proc/${process.pid}/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);

describe.runIf(existsSync('/proc/thread-self'))('lowerThisThreadPriority', () => {
  it('lowers the calling worker thread to nice 19, and only it', async () => {
    const before = Object.fromEntries(readdirSync(`/proc/${process.pid}/task`).map((t) => [t, niceOf(Number(t))]));
    const url = new URL('./thread-priority.ts', import.meta.url).href;
    const worker = new Worker(
      `const { parentPort } = require('node:worker_threads');
      import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(url)}); })
        .then(({ lowerThisThreadPriority }) => parentPort.postMessage(lowerThisThreadPriority()));
      parentPort.on('message', () => process.exit(0));`,
      { eval: true },
    );
    try {
      const tid = await new Promise<number | null>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      expect(tid).toEqual(expect.any(Number));
      expect(niceOf(tid!)).toBe(19);
      // Every other thread of the process, the event loop's first, kept its priority.
      for (const [task, nice] of Object.entries(before))
        if (Number(task) !== tid && existsSync(`/proc/${process.pid}/task/${task}`))
          expect([task, niceOf(Number(task))]).toEqual([task, nice]);
      expect(niceOf(process.pid)).toBe(before[String(process.pid)]);
    } finally {
      worker.postMessage('end');
      await worker.terminate();
    }
  });
});
