// The load run's servers: real processes of the built server (`npm run build -w server`), as
// production starts them, two on one PostgreSQL database behind one public address, and a fake
// e-mail and WhatsApp provider the outboxes drain into.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

export const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const READY_LINE = 'Servidor listo en';
/** The address both servers answer for, as behind one load balancer (APP_URL, Origin). */
export const PUBLIC_URL = 'http://casillero.test';

export type LoadServer = {
  name: string;
  url: string;
  /** Resident memory now, in MB (from /proc). */
  rssMb: () => number;
  output: () => string;
  stop: () => Promise<void>;
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export async function startLoadServer(name: string, env: Record<string, string>): Promise<LoadServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `casillero-carga-${name}-`));
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
    cwd: SERVER_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      APP_URL: PUBLIC_URL,
      TRUST_PROXY: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`El servidor ${name} no estuvo listo en 120 s:\n${output.slice(-3000)}`)),
      120_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(READY_LINE)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`El servidor ${name} terminó antes de estar listo:\n${output.slice(-3000)}`));
    });
  });
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    rssMb: () => {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
      return kb / 1024;
    },
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      const forced = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(forced);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Resend's POST /emails and WhatsApp's POST /<id>/messages answered at once, counted. */
export async function startFakeProviders() {
  const counts = { emails: 0, whatsapp: 0 };
  let id = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/emails') counts.emails++;
      else if (req.method === 'POST' && /\/messages$/.test(req.url ?? '')) counts.whatsapp++;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: `fake_${++id}`, messages: [{ id: `wamid.fake_${id}` }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The headers one reverse proxy in front of both servers adds, and the public site's Origin. */
export function proxyHeaders(ip: string): Record<string, string> {
  const publicUrl = new URL(PUBLIC_URL);
  return {
    'x-forwarded-for': ip,
    'x-forwarded-proto': 'http',
    'x-forwarded-host': publicUrl.host,
    origin: publicUrl.origin,
  };
}
