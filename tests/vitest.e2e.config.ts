// Browser end-to-end tests (`npm run test:e2e`): playwright-core driving Debian's Chromium
// against the real server on a free port with a fresh embedded database.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['e2e/**/*.test.ts'],
    globalSetup: 'e2e/global-setup.ts',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
