// Helpers for the operations suites (several instances, backup and restore): scratch databases
// on the PostgreSQL server named by TEST_DATABASE_URL, real server processes started as
// `npm start` starts them, an HTTP visitor with a cookie jar that can talk to any of them as
// if through one reverse proxy, and a fake Resend API that counts deliveries.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import postgres from 'postgres';
import { REPO_ROOT, freePort, startServerProcess } from '../support/server-process';

export { REPO_ROOT };

/** The one public address both instances answer for, as behind a load balancer (APP_URL). */
export const PUBLIC_URL = 'http://casillero.test';

/** The demo accounts, as the browser tests know them. */
export { DEMO } from '../e2e/session';

// --- PostgreSQL -------------------------------------------------------------------------------

/**
 * TEST_DATABASE_URL names the server (and a database whose name prefixes the scratch ones, so
 * CI's clean-up finds them). These suites need a real server: without it they fail, they do not skip.
 */
export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    throw new Error(
      'TEST_DATABASE_URL no está definida: estas pruebas necesitan PostgreSQL, p. ej. ' +
        'TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/casillero_ops npm run test:multi-instance',
    );
  }
  return url;
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export type ScratchDatabase = { name: string; url: string; sql: postgres.Sql; drop(): Promise<void> };

/** An empty database `<TEST_DATABASE_URL's name>_<label>_<hex>`, and a connection to it. */
export async function createScratchDatabase(label: string): Promise<ScratchDatabase> {
  const serverUrl = testDatabaseUrl();
  const base = new URL(serverUrl).pathname.slice(1) || 'casillero';
  const name = `${base}_${label}_${randomBytes(4).toString('hex')}`;
  // Connected to the maintenance database: the one named by the URL may not exist.
  const admin = postgres(withDatabase(serverUrl, 'postgres'), { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  const url = withDatabase(serverUrl, name);
  const sql = postgres(url, { max: 2, onnotice: () => {} });
  return {
    name,
    url,
    sql,
    async drop() {
      await sql.end({ timeout: 5 });
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end({ timeout: 5 });
    },
  };
}

// --- Server processes ---------------------------------------------------------------------------

export type Instance = {
  name: string;
  /** Where the test reaches this instance directly (the proxy's upstream address). */
  url: string;
  output: () => string;
  /** SIGTERM, as an orchestrator stops a replica; waits for the exit. */
  stop: () => Promise<void>;
  /** SIGKILL: the replica dies without closing anything. */
  kill: () => Promise<void>;
};

/**
 * Starts the server as `npm start -w server` does (NODE_ENV=production) on a free port, with
 * the environment given and nothing inherited that could reach the outside world. Resolves
 * once it printed its ready line.
 */
export async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const server = await startServerProcess(name, {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    ...env,
  });
  return { name, url: `http://127.0.0.1:${port}`, ...server };
}

/** Starts instances at the same moment; if one fails, stops the others before failing. */
export async function startTogether(specs: [name: string, env: Record<string, string>][]): Promise<Instance[]> {
  const started = await Promise.allSettled(specs.map(([name, env]) => startInstance(name, env)));
  const failure = started.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) {
    await Promise.all(started.map((r) => (r.status === 'fulfilled' ? r.value.kill() : undefined)));
    throw failure.reason;
  }
  return started.map((r) => (r as PromiseFulfilledResult<Instance>).value);
}

// --- A visitor ------------------------------------------------------------------------------------

export type TrpcAnswer<T = unknown> = { status: number; data?: T; error?: { message: string; code?: string } };

/**
 * One browser: a cookie jar and a client address, calling whichever instance it is given, with
 * the headers a reverse proxy in front of both would add (X-Forwarded-For, -Proto, -Host) and
 * the Origin of the public site.
 */
export class Visitor {
  readonly cookies = new Map<string, string>();

  constructor(readonly ip: string) {}

  headers(extra: Record<string, string> = {}): Record<string, string> {
    const publicUrl = new URL(PUBLIC_URL);
    const headers: Record<string, string> = {
      'x-forwarded-for': this.ip,
      'x-forwarded-proto': publicUrl.protocol.replace(':', ''),
      'x-forwarded-host': publicUrl.host,
      origin: publicUrl.origin,
      ...extra,
    };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    return headers;
  }

  private keepCookies(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async fetch(instance: Instance, pathAndQuery: string, init: RequestInit = {}): Promise<Response> {
    const res = await fetch(new URL(pathAndQuery, instance.url), {
      ...init,
      headers: this.headers((init.headers as Record<string, string>) ?? {}),
      redirect: 'manual',
    });
    this.keepCookies(res);
    return res;
  }

  async query<T = unknown>(instance: Instance, procedure: string, input?: unknown): Promise<TrpcAnswer<T>> {
    const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
    return answerOf<T>(await this.fetch(instance, `/trpc/${procedure}${query}`));
  }

  async mutation<T = unknown>(instance: Instance, procedure: string, input?: unknown): Promise<TrpcAnswer<T>> {
    const res = await this.fetch(instance, `/trpc/${procedure}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(input ?? null),
    });
    return answerOf<T>(res);
  }
}

async function answerOf<T>(res: Response): Promise<TrpcAnswer<T>> {
  const body = (await res.json()) as { result?: { data: T }; error?: { message: string; data?: { code?: string } } };
  if (body.error) return { status: res.status, error: { message: body.error.message, code: body.error.data?.code } };
  return { status: res.status, data: body.result?.data };
}

/** The data of a successful call, or a failure that shows the answer. */
export function ok<T>(answer: TrpcAnswer<T>): T {
  if (answer.error || answer.status !== 200)
    throw new Error(`Se esperaba éxito y llegó ${answer.status}: ${JSON.stringify(answer.error)}`);
  return answer.data as T;
}

// --- A fake e-mail provider ------------------------------------------------------------------------

export type DeliveredEmail = {
  /** The outbox row id, which the worker sends as Resend's idempotency key. */
  idempotencyKey: string;
  /** Which instance sent it (each gets its own API key). */
  apiKey: string;
  to: string[];
  subject: string;
  text: string;
};

/**
 * A stand-in for Resend's HTTP API (POST /emails), reached through the `resend` package's
 * RESEND_BASE_URL: records every request, so the test sees each delivery attempt as the
 * provider would, including duplicates.
 */
export async function startFakeResend() {
  const received: DeliveredEmail[] = [];
  let counter = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/emails') {
        res
          .writeHead(404, { 'content-type': 'application/json' })
          .end(JSON.stringify({ name: 'not_found', message: 'Not found' }));
        return;
      }
      const payload = JSON.parse(body) as { to: string[] | string; subject: string; text?: string };
      received.push({
        idempotencyKey: String(req.headers['idempotency-key'] ?? ''),
        apiKey: String(req.headers.authorization ?? '').replace(/^Bearer /, ''),
        to: Array.isArray(payload.to) ? payload.to : [payload.to],
        subject: payload.subject,
        text: payload.text ?? '',
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: `fake_${++counter}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// --- Waiting ---------------------------------------------------------------------------------------

export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Tiempo agotado esperando: ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
