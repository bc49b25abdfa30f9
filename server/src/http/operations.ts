// What operators and orchestrators read (docs/decisions/017): liveness (/healthz), readiness
// (/readyz: database reachable, migrations applied, not shutting down), Prometheus metrics
// (/metrics, loopback only or a bearer token), a request id on every answer and log line, and
// the graceful shutdown main.ts runs on SIGTERM.
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { count, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { GENERIC_MESSAGES, httpStatusMessage } from '@casillero/shared';
import { MIGRATIONS_FOLDER, rowsOf, type Database } from '../db/client';
import { emailOutbox } from '../db/schema';
import type { Config } from '../env';
import { fromTrustedProxy, hopTrust } from '../lib/client-address';

/** SIGTERM to exit: past this the process gives up waiting and exits with 1. */
export const SHUTDOWN_DEADLINE_MS = 10_000;
/** A readiness probe that waits longer than this on the database counts it unreachable. */
const READINESS_TIMEOUT_MS = 2_000;

// ---------------------------------------------------------------------------------------------
// Request ids

/** What an incoming X-Request-Id may look like (a UUID, a proxy's hex or base64url id). */
const INCOMING_REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * Fastify's genReqId: the X-Request-Id the trusted proxy sent (only from a proxy TRUST_PROXY
 * names, as anyone else could write it), or a new UUID. Fastify puts it on every log line of the request
 * (`reqId`, req.log and so ctx.log) and the onRequest hook below echoes it.
 */
export function requestIdGenerator(config: Pick<Config, 'trustProxy'>) {
  const trust = hopTrust(config.trustProxy);
  return (req: IncomingMessage): string => {
    const incoming = fromTrustedProxy(req, trust) ? req.headers['x-request-id'] : undefined;
    return typeof incoming === 'string' && INCOMING_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  };
}

// ---------------------------------------------------------------------------------------------
// Metrics

/** Node's own metrics (memory, event loop, GC): one set per process, however many servers it creates. */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Label values outside the routes the app declares, so scanners cannot grow the label sets. */
const FALLBACK_ROUTE = '(fallback)';
const STATIC_ROUTE = '(static)';
const UNKNOWN_PROCEDURE = '(unknown)';

/** The route a request matched: its pattern, one label for every static file, one for the not-found handler. */
function routeLabel(req: FastifyRequest): string {
  const url = req.routeOptions.url;
  if (!url) return FALLBACK_ROUTE;
  if (!url.includes(':') && !url.includes('*') && path.extname(url)) return STATIC_ROUTE;
  return url;
}

/** The tRPC error codes of one request's failed calls, by procedure path, in call order. */
const trpcErrors = new WeakMap<FastifyRequest, Map<string, string[]>>();

/** Called from tRPC's onError: the failed call is counted by its code when the answer is sent. */
export function noteTrpcError(req: FastifyRequest | undefined, procedure: string | undefined, code: string) {
  if (!req) return;
  const byPath = trpcErrors.get(req) ?? new Map<string, string[]>();
  const key = procedure ?? '';
  byPath.set(key, [...(byPath.get(key) ?? []), code]);
  trpcErrors.set(req, byPath);
}

/** The procedure paths of a tRPC request (several in a batch), as the client named them. */
function requestedProcedures(req: FastifyRequest): string[] {
  const rawPath = (req.params as { path?: string } | undefined)?.path;
  if (!rawPath) return [];
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return [UNKNOWN_PROCEDURE];
  }
  const isBatch = (req.query as { batch?: unknown } | undefined)?.batch === '1';
  return isBatch ? decoded.split(',') : [decoded];
}

