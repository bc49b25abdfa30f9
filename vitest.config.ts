// Root Vitest run (`npx vitest run`, part of `npm test`): shared unit tests and the server suite.
// Browser tests are not part of it; they have their own config in tests/vitest.e2e.config.ts.
import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // At least two files at a time, each with its own database: Vitest's default leaves one core
    // of two idle once the type-check and build beside it in `npm test` are done.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'tooling',
          environment: 'node',
          include: ['scripts/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'shared',
          environment: 'node',
          include: ['shared/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/src/**/*.test.ts'],
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Migrates one database for the run; each test file then gets its own copy
          // (PGlite by default, a PostgreSQL database when TEST_DATABASE_URL is set).
          globalSetup: 'server/src/test/global-setup.ts',
        },
      },
    ],
  },
});
