// Once per browser-test run: start the server on an empty embedded database, let it migrate and
// seed the demo, stop it, and keep that data folder. Each test file's server then starts on a
// copy of it (startServer in app-server.ts): as fresh as a first start, without seeding 26 times.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, startServerProcess } from '../support/server-process';
import { expectPlaywrightFeaturesKept, findChromium } from './browser';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The demo's data folder, seeded once; empty when there is none (no Chromium). */
    e2eTemplateDataDir: string;
  }
}

export default async function setup(project: TestProject) {
  project.provide('e2eTemplateDataDir', '');
  // Without Chromium every browser test is skipped: nothing to seed for.
  if (!findChromium()) return;
  await expectPlaywrightFeaturesKept();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casillero-e2e-template-'));
  const port = await freePort();
  const server = await startServerProcess(
    'e2e (plantilla)',
    {
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_URL: `http://localhost:${port}`,
      NODE_ENV: 'production',
    },
    // The one start that migrates and seeds, on a machine that may be busy.
    { startTimeoutMs: 300_000 },
  );
  await server.stop();
  project.provide('e2eTemplateDataDir', dataDir);
  return () => fs.rmSync(dataDir, { recursive: true, force: true });
}