function createMetrics(database: Database, procedurePaths: ReadonlySet<string>) {
  const register = new Registry();
  const httpLabels = ['method', 'route', 'status_class'] as const;
  const metrics = {
    httpRequests: new Counter({
      name: 'casillero_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status class.',
      labelNames: httpLabels,
      registers: [register],
    }),
    httpDuration: new Histogram({
      name: 'casillero_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status class.',
      labelNames: httpLabels,
      registers: [register],
    }),
    trpcCalls: new Counter({
      name: 'casillero_trpc_calls_total',
      help: 'tRPC procedure calls, by procedure and outcome (ok or the tRPC error code); each call of a batch counts.',
      labelNames: ['procedure', 'outcome'] as const,
      registers: [register],
    }),
    trpcDuration: new Histogram({
      name: 'casillero_trpc_call_duration_seconds',
      help: 'Time to answer the HTTP request that carried a tRPC call (a batch: the whole batch), by procedure.',
      labelNames: ['procedure'] as const,
      registers: [register],
    }),
    errors: new Counter({
      name: 'casillero_errors_total',
      help: 'Error answers: failed tRPC calls by procedure and tRPC code, other routes by HTTP status (4xx and 5xx).',
      labelNames: ['route', 'procedure', 'code'] as const,
      registers: [register],
    }),
    outboxPending: new Gauge({
      name: 'casillero_outbox_pending_messages',
      help: 'E-mails waiting in the outbox (status pending), read at scrape time.',
      registers: [register],
    }),
    outboxOldestAge: new Gauge({
      name: 'casillero_outbox_oldest_pending_age_seconds',
      help: 'Age of the oldest pending e-mail in the outbox (0 when none), read at scrape time.',
      registers: [register],
    }),
    outboxFailed: new Gauge({
      name: 'casillero_outbox_failed_messages',
      help: 'E-mails the worker gave up on after its retries (status failed), read at scrape time.',
      registers: [register],
    }),
    poolMax: new Gauge({
      name: 'casillero_db_pool_max_connections',
      help: 'Connections this instance may open to the database (1 for embedded PGlite).',
      labelNames: ['driver'] as const,
      registers: [register],
    }),
    poolConnections: new Gauge({
      name: 'casillero_db_pool_connections',
      help: "This instance's open database connections by state (in_use: running a query or inside a transaction), from pg_stat_activity at scrape time; PostgreSQL only.",
      labelNames: ['state'] as const,
      registers: [register],
    }),
  };
  metrics.poolMax.set({ driver: database.driver }, database.pool?.max ?? 1);

  function procedureLabel(procedure: string) {
    return procedurePaths.has(procedure) ? procedure : UNKNOWN_PROCEDURE;
  }

  function observe(req: FastifyRequest, statusCode: number, seconds: number) {
    const route = routeLabel(req);
    const labels = { method: req.method, route, status_class: `${Math.floor(statusCode / 100)}xx` };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, seconds);
    const procedures = route.startsWith('/trpc/') ? requestedProcedures(req) : [];
    if (procedures.length === 0) {
      if (statusCode >= 400) metrics.errors.inc({ route, code: String(statusCode) });
      return;
    }
    const errorsByPath = trpcErrors.get(req);
    for (const requested of procedures) {
      const procedure = procedureLabel(requested);
      // A call without an error of its own fails with the request when the request failed as a whole.
      const code = errorsByPath?.get(requested)?.shift() ?? (statusCode >= 400 ? String(statusCode) : undefined);
      metrics.trpcCalls.inc({ procedure, outcome: code ?? 'ok' });
      metrics.trpcDuration.observe({ procedure }, seconds);
      if (code) metrics.errors.inc({ route, procedure, code });
    }
  }

  /** The gauges read from the database, refreshed right before each scrape. */
  async function refreshDatabaseGauges() {
    const outbox = await database.db
      .select({
        status: emailOutbox.status,
        messages: count(),
        oldestAgeSeconds: sql<
          string | number | null
        >`extract(epoch from now() - min(${emailOutbox.createdAt}))::float8`,
      })
      .from(emailOutbox)
      .where(inArray(emailOutbox.status, ['pending', 'failed']))
      .groupBy(emailOutbox.status);
    const pending = outbox.find((row) => row.status === 'pending');
    metrics.outboxPending.set(pending?.messages ?? 0);
    metrics.outboxOldestAge.set(Number(pending?.oldestAgeSeconds ?? 0));
    metrics.outboxFailed.set(outbox.find((row) => row.status === 'failed')?.messages ?? 0);

    if (database.pool) {
      // postgres.js has no pool statistics: the server's view of this pool's connections
      // (found by their application_name). The one running this query counts as idle, as it
      // is between the pool's own queries.
      const [connections] = rowsOf<{ in_use: number; idle: number }>(
        await database.db.execute(sql`
          select count(*) filter (where state is distinct from 'idle' and pid <> pg_backend_pid())::int as in_use,
                 count(*) filter (where state = 'idle' or pid = pg_backend_pid())::int as idle
          from pg_stat_activity
          where application_name = ${database.pool.applicationName}`),
      );
      metrics.poolConnections.set({ state: 'in_use' }, connections?.in_use ?? 0);
      metrics.poolConnections.set({ state: 'idle' }, connections?.idle ?? 0);
    }
  }

  return { register: Registry.merge([processMetrics(), register]), observe, refreshDatabaseGauges };
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/** A token compared in constant time (hashes first, as timingSafeEqual needs equal lengths). */
function sameToken(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Who may read /metrics: with METRICS_TOKEN, whoever sends it as a bearer token; without it,
 * a connection from this machine (the socket's address, never X-Forwarded-For) that no proxy
 * relayed (a proxy on the same host connects from loopback too, so its forwarding headers
 * refuse the request).
 */
function canReadMetrics(req: FastifyRequest, metricsToken: string | undefined): boolean {
  if (metricsToken) {
    const [scheme, token] = (req.headers.authorization ?? '').split(' ');
    return scheme?.toLowerCase() === 'bearer' && !!token && sameToken(token, metricsToken);
  }
  const relayed = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined;
  return !relayed && LOOPBACK.test(req.socket.remoteAddress ?? '');
}

// ---------------------------------------------------------------------------------------------
// Readiness

type Readiness =
  | { ready: true }
  | { ready: false; reason: 'shutting_down' | 'database_unreachable' }
  | { ready: false; reason: 'migrations_pending'; pendingMigrations: number };

/** The `when` of each committed migration: drizzle's migrator records it as created_at once applied. */
function committedMigrations(): number[] {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return journal.entries.map((entry) => entry.when);
}

/** Database reachable and every committed migration applied, as drizzle's migrator decides it. */
async function checkDatabase(database: Database, migrations: number[]): Promise<Readiness> {
  const [table] = rowsOf<{ present: boolean }>(
    await database.db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`),
  );
  let latestApplied = 0;
  if (table?.present) {
    const [row] = rowsOf<{ latest: number | null }>(
      await database.db.execute(sql`select max(created_at)::float8 as latest from drizzle.__drizzle_migrations`),
    );
    latestApplied = Number(row?.latest ?? 0);
  }
  // The migrator applies every migration newer than the latest it recorded.
  const pendingMigrations = migrations.filter((when) => when > latestApplied).length;
  return pendingMigrations === 0 ? { ready: true } : { ready: false, reason: 'migrations_pending', pendingMigrations };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Sin respuesta en ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// ---------------------------------------------------------------------------------------------
// Registration

export type OperationsOptions = {
  config: Config;
  database: Database;
  /** Every tRPC procedure path (e.g. `auth.me`): the only values the procedure label takes. */
  procedurePaths: Iterable<string>;
};

export type Operations = {
  /** From now on /readyz answers 503 and every answer closes its connection. */
  markShuttingDown(): void;
};

/**
 * Registers the probes, /metrics and the request hooks on the root instance. Call it before
 * the other routes and plugins, so its hooks cover them all.
 */
export async function registerOperations(app: FastifyInstance, options: OperationsOptions): Promise<Operations> {
  const { config, database } = options;
  const metrics = createMetrics(database, new Set(options.procedurePaths));
  const migrations = committedMigrations();
  let shuttingDown = false;

  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  app.addHook('onSend', async (_req, reply) => {
    // A request that was in flight when shutdown began: its keep-alive connection ends with it.
    if (shuttingDown) reply.header('connection', 'close');
  });
  app.addHook('onResponse', async (req, reply) => {
    metrics.observe(req, reply.statusCode, reply.elapsedTime / 1000);
  });

  // Probes and scrapes come every few seconds: their request lines stay out of the log.
  const quiet = { logLevel: 'warn' as const };

  app.get('/healthz', quiet, async () => ({ status: 'ok' }));

  app.get('/readyz', quiet, async (req, reply) => {
    let readiness: Readiness;
    if (shuttingDown) {
      readiness = { ready: false, reason: 'shutting_down' };
    } else {
      try {
        readiness = await withTimeout(checkDatabase(database, migrations), READINESS_TIMEOUT_MS);
      } catch (err) {
        req.log.warn({ err }, 'Base de datos no disponible');
        readiness = { ready: false, reason: 'database_unreachable' };
      }
    }
    if (readiness.ready) return { status: 'ready' };
    const { ready: _ready, ...problem } = readiness;
    return reply.status(503).send({ status: 'not_ready', ...problem });
  });

  app.get('/metrics', quiet, async (req, reply) => {
    if (!canReadMetrics(req, config.metricsToken)) {
      // As any unknown address, or as any request without credentials: nothing about what runs here.
      if (!config.metricsToken) return reply.status(404).send({ error: GENERIC_MESSAGES.notFound });
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ error: httpStatusMessage(401) });
    }
    try {
      await metrics.refreshDatabaseGauges();
    } catch (err) {
      // The HTTP and process metrics still matter when the database does not answer.
      req.log.warn({ err }, 'Métricas de la base de datos no disponibles');
    }
    return reply.type(metrics.register.contentType).send(await metrics.register.metrics());
  });

  return {
    markShuttingDown() {
      shuttingDown = true;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Graceful shutdown

export type ShutdownSteps = {
  app: FastifyInstance;
  operations: Operations;
  /** Stops the background work (outbox worker, pruner) and waits for what is running. */
  stopWorkers: () => Promise<void>;
  closeDatabase: () => Promise<void>;
  log: FastifyBaseLogger;
  deadlineMs?: number;
};

/**
 * The order on SIGTERM: readiness fails; Fastify stops accepting connections, closes the idle
 * keep-alive ones and waits for the requests in flight, while the workers stop; then the
 * database pool closes. True when all of it ended within the deadline; false (logged) when a
 * step failed or the deadline passed, and the caller exits with 1.
 */
export async function shutDown({
  app,
  operations,
  stopWorkers,
  closeDatabase,
  log,
  deadlineMs = SHUTDOWN_DEADLINE_MS,
}: ShutdownSteps): Promise<boolean> {
  const started = Date.now();
  operations.markShuttingDown();
  let deadline: NodeJS.Timeout | undefined;
  const deadlinePassed = new Promise<'deadline'>((resolve) => {
    deadline = setTimeout(() => resolve('deadline'), deadlineMs);
  });
  const steps = (async () => {
    await Promise.all([app.close(), stopWorkers()]);
    await closeDatabase();
    return 'done' as const;
  })();
  try {
    const outcome = await Promise.race([steps, deadlinePassed]);
    if (outcome === 'deadline') {
      log.error({ deadlineMs }, 'El cierre ordenado superó el plazo');
      return false;
    }
    log.info({ ms: Date.now() - started }, 'Servidor cerrado');
    return true;
  } catch (err) {
    log.error({ err }, 'Error durante el cierre');
    return false;
  } finally {
    clearTimeout(deadline);
  }
}
