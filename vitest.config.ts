// Root Vitest run (`npx vitest run`, part of `npm test`): shared unit tests and the server suite.
// Browser tests are not part of it; they have their own config in tests/vitest.e2e.config.ts.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
