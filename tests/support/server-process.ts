// The app server as a real process, for the browser tests, the operations suites and the web
// benchmark: `node --import tsx server/src/main.ts` (one process, so a signal reaches the server
// itself) on a port of its own, resolved once it prints its ready line.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const READY_LINE = 'Servidor listo en';
const START_TIMEOUT_MS = 90_000;
/** After SIGTERM, how long the server gets to shut down (its own deadline is 10 s) before SIGKILL. */
const STOP_GRACE_MS = 15_000;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      if (!address || typeof address === 'string') {
        srv.close();
        reject(new Error('No se pudo obtener un puerto libre'));
        return;
      }
      srv.close(() => resolve(address.port));
    });
  });
}

export type ServerProcess = {
  /** Everything the server printed so far (stdout and stderr). */
  output: () => string;
  /** SIGTERM, as an orchestrator stops it (SIGKILL if it takes too long); waits for the exit. */
  stop: () => Promise<void>;
  /** SIGKILL: the server dies without closing anything. */
  kill: () => Promise<void>;
};

/**
 * The server's sources through tsx, or with E2E_SERVER=dist the build `npm test` has just made
 * (`npm run build`): the same code, loaded in a fraction of the time on every test file's start.
 */
const SERVER_ENTRY =
  process.env.E2E_SERVER === 'dist'
    ? ['--enable-source-maps', 'server/dist/main.js']
    : ['--import', 'tsx', 'server/src/main.ts'];

/**
 * Starts the server with exactly `env` (plus PATH and HOME), from the repository root. `name`
 * says which server a failure is about. A server that exits or stays silent fails the start,
 * with the end of what it printed.
 */
export async function startServerProcess(
  name: string,
  env: NodeJS.ProcessEnv,
  { startTimeoutMs = START_TIMEOUT_MS }: { startTimeoutMs?: number } = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, SERVER_ENTRY, {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let hasExited = false;
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', () => resolve(null));
  });
  void exited.then(() => (hasExited = true));

  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(READY_LINE)) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('error', reject);
    void exited.then((code) => reject(new Error(`El servidor ${name} terminó (código ${code}) antes de estar listo`)));
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`El servidor ${name} no estuvo listo en ${startTimeoutMs / 1000} s`)),
      startTimeoutMs,
    );
  });

  const end = async (signal: NodeJS.Signals) => {
    if (hasExited) return;
    child.kill(signal);
    const forced = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(forced);
  };

  try {
    await Promise.race([ready, timeout]);
  } catch (err) {
    await end('SIGKILL');
    // The reason is in what it printed: keep the end of it in the failure itself.
    throw new Error(`${(err as Error).message}\n--- salida de ${name} (final) ---\n${output.slice(-4000)}\n---`);
  } finally {
    clearTimeout(timer);
  }
  return { output: () => output, stop: () => end('SIGTERM'), kill: () => end('SIGKILL') };
}
