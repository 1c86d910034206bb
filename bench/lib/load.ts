import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';

export interface LoadRun {
  total: number;
  seconds: number;
  /** Answers with the expected status class (2xx, or 3xx for a redirect). */
  ok: number;
  /** Anything else: other statuses, errors, timeouts. */
  bad: number;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
}

export interface LoadOptions {
  seconds: number;
  connections: number;
  headers?: Record<string, string>;
  /** A redirect is the expected answer (3xx counts as ok). */
  redirect?: boolean;
}

/** One autocannon run; the load generator runs in its own thread, so the main one is free. */
export async function load(url: string, options: LoadOptions): Promise<LoadRun> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers ?? {},
    workers: 1,
  });
  const ok = options.redirect ? result['3xx'] : result['2xx'];
  const bad = result.requests.total - ok + result.errors + result.timeouts;
  const latency = result.latency as autocannon.Histogram & { p95?: number; p97_5: number };
  return {
    total: result.requests.total,
    seconds: result.duration,
    ok,
    bad: Math.max(0, bad),
    p50: latency.p50,
    p95: latency.p95 ?? latency.p97_5,
    p99: latency.p99,
    rps: result.requests.total / result.duration,
  };
}

/**
 * Several targets measured in alternating rounds, so that a change of load on the machine
 * (other work on the shared cores) weighs on all alike; req/s = all requests / all seconds.
 */
export async function compare<K extends string>(
  targets: Record<K, { url: string; redirect?: boolean; after?: () => Promise<void> }>,
  options: Omit<LoadOptions, 'redirect'> & { rounds: number },
): Promise<Record<K, LoadRun>> {
  const kinds = Object.keys(targets) as K[];
  const sum = {} as Record<K, LoadRun>;
  for (let r = 0; r < options.rounds; r++) {
    for (const kind of kinds) {
      const target = targets[kind];
      const run = await load(target.url, {
        ...options,
        seconds: options.seconds / options.rounds,
        redirect: target.redirect ?? false,
      });
      // Work the run left behind (the scans' CRM events) is done before the next run, which it would slow.
      await target.after?.();
      const acc = sum[kind];
      if (!acc) {
        sum[kind] = run;
        continue;
      }
      acc.total += run.total;
      acc.seconds += run.seconds;
      acc.ok += run.ok;
      acc.bad += run.bad;
      acc.p50 = Math.max(acc.p50, run.p50);
      acc.p95 = Math.max(acc.p95, run.p95);
      acc.p99 = Math.max(acc.p99, run.p99);
      acc.rps = acc.total / acc.seconds;
    }
  }
  return sum;
}

/**
 * Starts bench/lib/static-reference.mjs on `file`; resolves with its URL once it listens.
 * By default the file is a gzip HTML page; `type` and `encoding` ('identity': none) for another answer.
 * `file` null: the reference learns its answers, one per path, from PUT requests (`--learn`).
 */
export async function startReference(
  file: string | null,
  port = 0,
  answer: { type?: string; encoding?: string } = {},
): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const flags = [
    ...(answer.type ? ['--type', answer.type] : []),
    ...(answer.encoding ? ['--encoding', answer.encoding] : []),
  ];
  const args = file === null ? ['--learn', String(port)] : [file, String(port), ...flags];
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(import.meta.dirname, 'static-reference.mjs'), ...args],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const listening = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`the reference server exited (${code})`)));
  });
  process.once('exit', () => child.kill('SIGKILL'));
  return {
    url: `http://127.0.0.1:${listening}`,
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
