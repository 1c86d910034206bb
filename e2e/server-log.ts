import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The e2e server's output (scripts/e2e-server.mjs copies it to E2E_SERVER_LOG) and what in it
 * fails the run (e2e/global-teardown.ts, docs/decisions/0015-tests-that-never-cry-wolf.md): an
 * answer 5xx, an error the server logged (« unhandled error » and its stack), anything on
 * stderr but Node's own warnings.
 */
export const serverLogFile = (dataDir: string) => path.join(dataDir, 'server.log');
/** `requestId<TAB>test title` lines, one per test (e2e/test.ts). */
export const testIdsFile = (dataDir: string) => path.join(dataDir, 'test-ids.tsv');

/** The request id the browser and API clients of a test send (X-Request-Id), which the server logs. */
export const requestIdOf = (testId: string) => `e2e-${testId}`;

export interface ServerProblem {
  /** The request id of the request concerned (the test's, see `requestIdOf`), when there is one. */
  requestId: string | null;
  line: string;
}

const NODE_WARNING = /^\[stderr\] \(node:\d+\) \[?\w*\]? ?\w*Warning\b/;

/** The lines of the server's output that no test may cause. */
export function serverProblems(log: string): ServerProblem[] {
  const problems: ServerProblem[] = [];
  for (const line of log.split('\n')) {
    if (!line.trim()) continue;
    if (line.startsWith('[stderr] ')) {
      if (!NODE_WARNING.test(line)) problems.push({ requestId: null, line });
      continue;
    }
    let entry: { level?: unknown; msg?: unknown; status?: unknown; requestId?: unknown };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      problems.push({ requestId: null, line });
      continue;
    }
    const failed =
      entry.level === 'error' || (entry.msg === 'request' && typeof entry.status === 'number' && entry.status >= 500);
    if (failed) problems.push({ requestId: typeof entry.requestId === 'string' ? entry.requestId : null, line });
  }
  return problems;
}

/** The problems of a run, each under the title of the test whose request it was. */
export function describeProblems(problems: ServerProblem[], titles: ReadonlyMap<string, string>): string {
  const byTest = new Map<string, string[]>();
  for (const { requestId, line } of problems) {
    const title =
      (requestId && titles.get(requestId)) ??
      (requestId ? `request ${requestId} (no test sent it)` : 'outside any request');
    byTest.set(title, [...(byTest.get(title) ?? []), line]);
  }
  return [...byTest].map(([title, lines]) => `${title}:\n${lines.map((l) => `  ${l}`).join('\n')}`).join('\n');
}

export function readServerLog(dataDir: string): { problems: ServerProblem[]; titles: Map<string, string> } {
  const log = existsSync(serverLogFile(dataDir)) ? readFileSync(serverLogFile(dataDir), 'utf8') : '';
  const ids = existsSync(testIdsFile(dataDir)) ? readFileSync(testIdsFile(dataDir), 'utf8') : '';
  const titles = new Map(
    ids
      .split('\n')
      .filter(Boolean)
      .map((row) => row.split('\t') as [string, string]),
  );
  return { problems: serverProblems(log), titles };
}
