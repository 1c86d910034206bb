import { defineConfig } from 'vitest/config';

/**
 * unit: pure code. api-pglite / api-postgres: the same API integration tests
 * (`*.int.test.ts`, harness in src/server/test) on the embedded database and on a real
 * PostgreSQL 15 started by the global setup (or TEST_DATABASE_URL).
 * `npx vitest run --project unit` runs one of them.
 */
/**
 * Budgets for a busy 2-core machine (docs/decisions/0015-tests-that-never-cry-wolf.md), where
 * a test takes two to three times as long: a migration test takes 10 s there (5 s idle),
 * the source scan of src/shared/typography-sources.test.ts 2 s (Vitest's default is 5 s).
 */
const integration = {
  include: ['src/server/**/*.int.test.ts'],
  environment: 'node',
  // A 5xx or a logged error the test did not ask for fails it (docs/decisions/0015-tests-that-never-cry-wolf.md).
  setupFiles: ['src/server/test/server-errors-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 60_000,
  // Each worker imports the server once for all its files instead of once per file: the
  // import phase was 224 s of the API projects' 537 (api-pglite alone, 2026-11-28), and the
  // tests themselves run warm. Safe because no integration test mocks a module, stubs or
  // replaces a global, or changes the environment (src/server/test/isolation-guard.test.ts
  // fails if one does), and each builds its own app, database and caches through
  // src/server/test (docs/decisions/0029-tests-share-a-worker.md).
  isolate: false,
};

export default defineConfig({
  test: {
    // Two cores: more workers only fight over them (PGlite is CPU-bound WebAssembly).
    maxWorkers: 2,
    // better-auth warns on every failed sign-in, which the auth tests do on purpose.
    onConsoleLog: (log) => !/\[Better Auth\]:.*(Invalid password|User not found)/.test(log),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'eslint/**/*.test.js'],
          exclude: ['src/**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        test: {
          ...integration,
          name: 'api-pglite',
          env: { TEST_DB: 'pglite' },
          globalSetup: ['src/server/test/pglite-global-setup.ts'],
        },
      },
      {
        test: {
          ...integration,
          name: 'api-postgres',
          env: { TEST_DB: 'postgres' },
          globalSetup: ['src/server/test/postgres-global-setup.ts'],
        },
      },
    ],
  },
});
