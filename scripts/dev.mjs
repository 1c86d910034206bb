// `npm run dev`: the Vite dev server on http://localhost:5173 (it proxies /api, /menu/ and
// /qr/ to the API) and the API server on port 3000, restarted by `tsx watch` on changes.
// Open http://localhost:5173. Ctrl-C (or SIGTERM) stops both; if one dies, the other is stopped.
import { spawn } from 'node:child_process';
import { binPath, loadDotEnv, root } from './lib.mjs';

if (loadDotEnv()) console.log('dev: .env loaded');

// Fixed, whatever .env says: vite.config.ts proxies to :3000 and the browser's Origin is :5173.
const apiPort = '3000';
const children = [];
let stopping = false;
let exitCode = 0;

function start(name, script, args, env) {
  // Own process group, so stopping reaches the grandchildren (tsx watch runs node under it).
  const child = spawn(process.execPath, [script, ...args], {
    cwd: root,
    stdio: 'inherit',
    detached: true,
    env: { ...process.env, ...env },
  });
  child.once('exit', (code, signal) => {
    child.exited = true;
    if (!stopping) {
      console.error(`dev: ${name} exited (${signal ?? `code ${code}`}), stopping the other process`);
      exitCode = code || 1;
      stop();
    } else if (children.every((c) => c.exited)) {
      process.exit(exitCode);
    }
  });
  children.push(child);
}

function signalGroup(child, signal) {
  if (child.exited) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

function stop(signal = 'SIGTERM') {
  if (stopping) return;
  stopping = true;
  for (const child of children) signalGroup(child, signal);
  if (children.every((c) => c.exited)) process.exit(exitCode);
  setTimeout(() => {
    for (const child of children) signalGroup(child, 'SIGKILL');
    process.exit(exitCode || 1);
  }, 5000).unref();
}

process.on('SIGINT', () => stop('SIGTERM'));
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGHUP', () => stop('SIGTERM'));
process.on('exit', () => {
  for (const child of children) signalGroup(child, 'SIGKILL');
});

start('api (tsx watch)', binPath('tsx'), ['watch', '--clear-screen=false', 'src/server/main.ts'], {
  PORT: apiPort,
  PUBLIC_ORIGIN: 'http://localhost:5173',
});
start('web (vite)', binPath('vite'), ['--port', '5173', '--strictPort'], {});
console.log('dev: open http://localhost:5173 (API on http://localhost:' + apiPort + ')');
