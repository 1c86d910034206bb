// Builds the web app (vite → dist/web) and the server (tsc → dist/server), then records a
// hash of the inputs in dist/.build-hash so `npm start` can skip a build that is current.
//   node scripts/build.mjs             always build
//   node scripts/build.mjs --if-needed build only when dist is missing or an input changed
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { binPath, exitStatus, formatMs, root, runNode } from './lib.mjs';
import { precompressAssets } from './precompress.mjs';
import { buildShell } from './build-shell.mjs';
import { prerenderLanding } from './prerender-landing.mjs';

export const distDir = path.join(root, 'dist');
export const serverEntry = path.join(distDir, 'server', 'server', 'main.js');
export const webIndex = path.join(distDir, 'web', 'index.html');
const hashFile = path.join(distDir, '.build-hash');

/** Files and folders whose content decides the build output (tests excluded: they are not built). */
const inputRoots = [
  'src',
  'public',
  'data/kitchen-measures.json',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'scripts/build.mjs',
  'scripts/precompress.mjs',
  'scripts/prerender-landing.mjs',
  'scripts/build-shell.mjs',
];
const isTestFile = (file) => /\.(test|reliability)\.tsx?$/.test(file);

function inputFiles() {
  const files = new Set();
  for (const rel of inputRoots) {
    const abs = path.join(root, rel);
    if (!existsSync(abs)) continue;
    if (!statSync(abs).isDirectory()) {
      files.add(rel);
      continue;
    }
    for (const entry of readdirSync(abs, { withFileTypes: true, recursive: true })) {
      const relPath = path.relative(root, path.join(entry.parentPath, entry.name));
      if (entry.isFile() && !isTestFile(entry.name) && !/^src\/server\/(test|reliability)\//.test(relPath))
        files.add(relPath);
    }
  }
  for (const name of readdirSync(root)) if (/^tsconfig.*\.json$/.test(name)) files.add(name);
  return [...files].sort();
}

/** sha256 over every input file's path and content. */
export function computeInputHash() {
  const hash = createHash('sha256');
  for (const file of inputFiles()) {
    hash.update(file.split(path.sep).join('/')).update('\0');
    hash.update(readFileSync(path.join(root, file))).update('\0');
  }
  return hash.digest('hex');
}

/** Why a build is needed, or null when dist matches the current inputs. */
export function staleReason(hash = computeInputHash()) {
  if (!existsSync(serverEntry)) return 'dist/server is missing';
  if (!existsSync(hashFile)) return 'no dist/.build-hash';
  if (readFileSync(hashFile, 'utf8').trim() !== hash) return 'sources changed since the last build';
  if (existsSync(path.join(root, 'index.html')) && !existsSync(webIndex)) return 'dist/web is missing';
  return null;
}

async function step(label, script, args) {
  const started = performance.now();
  const result = await runNode(script, args);
  const status = exitStatus(result);
  if (status !== 0) throw new Error(`build: ${label} failed (exit ${status})`);
  console.log(`build: ${label} done in ${formatMs(performance.now() - started)}`);
}

/** Full build. The hash is taken before building, so an edit made meanwhile triggers the next build. */
export async function build() {
  const hash = computeInputHash();
  const started = performance.now();
  rmSync(hashFile, { force: true });
  if (existsSync(path.join(root, 'index.html')) && existsSync(path.join(root, 'vite.config.ts'))) {
    await step('web (vite build → dist/web)', binPath('vite'), ['build', '--logLevel', 'warn']);
    const prerendering = performance.now();
    await prerenderLanding();
    console.log(
      `build: landing page prerendered (dist/web/landing.html) in ${formatMs(performance.now() - prerendering)}`,
    );
    const shellStarted = performance.now();
    await buildShell();
    console.log(
      `build: signed-in first paint (dist/shell/render-shell.js) in ${formatMs(performance.now() - shellStarted)}`,
    );
    const compressing = performance.now();
    const count = await precompressAssets(path.join(distDir, 'web', 'assets'));
    console.log(`build: ${count} assets precompressed (gzip, brotli) in ${formatMs(performance.now() - compressing)}`);
  } else {
    console.warn('build: no index.html or vite.config.ts yet, web app skipped (the API still builds)');
  }
  // tsc does not delete outputs of removed sources; start from an empty folder.
  rmSync(path.join(distDir, 'server'), { recursive: true, force: true });
  await step('server (tsc → dist/server)', binPath('typescript', 'tsc'), ['-p', 'tsconfig.server.json']);
  writeFileSync(hashFile, hash + '\n');
  console.log(`build: finished in ${formatMs(performance.now() - started)}`);
}

/** Builds only when needed; returns true when it built. */
export async function ensureBuilt() {
  const reason = staleReason();
  if (!reason) return false;
  console.log(`build: needed (${reason})`);
  await build();
  return true;
}

if (import.meta.filename === process.argv[1]) {
  try {
    if (process.argv.includes('--if-needed')) {
      if (!(await ensureBuilt())) console.log('build: up to date');
    } else {
      await build();
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
