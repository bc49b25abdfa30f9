// The real server for the browser tests: started on a free port with a fresh embedded database,
// exactly as `npm start` runs it (nothing here imports server code); a tRPC caller against it, and
// the links of the e-mails it logs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { freePort, startServerProcess } from '../support/server-process';

export type RunningServer = {
  url: string;
  /** Everything the server printed so far (stdout and stderr). */
  output: () => string;
  stop: () => Promise<void>;
};

/**
 * Starts the app server from the repo root on a free port with a fresh embedded database in a
 * temporary DATA_DIR (a copy of the demo seeded once for the run by global-setup.ts, or seeded
 * on this first start when there is no copy), and nothing that could reach the outside world.
 * The client must already be built (`npm run test:e2e` builds it first).
 */
export async function startServer(
  options: {
    env?: Record<string, string>;
    /** The seeded data to start from; null: none (outside Vitest, as the benchmark runs). */
    templateDataDir?: string | null;
  } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casillero-e2e-'));
  const template = options.templateDataDir === undefined ? inject('e2eTemplateDataDir') : options.templateDataDir;
  if (template) fs.cpSync(template, dataDir, { recursive: true });
  const url = `http://localhost:${port}`;
  const server = await startServerProcess('e2e', {
    PORT: String(port),
    DATA_DIR: dataDir,
    APP_URL: url,
    NODE_ENV: 'production',
    // Webhook deliveries stay queued: a test's subscription never reaches the internet.
    WEBHOOKS_SEND: 'off',
    ...options.env,
  }).catch((err: unknown) => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  });
  return {
    url,
    output: server.output,
    async stop() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the /login form, using its Spanish labels. */
/**
 * A tRPC procedure over HTTP as the signed-in page calls it (no transformer: the input is the
 * JSON), for the steps a test sets up rather than shows: `const call = trpcCaller(url)`.
 */
export function trpcCaller(url: () => string) {
  return async function call<T>(page: Page, procedure: string, input: unknown, method: 'GET' | 'POST'): Promise<T> {
    const res =
      method === 'POST'
        ? await page.request.post(`${url()}/trpc/${procedure}`, { data: input, headers: { origin: url() } })
        : await page.request.get(`${url()}/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`);
    const body = await res.json();
    expect(res.status(), JSON.stringify(body)).toBe(200);
    return body.result.data as T;
  };
}

/**
 * Waits for the server to log an e-mail (no RESEND_API_KEY: the worker prints each e-mail with
 * its links) whose text contains `contains`, and returns its link to `path` (e.g.
 * '/verificar-email'). Use a unique name or text per test to find the right e-mail.
 */
export async function waitForEmailLink(
  server: RunningServer,
  {
    contains,
    path: linkPath,
    after = 0,
    timeoutMs = 20_000,
  }: { contains: string; path: string; after?: number; timeoutMs?: number },
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const escaped = linkPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const linkPattern = new RegExp(`https?://[^\\s"\\\\]+${escaped}\\?[^\\s"\\\\]+`);
  while (Date.now() < deadline) {
    for (const line of server.output().slice(after).split('\n')) {
      if (!line.includes(contains)) continue;
      const match = line.match(linkPattern);
      if (match) return match[0];
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No se registró un e-mail con '${contains}' y un enlace a ${linkPath} en ${timeoutMs / 1000} s`);
}
