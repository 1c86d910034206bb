import type { Worker } from 'node:worker_threads';

export interface WorkerPoolOptions<Task, Answer> {
  /** Threads at most, each reading one task at a time. */
  size: number;
  /** A new thread (its entry, heap ceiling, priority). */
  start: () => Worker;
  /** A task that takes longer is answered `failure('timeout')` and its thread ended. */
  timeoutMs: number;
  /** An idle thread is ended after this, so a quiet server holds none. */
  idleMs: number;
  /** The answer of a task whose thread failed, exited or overran. */
  failure: (detail: string) => Answer;
  /** What moves to the thread rather than being copied (an upload's bytes). */
  transfer?: (task: Task) => ArrayBuffer[];
}

/**
 * Long-lived worker threads that each read one task at a time (the purchases' invoices and sales,
 * src/server/features/purchases/read/file-tasks.ts). With `size` threads, a slow task takes one
 * and the next is answered by another: one organisation's 20-second file no longer delays every
 * other organisation's (docs/decisions/0044-fair-file-reading-and-generated-cache-triggers.md).
 * Tasks beyond `size` wait in arrival order. A thread that fails, exits or overruns is ended and
 * the next task gets a new one. Messages are `{...task, id}` one way and `{...answer, id}` back.
 */
export class WorkerPool<Task extends object, Answer extends object> {
  private readonly parked: { worker: Worker; timer: NodeJS.Timeout }[] = [];
  private busy = 0;
  private readonly waiting: (() => void)[] = [];
  private nextId = 1;

  constructor(private readonly options: WorkerPoolOptions<Task, Answer>) {}

  async run(task: Task): Promise<Answer> {
    if (this.busy >= this.options.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.busy += 1;
    try {
      const parked = this.parked.pop();
      if (parked) clearTimeout(parked.timer);
      const worker = parked?.worker ?? this.options.start();
      const { answer, broken } = await this.runOn(worker, task);
      if (broken) void worker.terminate();
      else this.park(worker);
      return answer;
    } finally {
      this.busy -= 1;
      this.waiting.shift()?.();
    }
  }

  /** Threads alive now (reading or idle). */
  get threads(): number {
    return this.parked.length + this.busy;
  }

  private runOn(worker: Worker, task: Task): Promise<{ answer: Answer; broken: boolean }> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      const done = (answer: Answer, broken: boolean) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        resolve({ answer, broken });
      };
      const onMessage = (message: Answer & { id: number }) => {
        if (message.id !== id) return;
        const { id: _id, ...answer } = message;
        done(answer as unknown as Answer, false);
      };
      const onError = (error: Error) => done(this.options.failure(error.message), true);
      const onExit = (code: number) => done(this.options.failure(`worker exited (${code})`), true);
      const timer = setTimeout(() => done(this.options.failure('timeout'), true), this.options.timeoutMs);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage({ ...task, id }, this.options.transfer?.(task) ?? []);
    });
  }

  private park(worker: Worker): void {
    const entry = {
      worker,
      timer: setTimeout(() => {
        const at = this.parked.indexOf(entry);
        if (at >= 0) this.parked.splice(at, 1);
        void worker.terminate();
      }, this.options.idleMs),
    };
    entry.timer.unref();
    this.parked.push(entry);
  }

  /** Ends the idle threads. */
  stop(): void {
    for (const { worker, timer } of this.parked.splice(0)) {
      clearTimeout(timer);
      void worker.terminate();
    }
  }
}
