// `npm test`: everything CI checks, in order, stopping at the first failure.
//   1. system prerequisites: Debian's Chromium headless shell (the e2e browser,
//      docs/decisions/0032-e2e-at-the-browsers-pace.md), PostgreSQL 15 binaries
//      (installed with apt-get when missing and running as root)
//   2. build, typecheck and lint (ESLint, Prettier, knip) side by side, then vitest (all
//      projects), then playwright
//   3. each runner's summary, the duration of every step, and a last line
//      `tests: N passed, N failed[, N skipped]`
// Locally, `npm test -- --skip lint,typecheck` leaves steps out (CI runs them all).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { binPath, exitStatus, formatMs, root, run, runNode } from './lib.mjs';

// playwright.config.ts launches it (CHROMIUM_PATH overrides both).
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';
const INITDB = '/usr/lib/postgresql/15/bin/initdb';
const reportsDir = path.join(root, '.tmp', 'reports');
const vitestReport = path.join(reportsDir, 'vitest.json');
const playwrightReport = path.join(reportsDir, 'playwright.json');

const isRoot = process.getuid?.() === 0;
const allStarted = performance.now();
const durations = [];
let aptUpdated = false;

async function apt(args) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) {
    const update = await run('apt-get', ['update'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
    if (exitStatus(update) !== 0) return exitStatus(update);
    aptUpdated = true;
  }
  return exitStatus(await run('apt-get', ['install', '-y', ...args], { env, stdio: ['ignore', 'inherit', 'inherit'] }));
}

/** Installs a missing system package as root, or explains in one line how to. */
async function requireSystemFile(file, pkg, purpose) {
  if (existsSync(file)) return;
  if (!isRoot) {
    console.error(
      `npm test: ${file} is missing (${purpose}); install it with: sudo apt-get update && sudo apt-get install -y ${pkg}`,
    );
    process.exit(1);
  }
  console.log(`npm test: ${file} is missing (${purpose}), installing ${pkg} with apt-get`);
  const started = performance.now();
  const status = await apt([pkg]);
  durations.push([`install ${pkg}`, performance.now() - started, status]);
  if (status !== 0 || !existsSync(file)) {
    console.error(`npm test: apt-get install -y ${pkg} failed (exit ${status}), ${file} still missing`);
    process.exit(1);
  }
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** {passed, failed, skipped, text} from each runner's JSON report, when it wrote one. */
function vitestSummary() {
  const report = readJson(vitestReport);
  if (!report) return null;
  const passed = report.numPassedTests ?? 0;
  const failed = report.numFailedTests ?? 0;
  const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  const files = report.testResults?.length ?? 0;
  const failedFiles = (report.testResults ?? []).filter(
    (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
  );
  const notes = failedFiles.length ? `, ${failedFiles.length} file(s) failed to run` : '';
  return {
    passed,
    failed: failed + failedFiles.length,
    skipped,
    text: `vitest: ${passed} passed, ${failed} failed, ${skipped} skipped in ${files} files${notes}`,
  };
}

function playwrightSummary() {
  const report = readJson(playwrightReport);
  if (!report?.stats) return null;
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
  const errors = report.errors?.length ?? 0;
  return {
    passed: expected + flaky,
    failed: unexpected + errors,
    skipped,
    text:
      `playwright: ${expected} passed, ${unexpected} failed, ${flaky} flaky, ${skipped} skipped` +
      (errors ? `, ${errors} error(s) outside tests` : ''),
  };
}

function printSummary(failedStep) {
  console.log('\n── summary ──');
  try {
    const chromium = execFileSync(CHROMIUM, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    console.log(`node ${process.version}, ${chromium}`);
  } catch {
    // informational only
  }
  for (const [name, ms, status] of durations) {
    console.log(`  ${name.padEnd(22)} ${formatMs(ms).padStart(8)}  ${status === 0 ? 'ok' : `FAILED (exit ${status})`}`);
  }
  console.log(`  ${'total'.padEnd(22)} ${formatMs(performance.now() - allStarted).padStart(8)}`);
  const summaries = [vitestSummary(), playwrightSummary()].filter(Boolean);
  for (const summary of summaries) console.log(summary.text);
  if (failedStep) console.log(`npm test: stopped, step « ${failedStep} » failed`);
  const passed = summaries.reduce((sum, s) => sum + s.passed, 0);
  const failed = summaries.reduce((sum, s) => sum + s.failed, 0);
  const skipped = summaries.reduce((sum, s) => sum + s.skipped, 0);
  console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
}

/** Runs commands one after the other, stopping at the first that fails; resolves with its {code, signal}. */
async function chain(commands) {
  let result = { code: 0, signal: null };
  for (const command of commands) {
    result = await command();
    if (exitStatus(result) !== 0) break;
  }
  return result;
}

/**
 * The steps, in phases: the steps of a phase run side by side, each printing its whole output
 * when it ends; the next phase starts once all of them have passed. lint, typecheck and build
 * each keep one core busy for about a minute, so on two cores they take together about as long
 * as the longest alone; vitest and playwright use every core and run alone. `capture` is given
 * to the commands of a phase of several steps.
 */
const phases = [
  [
    ['build', (capture) => runNode(path.join(root, 'scripts', 'build.mjs'), [], { capture })],
    ['typecheck', (capture) => runNode(binPath('typescript', 'tsc'), ['--noEmit', '-p', 'tsconfig.json'], { capture })],
    [
      'lint',
      // What `npm run lint` checks: ESLint, Prettier, knip.
      (capture) =>
        chain([
          () =>
            runNode(binPath('eslint'), ['.', '--cache', '--cache-location', 'node_modules/.cache/eslint/'], {
              capture,
            }),
          () => runNode(binPath('prettier'), ['--check', '.', '--log-level', 'warn'], { capture }),
          () => runNode(binPath('knip'), ['--no-progress'], { capture }),
        ]),
    ],
  ],
  [
    [
      'vitest',
      (capture) =>
        runNode(
          binPath('vitest'),
          ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${path.relative(root, vitestReport)}`],
          { capture },
        ),
    ],
  ],
  [
    [
      'playwright',
      (capture) =>
        runNode(binPath('@playwright/test', 'playwright'), ['test', '--reporter=list,json'], {
          capture,
          env: {
            ...process.env,
            PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport,
            PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
          },
        }),
    ],
  ],
];
const steps = phases.flat();

if (!process.env.CHROMIUM_PATH)
  await requireSystemFile(CHROMIUM, 'chromium-headless-shell', 'the browser of the e2e tests');
else if (!existsSync(CHROMIUM)) {
  console.error(`npm test: CHROMIUM_PATH=${CHROMIUM} does not exist`);
  process.exit(1);
}
await requireSystemFile(INITDB, 'postgresql-15', 'the PostgreSQL server of the api-postgres tests');

rmSync(reportsDir, { recursive: true, force: true });
mkdirSync(reportsDir, { recursive: true });

const skipArg = process.argv.slice(2).find((arg) => arg.startsWith('--skip'));
const skipList = !skipArg
  ? ''
  : skipArg.includes('=')
    ? skipArg.split('=')[1]
    : (process.argv[process.argv.indexOf(skipArg) + 1] ?? '');
const skip = new Set(skipList.split(',').filter(Boolean));
const unknownSkip = [...skip].filter((name) => !steps.some(([step]) => step === name));
if (unknownSkip.length) {
  console.error(`npm test: unknown step ${unknownSkip.join(', ')}; steps: ${steps.map(([name]) => name).join(', ')}`);
  process.exit(2);
}

/** Runs one step; `together`: its output is kept and printed whole when it ends. */
async function runStep(name, runStepCommand, together) {
  if (skip.has(name)) {
    console.log(`\n── ${name}: skipped (--skip)`);
    durations.push([`${name} (skipped)`, 0, 0]);
    return 0;
  }
  if (!together) console.log(`\n── ${name} ──`);
  const output = [];
  const started = performance.now();
  let status;
  try {
    status = exitStatus(await runStepCommand(together ? (chunk) => output.push(chunk) : undefined));
  } catch (error) {
    output.push(Buffer.from(`npm test: ${name} could not start: ${error instanceof Error ? error.message : error}\n`));
    status = 1;
  }
  const ms = performance.now() - started;
  if (together) {
    console.log(`\n── ${name} ──`);
    process.stdout.write(Buffer.concat(output));
  } else if (output.length) process.stderr.write(Buffer.concat(output));
  durations.push([name, ms, status]);
  console.log(`── ${name}: ${status === 0 ? 'ok' : `FAILED (exit ${status})`} in ${formatMs(ms)}`);
  return status;
}

for (const phase of phases) {
  const together = phase.filter(([name]) => !skip.has(name)).length > 1;
  if (together)
    console.log(`\n── ${phase.map(([name]) => name).join(', ')}: side by side, each output shown when it ends ──`);
  const statuses = await Promise.all(phase.map(([name, command]) => runStep(name, command, together)));
  const failed = phase.findIndex((_, index) => statuses[index] !== 0);
  if (failed !== -1) {
    printSummary(
      phase
        .filter((_, index) => statuses[index] !== 0)
        .map(([name]) => name)
        .join(', '),
    );
    process.exit(statuses[failed]);
  }
}
printSummary(null);
