import type { TestContext } from 'vitest';

declare module 'vitest' {
  interface TaskMeta {
    /** One line of figures for the reliability summary (counts, durations, memory). */
    reliability?: string;
  }
}

/** Adds a line to the reliability summary printed at the end of the run. */
export function report(context: Pick<TestContext, 'task'>, line: string): void {
  const meta = context.task.meta;
  meta.reliability = meta.reliability ? `${meta.reliability}; ${line}` : line;
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
