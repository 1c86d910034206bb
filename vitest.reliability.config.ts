import { defineConfig } from 'vitest/config';
import ReliabilitySummaryReporter from './src/server/reliability/support/summary-reporter.ts';

/**
 * `npx vitest run -c vitest.reliability.config.ts`: proof under load, faults and bad input
 * (see src/server/reliability/README.md). Files are `*.reliability.ts`, so `npm test` never runs them.
 *
 * - reliability-pglite / reliability-postgres: the in-process harness (createTestApp) on both
 *   databases, with the same global setups as the api-* projects: owner isolation, hostile input.
 * - reliability-postgres also runs the process tests: built servers (`node dist/server/server/main.js`,
 *   built by the global setup when stale) on the global setup's PostgreSQL, or on a cluster of
 *   their own when they stop it.
 * - reliability-load runs last and alone (its own group): autocannon against a built server.
 *   RELIABILITY_LOAD_SECONDS (default 30) is the length of each of its two runs.
 */
const inProcess = [
  'src/server/reliability/isolation.reliability.ts',
  'src/server/reliability/hostile-input.reliability.ts',
  'src/server/reliability/hostile-images.reliability.ts',
];
const processes = [
  'src/server/reliability/plan-limit-races.reliability.ts',
  'src/server/reliability/auth-abuse.reliability.ts',
  'src/server/reliability/crash-recovery.reliability.ts',
  'src/server/reliability/database-outage.reliability.ts',
  'src/server/reliability/crm-outage.reliability.ts',
  'src/server/reliability/live-menu.reliability.ts',
  'src/server/reliability/scan-batches.reliability.ts',
  'src/server/reliability/sub-recipe-races.reliability.ts',
  'src/server/reliability/deploy.reliability.ts',
  'src/server/reliability/backup-restore.reliability.ts',
];
const common = { environment: 'node' as const, testTimeout: 120_000, hookTimeout: 180_000 };

export default defineConfig({
  test: {
    maxWorkers: 2,
    reporters: ['default', new ReliabilitySummaryReporter()],
    // better-auth warns on every failed sign-in, which these tests do on purpose.
    onConsoleLog: (log) => !/\[Better Auth\]:.*(Invalid password|User not found)/.test(log),
    projects: [
      {
        test: {
          ...common,
          name: 'reliability-pglite',
          include: inProcess,
          env: { TEST_DB: 'pglite' },
          globalSetup: ['src/server/test/pglite-global-setup.ts'],
        },
      },
      {
        test: {
          ...common,
          name: 'reliability-postgres',
          include: [...inProcess, ...processes],
          env: { TEST_DB: 'postgres' },
          globalSetup: [
            'src/server/test/postgres-global-setup.ts',
            'src/server/reliability/support/build-global-setup.ts',
          ],
        },
      },
      {
        test: {
          ...common,
          name: 'reliability-load',
          include: ['src/server/reliability/load.reliability.ts'],
          env: { TEST_DB: 'postgres' },
          globalSetup: [
            'src/server/test/postgres-global-setup.ts',
            'src/server/reliability/support/build-global-setup.ts',
          ],
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
