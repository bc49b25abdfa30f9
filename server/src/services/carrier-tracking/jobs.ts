// The first mile's two jobs (docs/product/first-mile.md#polling-and-the-days-budget), run by every
// server instance: registering new numbers with the provider in batches, and polling (the
// webhooks' fallback) the numbers whose next_poll_at has come. A batch is claimed by moving its
// next_poll_at a lease ahead in the statement that picks it (SKIP LOCKED), so two instances
// never ask for the same numbers; every request is first taken from the day's budget. When the
// provider fails, the batch is put back for later with a growing delay and nothing is lost; the
// events a late poll brings are stored once, so nobody is told twice.
import { sql } from 'drizzle-orm';
import type { CarrierTrackingState, FirstMileCarrier } from '@casillero/shared';
import { rowsOf, type Db } from '../../db/client';
import { carrierShipments } from '../../db/schema';
import { applyProviderUpdate } from './updates';
import { pgTextArray } from '../notify';
import { getFirstMileSettings, takeRequest } from './budget';
import { POLL_EVERY_MS, QUIET_AFTER_MS, QUIET_POLL_EVERY_MS } from './schedule';
import type { TrackingProvider } from './providers/provider';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** How long a claimed batch is held: longer than any provider request. */
const LEASE_MS = 10 * MINUTE;

/** The first poll after registration: the provider's own first answer usually comes by webhook. */
const FIRST_POLL_AFTER_MS = 6 * HOUR;

/** After a failed request: 1 min, 2, 4 … capped at an hour. */
export const retryDelayMs = (failures: number) => Math.min(MINUTE * 2 ** Math.max(0, failures - 1), HOUR);

type Claimed = {
  id: string;
  tracking_number: string;
  carrier: FirstMileCarrier | null;
  state: CarrierTrackingState | null;
};

export type RunOptions = {
  now?: Date;
  appUrl?: string;
  /** Consecutive failed runs so far: the delay before a failed batch is asked again. */
  failures?: number;
  /** At most this many requests in one run (a run stays short; the next tick goes on). */
  maxRequests?: number;
};

export type RunResult = {
  registered: number;
  rejected: number;
  polled: number;
  requests: number;
  /** The day's budget ran out before every due number was asked. */
  budgetSpent: boolean;
  /** The provider failed: the run stopped there. */
  failed: boolean;
  /** Why, for the log. */
  error?: string;
};

async function claim(db: Db, which: 'register' | 'poll', limit: number, now: Date): Promise<Claimed[]> {
  const due =
    which === 'register'
      ? sql`registered_at is null and stopped_at is null and (next_poll_at is null or next_poll_at <= ${now.toISOString()}::timestamptz)`
      : sql`registered_at is not null and stopped_at is null and next_poll_at <= ${now.toISOString()}::timestamptz`;
  const order = which === 'register' ? sql`created_at` : sql`next_poll_at`;
  return rowsOf<Claimed>(
    await db.execute(sql`
      update ${carrierShipments} set next_poll_at = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz
      where id in (select id from ${carrierShipments} where ${due} order by ${order} limit ${limit} for update skip locked)
      returning id, tracking_number, carrier, state`),
  );
}

/** Puts a batch back after a failed request, to be asked again after the delay. */
async function putBack(db: Db, ids: string[], at: Date) {
  await db.execute(
    sql`update ${carrierShipments} set next_poll_at = ${at.toISOString()}::timestamptz where id = any(${pgTextArray(ids)}::uuid[])`,
  );
}

/** One pass of both jobs: registration first (new numbers), then the due polls. */
export async function runCarrierTracking(
  db: Db,
  provider: TrackingProvider,
  options: RunOptions = {},
): Promise<RunResult> {
  const now = options.now ?? new Date();
  const maxRequests = options.maxRequests ?? 50;
  const { dailyRequestBudget } = await getFirstMileSettings(db);
  const result: RunResult = { registered: 0, rejected: 0, polled: 0, requests: 0, budgetSpent: false, failed: false };
  const retryAt = new Date(now.getTime() + retryDelayMs((options.failures ?? 0) + 1));

  for (const which of ['register', 'poll'] as const) {
    while (result.requests < maxRequests && !result.failed && !result.budgetSpent) {
      const batch = await claim(db, which, provider.maxBatch, now);
      if (batch.length === 0) break;
      const ids = batch.map((b) => b.id);
      if (!(await takeRequest(db, provider.name, dailyRequestBudget, now))) {
        // Spent for today: due again when the day's count starts over.
        await putBack(db, ids, now);
        result.budgetSpent = true;
        break;
      }
      result.requests++;
      const numbers = batch.map((b) => ({ trackingNumber: b.tracking_number, carrier: b.carrier }));
      try {
        if (which === 'register') {
          const answer = await provider.register(numbers);
          await recordRegistration(db, batch, answer, now);
          result.registered += answer.accepted.length;
          result.rejected += answer.rejected.length;
        } else {
          const update = await provider.poll(numbers);
          await applyProviderUpdate(db, provider.name, update, { appUrl: options.appUrl, now });
          await reschedule(db, ids, now);
          result.polled += batch.length;
        }
      } catch (err) {
        await putBack(db, ids, retryAt);
        result.failed = true;
        result.error = err instanceof Error ? err.message : String(err);
      }
    }
  }
  return result;
}

