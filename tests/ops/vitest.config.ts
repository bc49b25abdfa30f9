// The operations suites (`npm run test:multi-instance`, `npm run test:restore-drill`): real
// server processes on the PostgreSQL server named by TEST_DATABASE_URL. Not part of `npm test`,
// which needs no PostgreSQL; CI runs them in its PostgreSQL stage.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'ops',
    root: path.dirname(fileURLToPath(import.meta.url)),
    environment: 'node',
    include: ['*.test.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
