import { pathToFileURL } from 'node:url';

/** One measured figure, as `npm run bench` reads it from a benchmark's `--json` output. */
export interface BenchFigure {
  value: number;
  target: string;
  pass: boolean;
  unit: string;
  note?: string;
  details?: Record<string, unknown>;
}

export type BenchFigures = Record<string, BenchFigure>;

/** A plain text table (the standalone output of a benchmark). */
export function formatTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

export function formatFigures(figures: BenchFigures): string {
  return formatTable(
    ['figure', 'value', 'target', 'pass'],
    Object.entries(figures).map(([name, f]) => [name, `${f.value} ${f.unit}`, f.target, f.pass ? 'yes' : 'NO']),
  );
}

/**
 * Runs a benchmark when its file is executed directly: a table for people, or with `--json`
 * the figures object `scripts/bench.mjs` reads. Exits 1 when a figure misses its target.
 */
export async function runWhenMain(
  moduleUrl: string,
  run: (log: ((line: string) => void) | undefined) => Promise<BenchFigures>,
): Promise<void> {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  const json = process.argv.includes('--json');
  const figures = await run(json ? undefined : (line) => console.log(line));
  console.log(json ? JSON.stringify(figures, null, 2) : `\n${formatFigures(figures)}`);
  process.exitCode = Object.values(figures).every((f) => f.pass) ? 0 : 1;
}
