import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import './report.ts';

/**
 * Prints, after vitest's own report, one line per reliability file (project, result,
 * duration, the figures its tests noted with `report()`), then the total wall time and a
 * closing `reliability: N passed, N failed` line.
 */
export default class ReliabilitySummaryReporter implements Reporter {
  private started = performance.now();

  onTestRunStart(): void {
    this.started = performance.now();
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const lines: string[] = [];
    const sorted = [...testModules].sort(
      (a, b) => a.project.name.localeCompare(b.project.name) || a.moduleId.localeCompare(b.moduleId),
    );
    for (const module of sorted) {
      const tests = [...module.children.allTests()];
      const states = tests.map((t) => t.result().state);
      const p = states.filter((s) => s === 'passed').length;
      const f =
        states.filter((s) => s === 'failed').length +
        (module.state() === 'failed' && !states.includes('failed') ? 1 : 0);
      const s = states.filter((s) => s === 'skipped' || s === 'pending').length;
      passed += p;
      failed += f;
      skipped += s;
      const ms = module.diagnostic().duration;
      const name = path.basename(module.moduleId).replace(/\.reliability\.ts$/, '');
      lines.push(
        `  ${f ? 'FAIL' : 'ok  '} ${module.project.name.padEnd(22)} ${name.padEnd(22)} ${`${p}/${tests.length}`.padStart(6)}  ${(ms / 1000).toFixed(1).padStart(6)} s`,
      );
      for (const test of tests) {
        const figures = test.meta().reliability;
        if (figures) lines.push(`        ${test.name}: ${figures}`);
      }
    }
    const wall = (performance.now() - this.started) / 1000;
    console.log(`\n── reliability summary ──\n${lines.join('\n')}\n  total wall time ${wall.toFixed(1)} s`);
    console.log(`reliability: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  }
}
