// Cold start of an already built checkout (« Start », docs/decisions/0031): time from spawning `npm start`
// (npm itself, scripts/start.mjs checking the build is current, then the server) until both
// the landing page `/` and an API route (GET /api/health, which asks the database) answer 200.
//   first start: fresh DATA_DIR (creates the embedded database, migrates, loads Ciqual)
//   later start: the same DATA_DIR again (database and Ciqual already there)
//   stop:        SIGTERM to the process group (as Ctrl-C in a terminal) until `npm start`
//                exits, which must be a clean exit 0
// Each is measured `runs` times; the median is the figure.
//   node bench/cold-start.mjs [--runs 3] [--json]
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { root } from '../scripts/lib.mjs';
import { median, round } from './lib/figures.mjs';

const TARGETS = { firstMs: 20_000, laterMs: 5_000, stopMs: 5_000 };
const START_TIMEOUT_MS = 60_000;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function healthy(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
    await response.body?.cancel();
    return response.status === 200;
  } catch {
    return false;
  }
}

/**
 * CPU time (user + system) the processes of a group (npm, scripts/start.mjs, the server) have
 * used so far, in ms, from /proc (Linux; null elsewhere). Unlike wall time, it barely depends
 * on what else the machine is doing.
 */
function groupCpuMs(pgid) {
  try {
    let ticks = 0;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        // After the command's closing parenthesis: state, ppid, pgrp, …, utime (14th) and stime (15th).
        const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
        if (Number(fields[2]) === pgid) ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // the process ended meanwhile
      }
    }
    return ticks * 10; // 100 clock ticks per second on Linux
  } catch {
    return null;
  }
}

/** Starts the server, waits for health, stops it. Returns {startMs, startCpuMs, stopMs, exitCode}. */
async function startAndStop(dataDir, port) {
  const output = [];
  const started = performance.now();
  // Its own process group, so that the stop reaches npm, scripts/start.mjs and the server at once.
  const child = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      PUBLIC_ORIGIN: '',
    },
  });
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  let exit = null;
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve((exit = { code, signal }))));

  const origin = `http://127.0.0.1:${port}`;
  const ready = { page: false, api: false };
  const serves = async () => {
    [ready.page, ready.api] = await Promise.all([
      ready.page || healthy(`${origin}/`),
      ready.api || healthy(`${origin}/api/health`),
    ]);
    return ready.page && ready.api;
  };
  while (!(await serves())) {
    if (exit || performance.now() - started > START_TIMEOUT_MS) {
      process.kill(-child.pid, 'SIGKILL');
      await exited;
      const why = exit
        ? `exited (${exit.signal ?? `code ${exit.code}`})`
        : `not healthy after ${START_TIMEOUT_MS / 1000} s`;
      throw new Error(`server ${why}. Its output:\n${Buffer.concat(output).toString().slice(-3000)}`);
    }
    await sleep(20);
  }
  const startMs = performance.now() - started;
  const startCpuMs = groupCpuMs(child.pid);

  const stopping = performance.now();
  process.kill(-child.pid, 'SIGTERM');
  const killer = setTimeout(() => process.kill(-child.pid, 'SIGKILL'), 15_000);
  const { code, signal } = await exited;
  clearTimeout(killer);
  return { startMs, startCpuMs, stopMs: performance.now() - stopping, exitCode: code ?? `signal ${signal}` };
}

export async function runColdStartBench({ runs = 3, log = () => {} } = {}) {
  const loadAverage = round(os.loadavg()[0], 1);
  const first = [];
  const later = [];
  const firstCpu = [];
  const laterCpu = [];
  const stops = [];
  const exitCodes = new Set();
  for (let run = 1; run <= runs; run++) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nutricarte-bench-'));
    try {
      const port = await freePort();
      const a = await startAndStop(dataDir, port);
      const b = await startAndStop(dataDir, port);
      first.push(a.startMs);
      later.push(b.startMs);
      firstCpu.push(a.startCpuMs);
      laterCpu.push(b.startCpuMs);
      stops.push(a.stopMs, b.stopMs);
      exitCodes.add(a.exitCode).add(b.exitCode);
      log(
        `cold start run ${run}/${runs}: first ${round(a.startMs)} ms (cpu ${a.startCpuMs} ms), ` +
          `later ${round(b.startMs)} ms (cpu ${b.startCpuMs} ms), stop ${round(a.stopMs)} / ${round(b.stopMs)} ms`,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const firstMs = median(first);
  const laterMs = median(later);
  const stopMs = median(stops);
  const cleanExit = exitCodes.size === 1 && exitCodes.has(0);
  // Median CPU time of the server process at its first healthy answer (null off Linux).
  const cpu = (values) => (values.every((v) => v !== null) ? round(median(values)) : null);
  return {
    cold_start_first_ms: {
      value: round(firstMs),
      target: `< ${TARGETS.firstMs} ms`,
      pass: firstMs < TARGETS.firstMs,
      unit: 'ms',
      samples: first.map((v) => round(v)),
      cpuMs: cpu(firstCpu),
      loadAverage,
    },
    cold_start_later_ms: {
      value: round(laterMs),
      target: `< ${TARGETS.laterMs} ms`,
      pass: laterMs < TARGETS.laterMs,
      unit: 'ms',
      samples: later.map((v) => round(v)),
      cpuMs: cpu(laterCpu),
      loadAverage,
    },
    stop_on_sigterm_ms: {
      value: round(stopMs),
      target: `< ${TARGETS.stopMs} ms, exit 0`,
      pass: stopMs < TARGETS.stopMs && cleanExit,
      unit: 'ms',
      samples: stops.map((v) => round(v)),
      ...(cleanExit ? {} : { note: `exit statuses: ${[...exitCodes].join(', ')}` }),
    },
  };
}

if (import.meta.filename === process.argv[1]) {
  const { runMain } = await import('./lib/figures.mjs');
  await runMain((log) => {
    const at = process.argv.indexOf('--runs');
    return runColdStartBench({ runs: at > 0 ? Number(process.argv[at + 1]) : 3, log });
  });
}
