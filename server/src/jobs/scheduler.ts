// Scheduled work run from the database (docs/decisions/020-messages-that-reach-people.md; docs/product/product-decisions.md#d16-storage-is-free-for-30-days): every server instance ticks
// every minute and tries each job for its current period (the business day in Caracas). A run is
// claimed by inserting its (job, run_key) row into scheduled_job_runs: the primary key lets one
// instance win, however many tick at once, and the job runs once per period.
//
// The work and the row's finished_at commit in one transaction after the claim. A run that
// crashed or failed (claimed, never finished) is claimed again by any instance once it is older
// than `retryAfterMs`; the jobs are written to be safe to repeat (their own keys, e.g.
// storage_reminders' primary key, say what was already done), so a slow run overtaken by a retry
// still does each thing once.
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';
import { scheduledJobRuns } from '../db/schema';
import { businessToday } from '../lib/business-clock';

export type JobLogger = { info: (obj: object, msg?: string) => void; warn: (obj: object, msg?: string) => void };

export type ScheduledJob = {
  name: string;
  /** The period a run is for; one run per key. The business day by default. */
  runKey?: (now: Date) => string;
  /** The work, in the transaction that also marks the run finished; its result is stored. */
  run: (tx: Db, runKey: string) => Promise<unknown>;
};

export type TickResult = {
  job: string;
  runKey: string;
  outcome: 'ran' | 'skipped' | 'failed';
  result?: unknown;
  error?: string;
};

export type SchedulerOptions = {
  /** How often each instance tries the due jobs. */
  intervalMs?: number;
  /** A claimed run not finished after this long (crashed, failed) may be claimed again. */
  retryAfterMs?: number;
};

export const DEFAULT_INTERVAL_MS = 60_000;
export const DEFAULT_RETRY_AFTER_MS = 10 * 60_000;

/** Claims (job, runKey): true for the one caller that inserted it, or that took over a stale run. */
export async function claimRun(
  db: Db,
  job: string,
  runKey: string,
  retryAfterMs = DEFAULT_RETRY_AFTER_MS,
): Promise<boolean> {
  const claimed = rowsOf<{ job: string }>(
    await db.execute(sql`
      insert into ${scheduledJobRuns} (job, run_key) values (${job}, ${runKey})
      on conflict (job, run_key) do update set started_at = now(), result = null
        where ${scheduledJobRuns}.finished_at is null
          and ${scheduledJobRuns}.started_at < now() - make_interval(secs => ${retryAfterMs / 1000})
      returning job`),
  );
  return claimed.length === 1;
}

export function createScheduler(db: Db, jobs: ScheduledJob[], log: JobLogger, options: SchedulerOptions = {}) {
  const retryAfterMs = options.retryAfterMs ?? DEFAULT_RETRY_AFTER_MS;
  let running: Promise<TickResult[]> | null = null;

  async function runOne(job: ScheduledJob, now: Date): Promise<TickResult> {
    const runKey = (job.runKey ?? businessToday)(now);
    if (!(await claimRun(db, job.name, runKey, retryAfterMs))) return { job: job.name, runKey, outcome: 'skipped' };
    try {
      const result = await db.transaction(async (tx) => {
        const r = await job.run(tx as unknown as Db, runKey);
        await tx
          .update(scheduledJobRuns)
          .set({ finishedAt: new Date(), result: (r ?? null) as object | null })
          .where(and(eq(scheduledJobRuns.job, job.name), eq(scheduledJobRuns.runKey, runKey)));
        return r;
      });
      log.info({ job: job.name, runKey, result }, 'Tarea programada completada');
      return { job: job.name, runKey, outcome: 'ran', result };
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      log.warn({ job: job.name, runKey, err }, 'Fallo en una tarea programada; se reintentará');
      // Left unfinished: any instance retries it after retryAfterMs. The error is kept for operators.
      await db
        .update(scheduledJobRuns)
        .set({ result: { error: message } })
        .where(and(eq(scheduledJobRuns.job, job.name), eq(scheduledJobRuns.runKey, runKey)))
        .catch(() => {});
      return { job: job.name, runKey, outcome: 'failed', error: message };
    }
  }

  /** Tries every job once; a tick still running is joined, not doubled. */
  function tick(now = new Date()): Promise<TickResult[]> {
    if (running) return running;
    running = (async () => {
      const results: TickResult[] = [];
      for (const job of jobs) results.push(await runOne(job, now));
      return results;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  let timer: NodeJS.Timeout | null = null;
  return {
    tick,
    /** Ticks now and then every intervalMs. */
    start() {
      if (timer) return;
      const safeTick = () => void tick().catch((err) => log.warn({ err }, 'Fallo del programador de tareas'));
      safeTick();
      timer = setInterval(safeTick, options.intervalMs ?? DEFAULT_INTERVAL_MS);
      timer.unref();
    },
    /** Stops ticking and waits for a run in progress. */
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => {});
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;
