import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../../lib/paths.ts';
import { onExitCleanup } from './cleanup.ts';
import { freePort } from './ports.ts';

/** The built server (`npm run build`; the reliability global setup builds it when stale). */
export const SERVER_ENTRY = path.join(projectRoot, 'dist', 'server', 'server', 'main.js');

/** One secret for every process of a test: a session signed by one is valid on the others. */
export const newAuthSecret = () => randomBytes(32).toString('hex');

export interface ServerProcess {
  label: string;
  pid: number;
  port: number;
  /** http://127.0.0.1:PORT, where the process listens. */
  url: string;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  isRunning(): boolean;
  /** The last 64 KB of its stdout and stderr. */
  logs(): string;
  /** Sends a signal (SIGKILL for a crash). */
  kill(signal: NodeJS.Signals): void;
  /** SIGTERM and wait (SIGKILL after 10 s). */
  stop(): Promise<void>;
  /** Resident set size now, in bytes (/proc/PID/status VmRSS). */
  rssBytes(): number;
}

export interface StartServerOptions {
  label: string;
  /** Environment of the process (PORT and HOST are set here), from the port it will listen on. */
  env: (port: number) => Record<string, string | undefined>;
  /** A port chosen by the caller (e.g. already written into PUBLIC_ORIGIN); a free one otherwise. */
  port?: number;
  /** DATA_DIR; a temporary folder removed at stop() otherwise. */
  dataDir?: string;
  /** Node options before the script (e.g. `--inspect=127.0.0.1:PORT`). */
  nodeArgs?: string[];
  readyTimeoutMs?: number;
}

const LOG_LIMIT = 64 * 1024;

function readRss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for ${pid}`);
  return Number(kb) * 1024;
}

async function waitUntilReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error('the server exited before it was ready');
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server was not ready after ${timeoutMs} ms`);
}

/**
 * Starts `node dist/server/server/main.js` and waits until /api/health answers 200. Only the
 * variables given (plus PATH and HOME) reach it: nothing of the test runner's environment.
 */
export async function startServer(options: StartServerOptions): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnce(options);
    } catch (error) {
      // Another process took the free port between the probe and the listen: try another.
      if (options.port === undefined && attempt < 3 && /EADDRINUSE/.test(String((error as Error).message))) continue;
      throw error;
    }
  }
}

async function startOnce(options: StartServerOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'nutricarte-rel-data-')));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? os.tmpdir(),
  };
  for (const [key, value] of Object.entries({
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    ...options.env(port),
    PORT: String(port),
    HOST: '127.0.0.1',
  })) {
    if (value !== undefined) env[key] = value;
  }
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), SERVER_ENTRY], {
    cwd: projectRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const append = (chunk: Buffer) => {
    log = (log + chunk.toString('utf8')).slice(-LOG_LIMIT);
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const unregister = onExitCleanup(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  const running = () => child.exitCode === null && child.signalCode === null;
  const url = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (running()) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    unregister();
    if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(url, child, options.readyTimeoutMs ?? 90_000);
  } catch (error) {
    if (running()) child.kill('SIGKILL');
    await exited;
    await stop();
    throw new Error(`${options.label}: ${(error as Error).message}\n--- server log ---\n${log.slice(-4000)}`, {
      cause: error,
    });
  }

  return {
    label: options.label,
    pid: child.pid!,
    port,
    url,
    exited,
    isRunning: running,
    logs: () => log,
    kill: (signal) => {
      child.kill(signal);
    },
    stop,
    rssBytes: () => readRss(child.pid!),
  };
}
