// The e2e web server (playwright.config.ts): the built server, its output passed through to
// Playwright and copied, line by line, to E2E_SERVER_LOG, which e2e/global-teardown.ts reads
// at the end of the run: a 5xx or an error the server logged fails it
// (docs/decisions/0014-tests-that-never-cry-wolf.md).
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { root } from './lib.mjs';

const logFile = process.env.E2E_SERVER_LOG;
if (!logFile) {
  console.error('e2e-server: E2E_SERVER_LOG must name the file that receives the server output');
  process.exit(2);
}
const log = createWriteStream(logFile, { flags: 'a' });
/**
 * A fresh data folder migrates and loads Ciqual before the server answers: 10 s on an idle
 * machine, minutes on a loaded one, at every run. The database folder as the first boot leaves
 * it is kept in node_modules/.cache/nutricarte-e2e/, keyed by what shapes it (the built
 * migrations and catalogue loader, the Ciqual files, PGlite's version), and each run starts
 * from a copy. The server still migrates and compares the catalogue's edition when it boots
 * (src/server/boot.ts), so a copy that missed a change is brought up to date, never trusted
 * blindly. E2E_DATA_CACHE=0 boots from an empty folder as before.
 */
const cacheDir = path.join(root, 'node_modules', '.cache', 'nutricarte-e2e');

function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.map'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function databaseKey() {
  const hash = createHash('sha256');
  const files = [
    ...filesUnder(path.join(root, 'dist/server/server/db')),
    ...filesUnder(path.join(root, 'dist/server/server/features/catalogue')),
    ...filesUnder(path.join(root, 'data/ciqual')),
    path.join(root, 'node_modules/@electric-sql/pglite/package.json'),
  ].sort();
  for (const file of files) hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 16);
}

/** Boots the built server's services once on an empty folder (migrations, Ciqual) and stops. */
function seedDatabase(target) {
  const seedDir = mkdtempSync(path.join(cacheDir, 'seed-'));
  const boot = `
    const { loadConfig } = await import(${JSON.stringify(new URL('../dist/server/server/config.js', import.meta.url).href)});
    const { bootServices } = await import(${JSON.stringify(new URL('../dist/server/server/boot.js', import.meta.url).href)});
    const services = await bootServices(loadConfig({ ...process.env, DATA_DIR: ${JSON.stringify(seedDir)} }));
    await services.close();`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', boot], { cwd: root, stdio: 'inherit' });
  try {
    if (result.status !== 0) return false;
    try {
      renameSync(path.join(seedDir, 'pgdata'), target);
    } catch (error) {
      // Another run stored the same folder first.
      if (!existsSync(target)) throw error;
    }
    return true;
  } finally {
    rmSync(seedDir, { recursive: true, force: true });
  }
}

/** Keeps the newest three stored folders. */
function pruneCache() {
  const stored = readdirSync(cacheDir)
    .filter((name) => name.startsWith('pgdata-'))
    .map((name) => ({ file: path.join(cacheDir, name), at: statSync(path.join(cacheDir, name)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const { file } of stored.slice(3)) rmSync(file, { recursive: true, force: true });
}

const dataDir = process.env.DATA_DIR;
if (process.env.E2E_DATA_CACHE !== '0' && dataDir && !existsSync(path.join(dataDir, 'pgdata'))) {
  const started = performance.now();
  mkdirSync(cacheDir, { recursive: true });
  const stored = path.join(cacheDir, `pgdata-${databaseKey()}`);
  const ready = existsSync(stored) || seedDatabase(stored);
  if (ready) {
    cpSync(stored, path.join(dataDir, 'pgdata'), { recursive: true });
    pruneCache();
    console.log(
      `e2e-server: database folder copied from ${path.relative(root, stored)} in ${Math.round(performance.now() - started)} ms`,
    );
  }
}

const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/server/main.js'], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'pipe'],
});

// Whole lines only: the two streams never mix inside a line of the copy.
for (const [from, to, stream] of [
  [server.stdout, process.stdout, 'stdout'],
  [server.stderr, process.stderr, 'stderr'],
]) {
  readline.createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => {
    to.write(`${line}\n`);
    log.write(stream === 'stderr' ? `[stderr] ${line}\n` : `${line}\n`);
  });
}
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
// 'close': after the last line of both streams.
server.on('close', (code, signal) => log.end(() => process.exit(code ?? (signal ? 1 : 0))));
