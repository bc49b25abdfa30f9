// Browser end-to-end tests (`npm run test:e2e`): playwright-core driving Debian's Chromium
// against the real server on a free port with a fresh embedded database.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['e2e/**/*.test.ts'],
    globalSetup: 'e2e/global-setup.ts',
    // Two files at a time, each with its own server and browser: a browser test mostly waits (for
    // the network to go quiet, for an animation, for the server), so on a 2-core machine two
    // files take little more than one.
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // What the page shows after a save and its refetch: on a busy CI machine that takes more
    // than expect.poll's default second (Playwright's own waits allow 30 s).
    expect: { poll: { timeout: 15_000 } },
  },
});
