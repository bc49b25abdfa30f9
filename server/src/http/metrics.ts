// The Prometheus metrics of /metrics (docs/decisions/017-production-build-and-operations.md):
// requests, tRPC calls and errors as they are answered, Node's own metrics, and gauges read from
// the database at each scrape so that every instance reports the same queues: the four outboxes
// (e-mail, WhatsApp, webhooks, números de control), the scheduled jobs and the pool.
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { rowsOf, type Database } from '../db/client';

/** Each outbox's label and table: the tables share status, last_error and created_at. */
const OUTBOX_TABLES = [
  ['email', 'email_outbox'],
  ['whatsapp', 'whatsapp_outbox'],
  ['webhook', 'webhook_deliveries'],
  ['fiscal_control', 'fiscal_control_outbox'],
] as const;
type Outbox = (typeof OUTBOX_TABLES)[number][0];

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

/**
 * The app's metrics: requests and tRPC calls (observed as they are answered), and the gauges read
 * from the database at each scrape: the outboxes, the scheduled jobs, the database pool.
 * `jobNames` are the scheduled jobs' names, the only values the job label takes.
 */
export function createMetrics(database: Database, procedurePaths: ReadonlySet<string>, jobNames: readonly string[]) {
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
      help: 'Messages waiting in each outbox (status pending), read at scrape time: email, whatsapp, webhook, fiscal_control (números de control).',
      labelNames: ['outbox'] as const,
      registers: [register],
    }),
    outboxOldestAge: new Gauge({
      name: 'casillero_outbox_oldest_pending_age_seconds',
      help: 'Age of the oldest pending message of each outbox (0 when none), read at scrape time.',
      labelNames: ['outbox'] as const,
      registers: [register],
    }),
    outboxRetrying: new Gauge({
      name: 'casillero_outbox_retrying_messages',
      help: 'Pending messages of each outbox whose last attempt failed (waiting for a retry): a provider or receiver failing now.',
      labelNames: ['outbox'] as const,
      registers: [register],
    }),
    outboxFailed: new Gauge({
      name: 'casillero_outbox_failed_messages',
      help: 'Messages of each outbox given up after their retries (status failed), read at scrape time.',
      labelNames: ['outbox'] as const,
      registers: [register],
    }),
    jobLastSuccess: new Gauge({
      name: 'casillero_job_last_success_timestamp_seconds',
      help: 'When each scheduled job last finished a run (Unix seconds; 0 if never), from scheduled_job_runs at scrape time.',
      labelNames: ['job'] as const,
      registers: [register],
    }),
    jobLastDuration: new Gauge({
      name: 'casillero_job_last_duration_seconds',
      help: "How long each scheduled job's latest finished run took (0 if none).",
      labelNames: ['job'] as const,
      registers: [register],
    }),
    jobFailedRuns: new Gauge({
      name: 'casillero_job_failed_runs',
      help: 'Runs of each scheduled job that failed and have not finished since (any instance retries them).',
      labelNames: ['job'] as const,
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
    const outboxes = rowsOf<{
      outbox: Outbox;
      pending: number;
      retrying: number;
      oldest: number | null;
      failed: number;
    }>(
      await database.db.execute(
        sql`${sql.join(
          OUTBOX_TABLES.map(
            ([outbox, table]) => sql`
            select ${outbox}::text as outbox,
                   count(*) filter (where status = 'pending')::int as pending,
                   count(*) filter (where status = 'pending' and last_error is not null)::int as retrying,
                   extract(epoch from now() - min(created_at) filter (where status = 'pending'))::float8 as oldest,
                   count(*) filter (where status = 'failed')::int as failed
            from ${sql.identifier(table)} where status in ('pending', 'failed')`,
          ),
          sql` union all `,
        )}`,
      ),
    );
    for (const row of outboxes) {
      metrics.outboxPending.set({ outbox: row.outbox }, row.pending);
      metrics.outboxOldestAge.set({ outbox: row.outbox }, Number(row.oldest ?? 0));
      metrics.outboxRetrying.set({ outbox: row.outbox }, row.retrying);
      metrics.outboxFailed.set({ outbox: row.outbox }, row.failed);
    }

    // One row per job and business day: a few thousand rows a year.
    const jobs = rowsOf<{ job: string; last_success: number | null; duration: number | null; failed: number }>(
      await database.db.execute(sql`
        select job,
               extract(epoch from max(finished_at))::float8 as last_success,
               (array_agg(extract(epoch from finished_at - started_at)::float8 order by finished_at desc)
                 filter (where finished_at is not null))[1] as duration,
               count(*) filter (where finished_at is null and result->>'error' is not null)::int as failed
        from scheduled_job_runs group by job`),
    );
    for (const job of jobNames) {
      const row = jobs.find((r) => r.job === job);
      metrics.jobLastSuccess.set({ job }, Number(row?.last_success ?? 0));
      metrics.jobLastDuration.set({ job }, Number(row?.duration ?? 0));
      metrics.jobFailedRuns.set({ job }, row?.failed ?? 0);
    }

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
