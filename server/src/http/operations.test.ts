// Probes, metrics, request ids and the graceful shutdown, over HTTP (Fastify's inject, and a
// listening server where connections matter), on PGlite or on PostgreSQL (TEST_DATABASE_URL).
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERIC_MESSAGES, SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS, httpStatusMessage } from '@casillero/shared';
import { MIGRATIONS_FOLDER, type Database } from '../db/client';
import { emailOutbox, webhookDeliveries, webhookSubscriptions, whatsappOutbox } from '../db/schema';
import { testConfig, type Config } from '../env';
import { DEPARTURE_DELAYS_JOB } from '../jobs/departure-delays';
import { PICKUP_REMINDERS_JOB } from '../jobs/pickup-reminders';
import { createScheduler } from '../jobs/scheduler';
import { STORAGE_REMINDERS_JOB } from '../jobs/storage-reminders';
import { enqueueEmail } from '../mail/outbox';
import { enqueueWhatsapp } from '../messaging/whatsapp-outbox';
import { signedInCustomer } from '../test/factories';
import { createServer } from '../server';
import { createTestDatabase } from '../test/db';
import { shutDown } from './operations';

type LogLine = { reqId?: string; msg?: string; level: number; [key: string]: unknown };
type Server = Awaited<ReturnType<typeof createServer>>;

/** A server whose log lines are kept, parsed, for the assertions. */
async function serverWithLog(database: Database, overrides: Partial<Config> = {}) {
  const lines: LogLine[] = [];
  const server = await createServer({
    config: testConfig({ appUrl: 'http://localhost:3000', ...overrides }),
    database,
    logStream: { write: (line) => void lines.push(JSON.parse(line) as LogLine) },
  });
  return { server, lines };
}

