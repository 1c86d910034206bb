// `npm run bench [-- name ... ] [-- --runs N]`: runs the benchmarks, prints one table
// (figure, value, target, result) and merges the figures into bench/results.json.
//   cold-start  bench/cold-start.mjs: first and later start of the built server, stop time
//   js-size     bench/js-size.mjs: first-load JavaScript per page of the built web app
//   <name>      every bench/<name>.ts, run with tsx and `--json` (it prints its figures as JSON)
// Exit status 1 when a figure misses its target or a benchmark fails.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runColdStartBench } from '../bench/cold-start.mjs';
import { runJsSizeBench } from '../bench/js-size.mjs';
import { formatTable, mergeResults, resultsFile } from '../bench/lib/figures.mjs';
import { ensureBuilt } from './build.mjs';
import { binPath, formatMs, root } from './lib.mjs';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 3;
const requested = args.filter((arg, i) => !arg.startsWith('--') && !(runsAt >= 0 && i === runsAt + 1));
const log = (line) => console.log(line);

/** A bench/<name>.ts benchmark: its figures are the JSON object it prints on stdout. */
function runTsBench(file) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [binPath('tsx'), file, '--json'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      // Figures may follow log lines: parse from the last line that opens a top-level object.
      const start = stdout.lastIndexOf('\n{') + 1;
      try {
        resolve(JSON.parse(stdout.slice(start)));
      } catch {
        reject(
          new Error(`${file} printed no JSON figures (exit ${signal ?? code}). Its output:\n${stdout.slice(-2000)}`),
        );
      }
    });
  });
}

const tsBenches = readdirSync(path.join(root, 'bench'))
  .filter(
    (name) => name.endsWith('.ts') && !name.startsWith('.') && !name.endsWith('.d.ts') && !name.endsWith('.test.ts'),
  )
  .sort()
  .map((name) => ({ name: name.replace(/\.ts$/, ''), run: () => runTsBench(path.join('bench', name)) }));

const benches = [
  { name: 'cold-start', run: () => runColdStartBench({ runs, log }) },
  { name: 'js-size', run: () => runJsSizeBench({ log }) },
  ...tsBenches,
];

const unknown = requested.filter((name) => !benches.some((b) => b.name === name));
if (unknown.length) {
  console.error(`bench: unknown benchmark ${unknown.join(', ')}; known: ${benches.map((b) => b.name).join(', ')}`);
  process.exit(2);
}
const selected = requested.length ? benches.filter((b) => requested.includes(b.name)) : benches;

// Every benchmark measures the built app: build once, up front, when the sources changed.
await ensureBuilt();

// Timings mean little on a busy machine: say so next to the figures.
const load = os.loadavg()[0];
const cores = os.availableParallelism();
log(
  `bench: load average ${load.toFixed(1)} on ${cores} cores${load > cores ? ' (busy machine: timings will be pessimistic)' : ''}`,
);

const figures = {};
const failedBenches = [];
for (const bench of selected) {
  const started = performance.now();
  log(`\n== ${bench.name}`);
  try {
    const result = await bench.run();
    Object.assign(figures, result);
    mergeResults(result);
    log(`== ${bench.name}: ${Object.keys(result).length} figures in ${formatMs(performance.now() - started)}`);
  } catch (error) {
    failedBenches.push(bench.name);
    console.error(`== ${bench.name} FAILED: ${error instanceof Error ? error.message : error}`);
  }
}

const missed = Object.entries(figures).filter(([, f]) => f.pass === false);
log('\n' + formatTable(figures));
log(
  `\nbench: ${Object.keys(figures).length} figures, ${missed.length} missed their target` +
    (failedBenches.length ? `, failed to run: ${failedBenches.join(', ')}` : '') +
    ` (written to ${path.relative(root, resultsFile)})`,
);
process.exit(missed.length || failedBenches.length ? 1 : 0);
