// What operators and orchestrators read (docs/decisions/017): liveness (/healthz), readiness
// (/readyz: database reachable, migrations applied, not shutting down; always answered within a
// second), Prometheus metrics (/metrics, loopback only or a bearer token, http/metrics.ts), a
// request id on every answer and log line, Retry-After on every 503, and the graceful shutdown
// start.ts runs on SIGTERM, which keeps answering /readyz with 503 while it drains.
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { GENERIC_MESSAGES, SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS, httpStatusMessage } from '@casillero/shared';
import { MIGRATIONS_FOLDER, rowsOf, type Database } from '../db/client';
import type { Config } from '../env';
import { fromTrustedProxy, hopTrust } from '../lib/client-address';
import { scheduledJobs } from '../jobs/storage-reminders';
import { createMetrics } from './metrics';

/** SIGTERM to exit: past this the process gives up waiting and exits with 1. */
export const SHUTDOWN_DEADLINE_MS = 10_000;
/**
 * A readiness probe that waits longer than this on the database counts it unreachable: /readyz
 * answers within a second whatever the database does (refuses, hangs, restarts).
 */
export const READINESS_TIMEOUT_MS = 800;
/** The database gauges of a scrape wait no longer than this: /metrics answers without them. */
const METRICS_DATABASE_TIMEOUT_MS = 2_000;

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
  /** Resolves once every request that was in flight when called has been answered (or dropped). */
  drained(): Promise<void>;
};

/** An EventSource's request (the live updates): a stream that stays open as long as its page. */
const isEventStream = (req: FastifyRequest) => (req.headers.accept ?? '').includes('text/event-stream');

/**
 * Registers the probes, /metrics and the request hooks on the root instance. Call it before
 * the other routes and plugins, so its hooks cover them all.
 */
export async function registerOperations(app: FastifyInstance, options: OperationsOptions): Promise<Operations> {
  const { config, database } = options;
  const jobNames = scheduledJobs(config).map((job) => job.name);
  const metrics = createMetrics(database, new Set(options.procedurePaths), jobNames);
  const migrations = committedMigrations();
  let shuttingDown = false;
  /** The requests being answered (event streams aside: their own step ends them at shutdown). */
  const inFlight = new Set<FastifyRequest>();

  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
    if (shuttingDown && isEventStream(req)) {
      // A page's live stream reconnecting while this instance drains: its connection is dropped,
      // which an EventSource answers by reconnecting, to another instance once the load balancer
      // has taken this one out (an HTTP error would stop it for good).
      reply.hijack();
      req.raw.socket.destroy();
      return reply;
    }
    if (isEventStream(req)) return;
    inFlight.add(req);
    reply.raw.once('close', () => inFlight.delete(req));
  });
  app.addHook('onSend', async (_req, reply, payload) => {
    // A request that was in flight when shutdown began, or came during the drain: its keep-alive
    // connection ends with it.
    if (shuttingDown) reply.header('connection', 'close');
    // Every 503 (the database cannot be reached, a restart) says when to try again. tRPC's own
    // handler answers with a fetch Response, whose status Fastify applies only after this hook.
    const status = payload instanceof Response ? payload.status : reply.statusCode;
    if (status === 503 && !reply.hasHeader('retry-after'))
      reply.header('retry-after', String(SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS));
  });
  app.addHook('onResponse', async (req, reply) => {
    inFlight.delete(req);
    metrics.observe(req, reply.statusCode, reply.elapsedTime / 1000);
  });

  // Probes and scrapes come every few seconds: their request lines stay out of the log.
  const quiet = { logLevel: 'warn' as const };

  app.get('/healthz', quiet, async () => ({ status: 'ok' }));

  // One check of the database at a time: probes arriving while it runs share its answer, so a
  // database that hangs does not gather a queue of them.
  let probing: Promise<Readiness> | null = null;
  const probeDatabase = () => {
    probing ??= withTimeout(checkDatabase(database, migrations), READINESS_TIMEOUT_MS).finally(() => {
      probing = null;
    });
    return probing;
  };

  app.get('/readyz', quiet, async (req, reply) => {
    let readiness: Readiness;
    if (shuttingDown) {
      readiness = { ready: false, reason: 'shutting_down' };
    } else {
      try {
        readiness = await probeDatabase();
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
      await withTimeout(metrics.refreshDatabaseGauges(), METRICS_DATABASE_TIMEOUT_MS);
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
    async drained() {
      const waiting = [...inFlight];
      while (waiting.some((req) => inFlight.has(req))) await new Promise((resolve) => setTimeout(resolve, 20));
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
 * The order on SIGTERM: readiness fails (/readyz answers 503 `shutting_down`, every answer closes
 * its connection); while the requests in flight finish and the workers stop, the server still
 * listens, so a load balancer's probe gets that 503 rather than a refused connection and a
 * request that arrives meanwhile is still answered (a live stream is sent elsewhere); then
 * Fastify stops accepting connections, closes the idle keep-alive ones and waits for what came
 * during the drain; then the database pool closes. True when all of it ended within the
 * deadline; false (logged) when a step failed or the deadline passed, and the caller exits with 1.
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
    await Promise.all([operations.drained(), stopWorkers()]);
    await app.close();
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
