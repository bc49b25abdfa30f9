// A bad setting stops `npm start`'s server before the database is touched: the real process
// (server/src/main.ts through tsx, as `npm run dev` runs it) prints one Spanish line naming the
// setting and what it accepts, no stack trace, exits 1, and leaves DATA_DIR uncreated: no
// embedded database was opened, so no migration ran.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_ERROR_PREFIX, SETTING_MESSAGES as M } from './env-messages';
import { REPO_ROOT } from './env';
import { BAD_SETTING_EXIT_CODE } from './startup-checks';

let scratch: string;
beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'casillero-arranque-'));
});
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

type Start = { code: number | null; stdout: string; stderr: string; dataDir: string };

/** Starts the server with only `settings` (and PATH, HOME, its own DATA_DIR) and waits for it to end. */
function start(name: string, settings: Record<string, string>): Promise<Start> {
  const dataDir = path.join(scratch, name);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, ...settings },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // A server that starts after all would never end: stop it, and the test fails on its output.
  const timer = setTimeout(() => child.kill('SIGKILL'), 25_000);
  return new Promise((resolve) => {
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, dataDir });
    });
  });
}

function expectRefused(result: Start, line: string) {
  expect(result.stderr).toBe(`${line}\n`);
  expect(result.stdout).toBe('');
  expect(result.code).toBe(BAD_SETTING_EXIT_CODE);
  expect(fs.existsSync(result.dataDir)).toBe(false);
}

describe.concurrent('a bad setting stops the start with one line, before any migration', () => {
  it('LOG_LEVEL outside the logger levels', async () => {
    expectRefused(await start('log-level', { LOG_LEVEL: 'verbose' }), `${CONFIG_ERROR_PREFIX} ${M.LOG_LEVEL}`);
  });

  it('PORT that is not a port number', async () => {
    expectRefused(await start('port', { PORT: 'abc' }), `${CONFIG_ERROR_PREFIX} ${M.PORT}`);
  });

  it('PORT that another process holds', async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as net.AddressInfo;
    try {
      const result = await start('port-in-use', { HOST: '127.0.0.1', PORT: String(port) });
      expectRefused(result, `${CONFIG_ERROR_PREFIX} ${M.PORT_IN_USE(port, '127.0.0.1')}`);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });

  it('TRUST_PROXY that is neither a number of proxies nor addresses', async () => {
    expectRefused(
      await start('trust-proxy', { TRUST_PROXY: 'abc' }),
      `${CONFIG_ERROR_PREFIX} ${M.TRUST_PROXY} (no se entiende: abc)`,
    );
  });

  it('a malformed DATABASE_URL, without repeating its password', async () => {
    const result = await start('database-url', { DATABASE_URL: 'postgres//casillero:secreto@db:5432/casillero' });
    expectRefused(result, `${CONFIG_ERROR_PREFIX} ${M.DATABASE_URL}`);
    expect(result.stderr).not.toContain('secreto');
  });

  it('INBOUND_MAIL_DNS_FIXTURE (a test-only DNS) in production', async () => {
    expectRefused(
      await start('dns-fixture', { NODE_ENV: 'production', INBOUND_MAIL_DNS_FIXTURE: 'dns.json' }),
      `${CONFIG_ERROR_PREFIX} ${M.INBOUND_MAIL_DNS_FIXTURE}`,
    );
  });

  it('several bad settings, all on the one line', async () => {
    expectRefused(
      await start('several', { NODE_ENV: 'prod', LOG_LEVEL: 'verbose' }),
      `${CONFIG_ERROR_PREFIX} ${M.NODE_ENV}; ${M.LOG_LEVEL}`,
    );
  });
});
