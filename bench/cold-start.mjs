// Cold start of the built server: time from spawning `node dist/server/server/main.js` to
// the first 200 of GET /api/health.
//   first start: fresh DATA_DIR (creates the embedded database, migrates, loads Ciqual)
//   later start: the same DATA_DIR again (everything already there)
//   stop:        SIGTERM to process exit, which must be a clean exit 0
// Each is measured `runs` times; the median is the figure.
//   node bench/cold-start.mjs [--runs 3] [--json]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serverEntry } from '../scripts/build.mjs';
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
 * CPU time (user + system) a process has used so far, in ms, from /proc (Linux; null
 * elsewhere). Unlike wall time, it barely depends on what else the machine is doing.
 */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of the line, in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** Starts the server, waits for health, stops it. Returns {startMs, startCpuMs, stopMs, exitCode}. */
async function startAndStop(dataDir, port) {
  const output = [];
  const started = performance.now();
  const child = spawn(process.execPath, ['--enable-source-maps', serverEntry], {
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

  const url = `http://127.0.0.1:${port}/api/health`;
  while (!(await healthy(url))) {
    if (exit || performance.now() - started > START_TIMEOUT_MS) {
      child.kill('SIGKILL');
      await exited;
      const why = exit ? `exited (${exit.signal ?? `code ${exit.code}`})` : `not healthy after ${START_TIMEOUT_MS / 1000} s`;
      throw new Error(`server ${why}. Its output:\n${Buffer.concat(output).toString().slice(-3000)}`);
    }
    await sleep(20);
  }
  const startMs = performance.now() - started;
  const startCpuMs = cpuMs(child.pid);

  const stopping = performance.now();
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
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
    cold_start_first_ms: { value: round(firstMs), target: `< ${TARGETS.firstMs} ms`, pass: firstMs < TARGETS.firstMs, unit: 'ms', samples: first.map((v) => round(v)), cpuMs: cpu(firstCpu), loadAverage },
    cold_start_later_ms: { value: round(laterMs), target: `< ${TARGETS.laterMs} ms`, pass: laterMs < TARGETS.laterMs, unit: 'ms', samples: later.map((v) => round(v)), cpuMs: cpu(laterCpu), loadAverage },
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
