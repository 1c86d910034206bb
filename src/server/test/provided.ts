/**
 * Values the global setups hand to the test files (vitest `provide` / `inject`).
 * Type-only: importing this file declares the keys.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** api-pglite: path of a PGlite data-folder tarball, migrated and catalogue-loaded. */
    pgliteSnapshot: string;
    /** api-postgres: URL of a database on the test server used for CREATE/DROP DATABASE. */
    postgresAdminUrl: string;
    /** api-postgres: the migrated, catalogue-loaded database each test file copies. */
    postgresTemplate: string;
    /** api-postgres: prefix of this run's per-file databases (leftovers are dropped at the end). */
    postgresDbPrefix: string;
  }
}

export {};
