// How an outbox table is delivered (docs/decisions/004), whatever the channel: due rows are
// claimed with FOR UPDATE SKIP LOCKED and a lease longer than a request's timeout, so several
// instances never send one row at once; a row is marked sent right after the provider accepts
// it; failures are retried with exponential backoff up to MAX_ATTEMPTS (or given up at once
// when the provider says the message can never be sent). Each recipient's messages go out in
// the order they were written (`queue_position`): a row is claimed only while no earlier row
// to the same recipient is still pending, so a message written after an outage waits behind
// the older ones in backoff, on every instance alike (a row stays pending while in flight). A
// row given up stops holding the others. The e-mail and WhatsApp workers differ only in their
// table, their columns, who the recipient is and how they send; webhooks
// (docs/product/public-api.md#webhooks) replace the attempts limit with their own rule (24 hours
// from the event) and keep the receiver's HTTP status of each attempt.
import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { rowsOf, type Db } from '../db/client';

export type DeliveryLogger = { info: (obj: object, msg?: string) => void; warn: (obj: object, msg?: string) => void };

export const MAX_ATTEMPTS = 8;
/** Longer than a provider request's timeout, so a slow send is never claimed again while in flight. */
const LOCK_SECONDS = 60;

/** 30 s, 1 min, 2 min, … capped at 1 hour. */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

export type OutboxChannel<Row extends { id: string; attempts: number }> = {
  table: PgTable;
  /** The columns `send` needs, as a RETURNING list (id and attempts included). */
  returning: SQL;
  /**
   * Whether the rows `earlier` and `candidate` (the table under those two names) go to the same
   * recipient: the one whose messages must arrive in order.
   */
  sameRecipient: SQL;
  send: (row: Row) => Promise<{ providerId?: string; responseStatus?: number }>;
  /** A failure retrying cannot mend (the provider refused the message itself). */
  isPermanent?: (err: unknown) => boolean;
  /** For the log: 'e-mail', 'WhatsApp'. */
  name: string;
  /** When a failed row is given up, instead of after MAX_ATTEMPTS (webhooks: 24 hours after the event). */
  giveUp?: (row: Row, nextDelayMs: number) => boolean;
  /**
   * The table has a `response_status` column: the status `send` answered with, or the one a
   * failure carries (an error with a numeric `responseStatus`), is kept on each attempt.
   */
  recordsResponseStatus?: boolean;
};

/** The HTTP status a failed send carries, if any. */
function statusOf(err: unknown): number | null {
  const status = (err as { responseStatus?: unknown } | null)?.responseStatus;
  return typeof status === 'number' ? status : null;
}

/** Claims and delivers up to `limit` due rows; returns how many were sent. */
export async function deliverDueRows<Row extends { id: string; attempts: number }>(
  db: Db,
  channel: OutboxChannel<Row>,
  log: DeliveryLogger,
  limit = 20,
): Promise<number> {
  const { table } = channel;
  const claimed = rowsOf<Row>(
    await db.execute(sql`
      update ${table} set locked_until = now() + make_interval(secs => ${LOCK_SECONDS}), attempts = attempts + 1
      where id in (
        select candidate.id from ${table} candidate
        where candidate.status = 'pending' and candidate.next_attempt_at <= now()
          and (candidate.locked_until is null or candidate.locked_until < now())
          and not exists (
            select 1 from ${table} earlier
            where earlier.status = 'pending' and earlier.queue_position < candidate.queue_position and ${channel.sameRecipient})
        order by candidate.queue_position
        limit ${limit}
        for update of candidate skip locked
      )
      returning ${channel.returning}`),
  );
  let sent = 0;
  for (const row of claimed) {
    try {
      const { providerId, responseStatus } = await channel.send(row);
      const status = channel.recordsResponseStatus ? sql`, response_status = ${responseStatus ?? null}` : sql``;
      await db.execute(
        sql`update ${table} set status = 'sent', sent_at = now(), provider_id = ${providerId ?? null}, locked_until = null, last_error = null${status} where id = ${row.id}`,
      );
      sent++;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const delay = backoffMs(row.attempts);
      const giveUp =
        (channel.giveUp ? channel.giveUp(row, delay) : row.attempts >= MAX_ATTEMPTS) ||
        (channel.isPermanent?.(err) ?? false);
      log.warn({ outboxId: row.id, attempts: row.attempts, err }, `Fallo al enviar ${channel.name}`);
      const status = channel.recordsResponseStatus ? sql`, response_status = ${statusOf(err)}` : sql``;
      await db.execute(sql`
        update ${table}
        set status = ${giveUp ? 'failed' : 'pending'}, last_error = ${message}, locked_until = null,
            next_attempt_at = now() + make_interval(secs => ${delay / 1000})${status}
        where id = ${row.id}`);
    }
  }
  return sent;
}

/** Rounds one tick may run back to back while they keep sending. */
const MAX_ROUNDS_PER_TICK = 10;

/**
 * Runs `deliver` every `intervalMs` until stopped; stop() waits for the round in progress. A round
 * that sent something (`deliver` resolved to a positive count) is followed at once by another, up
 * to MAX_ROUNDS_PER_TICK: a recipient's next message becomes due only once the one before it is
 * sent, and should not wait for the next tick.
 */
export function startDeliveryLoop(
  deliver: () => Promise<unknown>,
  log: DeliveryLogger,
  name: string,
  intervalMs = 2000,
) {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    if (stopped) return;
    running = (async () => {
      for (let round = 0; round < MAX_ROUNDS_PER_TICK && !stopped; round++) {
        const sent = await deliver();
        if (typeof sent !== 'number' || sent === 0) break;
      }
    })().catch((err) => log.warn({ err }, `Error del worker de ${name}`));
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
