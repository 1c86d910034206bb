// Small helpers shared by the scripts in this folder: locating the project and its
// tool binaries, running a child process with signal forwarding, formatting durations.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

/** Absolute path of the JS file behind a package's bin, run with `node` (no shell, no .bin symlinks). */
export function binPath(pkg, name = pkg) {
  const dir = path.join(root, 'node_modules', pkg);
  if (!existsSync(path.join(dir, 'package.json'))) {
    throw new Error(`${pkg} is not installed: run \`npm install\` (development dependencies included)`);
  }
  const { bin } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const rel = typeof bin === 'string' ? bin : bin?.[name];
  if (!rel) throw new Error(`${pkg} has no bin named ${name}`);
  return path.join(dir, rel);
}

/** Children to signal when this process is asked to stop. */
const live = new Set();
let forwarding = false;
let interruptedBy = null;
const signalNumbers = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };

/**
 * Forwards SIGINT/SIGTERM/SIGHUP to the running children. Once interrupted, the script
 * ends as soon as its last child has exited, so no further step starts.
 */
export function forwardSignals() {
  if (forwarding) return;
  forwarding = true;
  for (const signal of Object.keys(signalNumbers).filter((s) => s !== 'SIGKILL')) {
    process.on(signal, () => {
      interruptedBy ??= signal;
      if (live.size === 0) process.exit(128 + signalNumbers[signal]);
      for (const child of live) child.kill(signal);
    });
  }
}

/**
 * Runs `command args` with inherited stdio. Resolves with {code, signal}; never rejects
 * for a non-zero exit (the caller decides), rejects only when the command cannot start.
 * Option `exitWithChild`: after an interruption, exit with the child's own status even
 * when it is 0 (a server that stopped cleanly); otherwise an interrupted run exits non-zero.
 * Option `capture`: a function given the child's output (stdout and stderr, as they come)
 * instead of the terminal; the promise then resolves once both streams are read.
 */
export function run(command, args, { exitWithChild = false, capture, ...options } = {}) {
  forwardSignals();
  return new Promise((resolve, reject) => {
    const stdio = capture ? ['ignore', 'pipe', 'pipe'] : 'inherit';
    const child = spawn(command, args, { cwd: root, stdio, ...options });
    live.add(child);
    if (capture) for (const stream of [child.stdout, child.stderr]) stream.on('data', capture);
    child.once('error', (error) => {
      live.delete(child);
      reject(error);
    });
    child.once(capture ? 'close' : 'exit', (code, signal) => {
      live.delete(child);
      if (interruptedBy && live.size === 0) {
        const status = exitStatus({ code, signal });
        process.exit(exitWithChild || status !== 0 ? status : 128 + signalNumbers[interruptedBy]);
      }
      resolve({ code, signal });
    });
  });
}

/** Runs a Node script (a bin path from binPath, or a file) with the current Node. */
export function runNode(script, args, options) {
  return run(process.execPath, [script, ...args], options);
}

/** Exit status a shell would report for {code, signal}. */
export function exitStatus({ code, signal }) {
  if (code !== null) return code;
  return 128 + (signalNumbers[signal] ?? 1);
}

export function formatMs(ms) {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** Loads ./.env into process.env when it exists; variables already set win (Node's rule). */
export function loadDotEnv() {
  const file = path.join(root, '.env');
  if (!existsSync(file)) return false;
  process.loadEnvFile(file);
  return true;
}