const committedMigrationCount = (
  JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }
).entries.length;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The value of one series of a scrape, by its labels; NaN when the series is absent. */
function gauge(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .join(',');
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${wanted}} `));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : Number.NaN;
}

let database: Database;
let server: Server;
let lines: LogLine[];
const extraServers: Server[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  ({ server, lines } = await serverWithLog(database));
});
afterAll(async () => {
  for (const extra of extraServers) await extra.app.close();
  await server.app.close();
  await database.close();
});

describe('liveness and readiness', () => {
  it('answers /healthz and /readyz on a migrated database', async () => {
    const health = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  describe('on a database of its own that loses migrations, then goes away', () => {
    let broken: Database;
    let brokenServer: Server;
    let brokenLines: LogLine[];
    let closed = false;
    beforeAll(async () => {
      broken = await createTestDatabase();
      ({ server: brokenServer, lines: brokenLines } = await serverWithLog(broken));
      extraServers.push(brokenServer);
    });
    afterAll(async () => {
      if (!closed) await broken.close();
    });

    it('is not ready while the latest migration is not applied, naming how many are missing', async () => {
      await broken.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      const res = await brokenServer.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not_ready', reason: 'migrations_pending', pendingMigrations: 1 });
    });

    it('is not ready on a database that was never migrated', async () => {
      await broken.db.execute(sql`drop schema drizzle cascade`);
      const res = await brokenServer.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'not_ready',
        reason: 'migrations_pending',
        pendingMigrations: committedMigrationCount,
      });
    });

    it('is not ready without its database, while /healthz (liveness) still answers 200', async () => {
      await broken.close();
      closed = true;
      const ready = await brokenServer.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'not_ready', reason: 'database_unreachable' });
      const health = await brokenServer.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
    });

    it('answers a procedure without its database 503 with Retry-After, logged with the request id of its request', async () => {
      const res = await brokenServer.app.inject({ method: 'GET', url: '/trpc/auth.adminSetupStatus' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe(String(SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS));
      expect(res.json()).toMatchObject({ error: { message: GENERIC_MESSAGES.serviceUnavailable } });
      const requestId = res.headers['x-request-id'];
      const failure = brokenLines.find((line) => line.msg === 'Servicio no disponible');
      expect(failure).toMatchObject({ reqId: requestId, procedure: 'auth.adminSetupStatus' });
    });
  });

  it('is not ready once shutdown has begun', async () => {
    const closing = await createServer({ config: testConfig(), database });
    extraServers.push(closing);
    closing.operations.markShuttingDown();
    const res = await closing.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'not_ready', reason: 'shutting_down' });
  });
});

describe('/metrics', () => {
  const scrape = (headers: Record<string, string> = {}, remoteAddress = '127.0.0.1', target = server) =>
    target.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });

  it('counts tRPC calls by procedure (each call of a batch) and failures by their code, for a reader on this machine', async () => {
    await server.app.inject({ method: 'GET', url: '/trpc/auth.me,site.config?batch=1&input=%7B%7D' });
    await server.app.inject({ method: 'GET', url: '/trpc/auth.me' });
    const invalid = await server.app.inject({
      method: 'GET',
      url: `/trpc/staff.invitation?input=${encodeURIComponent('{}')}`,
    });
    expect(invalid.statusCode).toBe(400);
    await server.app.inject({ method: 'GET', url: '/trpc/no.existe' });

    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain; version=0.0.4');
    const text = res.body;
    expect(text).toContain('casillero_trpc_calls_total{procedure="auth.me",outcome="ok"} 2');
    expect(text).toContain('casillero_trpc_calls_total{procedure="site.config",outcome="ok"} 1');
    expect(text).toContain('casillero_trpc_call_duration_seconds_count{procedure="auth.me"} 2');
    expect(text).toContain('casillero_trpc_calls_total{procedure="staff.invitation",outcome="BAD_REQUEST"} 1');
    expect(text).toContain(
      'casillero_errors_total{route="/trpc/:path",procedure="staff.invitation",code="BAD_REQUEST"} 1',
    );
    // A name the router does not know never becomes a label of its own.
    expect(text).toContain('casillero_trpc_calls_total{procedure="(unknown)",outcome="NOT_FOUND"} 1');
    expect(text).not.toContain('no.existe');
    expect(text).toMatch(/casillero_http_requests_total\{method="GET",route="\/trpc\/:path",status_class="2xx"\} 2/);
    expect(text).toMatch(
      /casillero_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/trpc\/:path",status_class="2xx"\}/,
    );
    // Node's own metrics come with them.
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });

  it('reads the outbox depth, the age of its oldest pending e-mail and the pool from the database', async () => {
    const id = await enqueueEmail(database.db, 'ops@ejemplo.com', {
      subject: 'x',
      html: 'x',
      text: 'x',
      template: 'test',
    } as never);
    await database.db
      .update(emailOutbox)
      .set({ createdAt: sql`now() - interval '90 seconds'` })
      .where(eq(emailOutbox.id, id!));
    // On PostgreSQL, a transaction left open during the scrape holds a connection of the pool
    // (PGlite has one connection: its transaction would hold up the scrape's queries).
    const text =
      database.driver === 'postgres'
        ? await database.db.transaction(async (tx) => {
            await tx.execute(sql`select 1`);
            return (await scrape()).body;
          })
        : (await scrape()).body;
    const pending = gauge(text, 'casillero_outbox_pending_messages', { outbox: 'email' });
    const age = gauge(text, 'casillero_outbox_oldest_pending_age_seconds', { outbox: 'email' });
    expect(pending).toBeGreaterThanOrEqual(1);
    expect(age).toBeGreaterThanOrEqual(90);
    expect(gauge(text, 'casillero_outbox_failed_messages', { outbox: 'email' })).toBeGreaterThanOrEqual(0);
    if (database.driver === 'postgres') {
      expect(text).toContain(`casillero_db_pool_max_connections{driver="postgres"} ${database.pool!.max}`);
      // The open transaction's connection is in use; the scrape's own counts as idle.
      const inUse = Number(/casillero_db_pool_connections\{state="in_use"\} (\d+)/.exec(text)?.[1]);
      const idle = Number(/casillero_db_pool_connections\{state="idle"\} (\d+)/.exec(text)?.[1]);
      expect(inUse).toBeGreaterThanOrEqual(1);
      expect(idle).toBeGreaterThanOrEqual(1);
      expect(inUse + idle).toBeLessThanOrEqual(database.pool!.max);
    } else {
      expect(text).toContain('casillero_db_pool_max_connections{driver="pglite"} 1');
    }
  });

  it('reads the WhatsApp, webhook and control-number outboxes (queued, oldest age, retrying, given up) and the scheduled jobs', async () => {
    const customer = await signedInCustomer(database.db);
    // WhatsApp: one queued two minutes ago, one whose last attempt failed, one given up.
    const queued = await enqueueWhatsapp(database.db, {
      userId: null,
      toPhone: '+584141110000',
      template: 'x',
      params: [],
    });
    const retrying = await enqueueWhatsapp(database.db, {
      userId: null,
      toPhone: '+584141110001',
      template: 'x',
      params: [],
    });
    const givenUp = await enqueueWhatsapp(database.db, {
      userId: null,
      toPhone: '+584141110002',
      template: 'x',
      params: [],
    });
    await database.db
      .update(whatsappOutbox)
      .set({ createdAt: sql`now() - interval '120 seconds'` })
      .where(eq(whatsappOutbox.id, queued));
    await database.db
      .update(whatsappOutbox)
      .set({ attempts: 2, lastError: 'HTTP 500' })
      .where(eq(whatsappOutbox.id, retrying));
    await database.db
      .update(whatsappOutbox)
      .set({ status: 'failed', lastError: 'HTTP 400' })
      .where(eq(whatsappOutbox.id, givenUp));
    // Webhooks: a receiver that failed every attempt for a day.
    const [subscription] = await database.db
      .insert(webhookSubscriptions)
      .values({
        userId: customer.user.id,
        url: 'https://receptor.example/h',
        events: ['invoice.issued'],
        secret: 'whsec_x',
      })
      .returning({ id: webhookSubscriptions.id });
    await database.db.insert(webhookDeliveries).values([
      { subscriptionId: subscription!.id, eventType: 'invoice.issued', sequence: 1, payload: {}, status: 'failed' },
      {
        subscriptionId: subscription!.id,
        eventType: 'invoice.issued',
        sequence: 2,
        payload: {},
        lastError: 'El receptor respondió 500',
      },
    ]);
    // Scheduled jobs, run by the real scheduler: one finishes in about 50 ms, one fails.
    const scheduler = createScheduler(
      database.db,
      [
        { name: STORAGE_REMINDERS_JOB, run: () => sleep(50) },
        {
          name: DEPARTURE_DELAYS_JOB,
          run: async () => {
            throw new Error('proveedor caído');
          },
        },
      ],
      { info() {}, warn() {} },
    );
    const outcomes = await scheduler.tick();
    expect(outcomes.map((o) => o.outcome)).toEqual(['ran', 'failed']);

    const text = (await scrape()).body;
    expect(gauge(text, 'casillero_outbox_pending_messages', { outbox: 'whatsapp' })).toBe(2);
    expect(gauge(text, 'casillero_outbox_oldest_pending_age_seconds', { outbox: 'whatsapp' })).toBeGreaterThanOrEqual(
      120,
    );
    expect(gauge(text, 'casillero_outbox_retrying_messages', { outbox: 'whatsapp' })).toBe(1);
    expect(gauge(text, 'casillero_outbox_failed_messages', { outbox: 'whatsapp' })).toBe(1);
    expect(gauge(text, 'casillero_outbox_pending_messages', { outbox: 'webhook' })).toBe(1);
    expect(gauge(text, 'casillero_outbox_retrying_messages', { outbox: 'webhook' })).toBe(1);
    expect(gauge(text, 'casillero_outbox_failed_messages', { outbox: 'webhook' })).toBe(1);
    // The control-number queue is read the same way (empty here: no factura was issued).
    expect(gauge(text, 'casillero_outbox_pending_messages', { outbox: 'fiscal_control' })).toBe(0);
    expect(gauge(text, 'casillero_outbox_oldest_pending_age_seconds', { outbox: 'fiscal_control' })).toBe(0);
    expect(gauge(text, 'casillero_outbox_failed_messages', { outbox: 'fiscal_control' })).toBe(0);

    const lastSuccess = gauge(text, 'casillero_job_last_success_timestamp_seconds', { job: STORAGE_REMINDERS_JOB });
    expect(Math.abs(lastSuccess - Date.now() / 1000)).toBeLessThan(60);
    expect(gauge(text, 'casillero_job_last_duration_seconds', { job: STORAGE_REMINDERS_JOB })).toBeGreaterThanOrEqual(
      0.04,
    );
    expect(gauge(text, 'casillero_job_failed_runs', { job: STORAGE_REMINDERS_JOB })).toBe(0);
    expect(gauge(text, 'casillero_job_failed_runs', { job: DEPARTURE_DELAYS_JOB })).toBe(1);
    expect(gauge(text, 'casillero_job_last_success_timestamp_seconds', { job: DEPARTURE_DELAYS_JOB })).toBe(0);
    // Every job the servers run has its series, run or not.
    expect(gauge(text, 'casillero_job_failed_runs', { job: PICKUP_REMINDERS_JOB })).toBe(0);
  });

  it('answers a reader elsewhere, or one relayed by a proxy, as an unknown address when no token is set', async () => {
    for (const res of [await scrape({}, '203.0.113.7'), await scrape({ 'x-forwarded-for': '203.0.113.7' })]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: GENERIC_MESSAGES.notFound });
    }
  });

  it('with METRICS_TOKEN, answers whoever sends it as a bearer token, and nobody else', async () => {
    const token = 'metricas-secretas-0123456789';
    const guarded = await createServer({ config: testConfig({ metricsToken: token }), database });
    extraServers.push(guarded);
    const refused = [
      await scrape({}, '127.0.0.1', guarded),
      await scrape({}, '203.0.113.7', guarded),
      await scrape({ authorization: 'Bearer otro-token-cualquiera' }, '203.0.113.7', guarded),
      await scrape({ authorization: token }, '203.0.113.7', guarded),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: httpStatusMessage(401) });
      expect(res.body).not.toContain('casillero_');
    }
    const allowed = await scrape({ authorization: `Bearer ${token}` }, '203.0.113.7', guarded);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('casillero_http_requests_total');
  });
});

describe('request ids', () => {
  it('answers with X-Request-Id and writes it on every log line of the request', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/trpc/auth.me' });
    const requestId = res.headers['x-request-id'] as string;
    expect(requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const mine = lines.filter((line) => line.reqId === requestId);
    expect(mine.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });

  it("takes the proxy's X-Request-Id only under TRUST_PROXY, and only a well-formed one", async () => {
    const ignored = await server.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'proxy-abc-123' },
    });
    expect(ignored.headers['x-request-id']).not.toBe('proxy-abc-123');

    const { server: proxied, lines: proxiedLines } = await serverWithLog(database, { trustProxy: { hops: 1 } });
    extraServers.push(proxied);
    const taken = await proxied.app.inject({
      method: 'GET',
      url: '/trpc/auth.me',
      headers: { 'x-request-id': 'proxy-abc-123' },
    });
    expect(taken.headers['x-request-id']).toBe('proxy-abc-123');
    expect(proxiedLines.filter((line) => line.reqId === 'proxy-abc-123')).toHaveLength(2);
    const malformed = await proxied.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'a b\n{"x":1}' },
    });
    expect(malformed.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('graceful shutdown', () => {
  /**
   * A listening server with a route that answers after `ms` (noting it in `events`), and a
   * promise of its first request arriving.
   */
  async function listeningWithSlowRoute(ms: number, events: string[] = []) {
    const { server: target, lines: targetLines } = await serverWithLog(database, { port: 0, host: '127.0.0.1' });
    let arrived!: () => void;
    const slowArrived = new Promise<void>((resolve) => (arrived = resolve));
    target.app.get('/test/slow', async () => {
      arrived();
      await sleep(ms);
      events.push('slow request answered');
      return { done: true };
    });
    const url = await target.listen();
    return { target, targetLines, url, port: Number(new URL(url).port), slowArrived };
  }

  /** 'connected', or the error code of a refused connection. */
  const connect = (port: number) =>
    new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
    });

  it('keeps answering /readyz with 503 while the request in flight finishes, then refuses connections, stops the workers and closes the database', async () => {
    const events: string[] = [];
    const { target, url, port, slowArrived } = await listeningWithSlowRoute(1000, events);
    const slow = fetch(`${url}/test/slow`).then(async (res) => ({
      status: res.status,
      connection: res.headers.get('connection'),
      body: await res.json(),
    }));
    await slowArrived;

    const started = Date.now();
    const finished = shutDown({
      app: target.app,
      operations: target.operations,
      stopWorkers: async () => void events.push('workers stopped'),
      // The test database stays open for the other tests: the step is recorded, not run.
      closeDatabase: async () => void events.push('database closed'),
      log: target.app.log,
      deadlineMs: 5000,
    });

    // While the slow request is in flight: a probe on a new connection is answered, within a
    // second, 503 "shutting down", and closes its connection.
    const probeStarted = performance.now();
    const probe = await fetch(`${url}/readyz`);
    expect(probe.status).toBe(503);
    expect(await probe.json()).toEqual({ status: 'not_ready', reason: 'shutting_down' });
    expect(probe.headers.get('connection')).toBe('close');
    expect(performance.now() - probeStarted).toBeLessThan(1000);
    events.push('probe answered while draining');
    // A page's live stream reconnecting now has its connection dropped (its EventSource then
    // reconnects elsewhere), rather than a stream that would hold the shutdown open.
    await expect(fetch(`${url}/trpc/live.events`, { headers: { accept: 'text/event-stream' } })).rejects.toThrow();

    // Once it is answered, new connections are refused.
    expect(await slow).toEqual({ status: 200, connection: 'close', body: { done: true } });
    let outcome = 'connected';
    for (let attempt = 0; attempt < 100 && outcome !== 'ECONNREFUSED'; attempt++) {
      outcome = await connect(port);
      if (outcome !== 'ECONNREFUSED') await sleep(10);
    }
    expect(outcome).toBe('ECONNREFUSED');
    expect(await finished).toBe(true);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(events.indexOf('probe answered while draining')).toBeLessThan(events.indexOf('slow request answered'));
    expect(events.indexOf('slow request answered')).toBeLessThan(events.indexOf('database closed'));
    expect(events.indexOf('workers stopped')).toBeLessThan(events.indexOf('database closed'));
  });

  it('with nothing in flight, closes at once', async () => {
    const { target, port } = await listeningWithSlowRoute(0);
    const started = Date.now();
    const clean = await shutDown({
      app: target.app,
      operations: target.operations,
      stopWorkers: async () => {},
      closeDatabase: async () => {},
      log: target.app.log,
      deadlineMs: 5000,
    });
    expect(clean).toBe(true);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await connect(port)).toBe('ECONNREFUSED');
  });

  it('gives up at the deadline (the caller then exits with 1), logging it', async () => {
    const { target, targetLines, url, slowArrived } = await listeningWithSlowRoute(1500);
    const slow = fetch(`${url}/test/slow`);
    await slowArrived;
    let databaseClosed = false;
    const started = Date.now();
    const clean = await shutDown({
      app: target.app,
      operations: target.operations,
      stopWorkers: async () => {},
      closeDatabase: async () => {
        databaseClosed = true;
      },
      log: target.app.log,
      deadlineMs: 300,
    });
    expect(clean).toBe(false);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(databaseClosed).toBe(false);
    expect(targetLines.find((line) => line.msg === 'El cierre ordenado superó el plazo')).toMatchObject({
      deadlineMs: 300,
    });
    expect((await slow).status).toBe(200);
  });
});