const seconds = (ms: number) => sql`${ms / 1000}::int * interval '1 second'`;

/**
 * After a poll: asked again by its state (schedule.ts), at most once a day while the carrier has
 * said nothing of it for QUIET_AFTER_MS (its last event, or its registration when it has none).
 */
async function reschedule(db: Db, ids: string[], now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const byState = sql.join(
    Object.entries(POLL_EVERY_MS).map(([s, ms]) => sql`when ${s}::text then ${seconds(ms)}`),
    sql` `,
  );
  await db.execute(sql`
    update ${carrierShipments} s set last_polled_at = ${at},
      next_poll_at = case when s.stopped_at is null then ${at} + greatest(
        case coalesce(s.state, 'none') ${byState} end,
        case when coalesce(
          (select max(e.occurred_at) from carrier_events e where e.carrier_shipment_id = s.id), s.registered_at
        ) < ${at} - ${seconds(QUIET_AFTER_MS)} then ${seconds(QUIET_POLL_EVERY_MS)} else interval '0' end
      ) end
    where s.id = any(${pgTextArray(ids)}::uuid[])`);
}

async function recordRegistration(
  db: Db,
  batch: Claimed[],
  answer: { accepted: string[]; rejected: { trackingNumber: string; reason: string }[] },
  now: Date,
) {
  const accepted = new Set(answer.accepted);
  const rejected = new Map(answer.rejected.map((r) => [r.trackingNumber, r.reason]));
  const firstPoll = new Date(now.getTime() + FIRST_POLL_AFTER_MS);
  for (const b of batch) {
    const reason = rejected.get(b.tracking_number);
    if (accepted.has(b.tracking_number)) {
      await db.execute(sql`update ${carrierShipments} set registered_at = ${now.toISOString()}::timestamptz, registration_error = null,
        next_poll_at = ${firstPoll.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz where id = ${b.id}`);
    } else if (reason !== undefined) {
      // Refused: followed no more until someone names another carrier (follow.ts starts it again).
      await db.execute(sql`update ${carrierShipments} set registration_error = ${reason.slice(0, 500)},
        stopped_at = ${now.toISOString()}::timestamptz, next_poll_at = null, updated_at = ${now.toISOString()}::timestamptz where id = ${b.id}`);
    } else {
      // The provider said nothing of it: asked again at the next registration.
      await db.execute(
        sql`update ${carrierShipments} set next_poll_at = ${now.toISOString()}::timestamptz where id = ${b.id}`,
      );
    }
  }
}

export type CarrierWorkerLogger = {
  info: (obj: object, msg?: string) => void;
  warn: (obj: object, msg?: string) => void;
};

/** Runs both jobs every `intervalMs` until stopped; consecutive failures lengthen the retry delay. */
export function startCarrierTrackingWorker(
  db: Db,
  provider: TrackingProvider,
  log: CarrierWorkerLogger,
  options: { appUrl: string; intervalMs?: number },
) {
  let failures = 0;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    // A slow run is not doubled by this instance (the leases keep other instances apart).
    if (running) return;
    running = runCarrierTracking(db, provider, { appUrl: options.appUrl, failures })
      .then((r) => {
        failures = r.failed ? failures + 1 : 0;
        if (r.failed)
          log.warn(
            { provider: provider.name, failures, error: r.error },
            'El proveedor de seguimiento no respondió; se reintentará',
          );
        else if (r.requests > 0) log.info({ provider: provider.name, ...r }, 'Seguimiento de transportistas');
      })
      .catch((err) => log.warn({ err }, 'Fallo del seguimiento de transportistas'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, options.intervalMs ?? MINUTE);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
