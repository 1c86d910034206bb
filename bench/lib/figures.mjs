// A benchmark returns figures: { name: { value, target, pass, unit, ...details } }.
// These helpers print them and merge them into bench/results.json.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const resultsFile = path.join(import.meta.dirname, '..', 'results.json');

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export const round = (value, decimals = 0) => Math.round(value * 10 ** decimals) / 10 ** decimals;

export function formatTable(figures) {
  const rows = Object.entries(figures).map(([name, f]) => [
    name,
    `${f.value} ${f.unit ?? ''}`.trim(),
    f.target ?? '',
    f.pass === undefined ? '' : f.pass ? 'pass' : 'FAIL',
  ]);
  const header = ['figure', 'value', 'target', 'result'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** Merges figures into bench/results.json, keeping the figures of other benchmarks. */
export function mergeResults(figures, measuredAt = new Date().toISOString()) {
  let results = {};
  if (existsSync(resultsFile)) {
    try {
      results = JSON.parse(readFileSync(resultsFile, 'utf8'));
    } catch {
      results = {};
    }
  }
  for (const [name, figure] of Object.entries(figures)) results[name] = { ...figure, measuredAt };
  const sorted = Object.fromEntries(Object.entries(results).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(resultsFile, JSON.stringify(sorted, null, 2) + '\n');
}

/**
 * Entry point of a benchmark file run on its own: `--json` prints only the figures as JSON
 * on stdout (progress goes to stderr); otherwise progress and a table.
 */
export async function runMain(bench) {
  const json = process.argv.includes('--json');
  const log = (line) => (json ? process.stderr : process.stdout).write(line + '\n');
  const figures = await bench(log);
  if (json) process.stdout.write(JSON.stringify(figures, null, 2) + '\n');
  else log('\n' + formatTable(figures));
  process.exitCode = Object.values(figures).every((f) => f.pass !== false) ? 0 : 1;
}
