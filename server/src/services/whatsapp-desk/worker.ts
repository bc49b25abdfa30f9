// The desk's worker (docs/product/whatsapp-desk.md#answering): answers the messages the webhook
// stored, each number's in the order stored, different numbers at the same time, each once even
// with several servers.
//   - A round claims up to NUMBERS_PER_ROUND numbers with stored messages to answer: a lease on the
//     number's conversation (`answering_until`), taken with FOR UPDATE SKIP LOCKED, so no other
//     worker takes it until this one lets it go or the lease passes (a worker that died).
//   - For each, its messages in order (answer.ts), up to MESSAGES_PER_TRANSACTION answered and
//     marked answered in one transaction; a message with a download (a receipt, a pre-alert's
//     invoice, a file for a person) ends the transaction, and its download is done before the next
//     message is answered. A download left half-done by a worker that died is done by the
//     next one before anything else.
//   - Answering that fails is retried on the next round; after MAX_ATTEMPTS the message is left
//     unanswered for good (marked answered, no answer) so the number's later messages still are.
// The webhook wakes its own server's worker as soon as it stores a message; the others find it
// within POLL_MS (a server that stopped, another server's messages).
import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { whatsappInboundMessages } from '../../db/schema';
import type { Config } from '../../env';
import type { FileStore } from '../../files/file-store';
import type { DeliveryLogger } from '../../lib/outbox-delivery';
import { answerNextMessages, type NextStep } from './answer';
import { keepDeskAttachment } from './attachment';
import { finishPaymentReport } from './payment-report';
import { finishWhatsappPrealert } from './prealert';

/** Longer than a download's two requests with their time limits and a pre-alert's reading: renewed as it goes. */
const LEASE_SECONDS = 120;
const NUMBERS_PER_ROUND = 8;
/** A number's messages answered before it is let go for the others' turn. */
const MESSAGES_PER_TURN = 50;
/** A number's messages answered in one transaction (a customer who writes many at once). */
export const MESSAGES_PER_TRANSACTION = 10;
const MAX_ATTEMPTS = 5;
export const DESK_POLL_MS = 1000;

export type DeskWorkerDeps = { db: Db; config: Config; fileStore: FileStore; log: DeliveryLogger };

/** Takes up to `limit` numbers with messages to answer that no worker holds. */
async function claimNumbers(db: Db, limit: number): Promise<string[]> {
  const rows = rowsOf<{ phone: string }>(
    await db.execute(sql`
      update whatsapp_conversations set answering_until = now() + make_interval(secs => ${LEASE_SECONDS})
      where phone in (
        select c.phone from whatsapp_conversations c
        where c.phone in (
            select m.from_phone from whatsapp_inbound_messages m
            where m.answered_at is null or m.follow_up is not null)
          and (c.answering_until is null or c.answering_until < now())
        limit ${limit}
        for update of c skip locked
      )
      returning phone`),
  );
  return rows.map((r) => r.phone);
}

const renewLease = (db: Db, phone: string) =>
  db.execute(
    sql`update whatsapp_conversations set answering_until = now() + make_interval(secs => ${LEASE_SECONDS}) where phone = ${phone}`,
  );

const releaseLease = (db: Db, phone: string) =>
  db.execute(sql`update whatsapp_conversations set answering_until = null where phone = ${phone}`);

/** A message's download, after its answer; done (or given up, logged) it is cleared. */
async function followUp(deps: DeskWorkerDeps, step: Extract<NextStep, { kind: 'follow_up' | 'answered' }>) {
  const { db, config, fileStore, log } = deps;
  const todo = step.followUp;
  if (!todo) return;
  try {
    if (step.userId) {
      const base = { phone: step.phone, userId: step.userId, mediaId: todo.mediaId };
      if (todo.kind === 'receipt') await finishPaymentReport(db, { config, fileStore }, base);
      else if (todo.kind === 'invoice')
        await finishWhatsappPrealert(db, { config, fileStore }, { ...base, filename: todo.filename });
      else await keepDeskAttachment(db, deps, { ...base, messageId: step.messageId, filename: todo.filename });
    }
  } catch (err) {
    log.warn({ err, messageId: step.messageId }, 'Archivo de un mensaje de WhatsApp no procesado');
  }
  await db
    .update(whatsappInboundMessages)
    .set({ followUp: null })
    .where(eq(whatsappInboundMessages.id, step.messageId));
}

/** A failed answer counted against its message; the last allowed failure leaves it unanswered. */
async function countFailure(db: Db, messageId: string) {
  await db.execute(sql`
    update whatsapp_inbound_messages
    set answer_attempts = answer_attempts + 1,
        answered_at = case when answer_attempts + 1 >= ${MAX_ATTEMPTS} then now() else answered_at end
    where id = ${messageId}`);
}

/** Answers a claimed number's messages in order; returns how many steps were done. */
async function answerNumber(deps: DeskWorkerDeps, phone: string): Promise<number> {
  const { db, config, log } = deps;
  let done = 0;
  let leased = Date.now();
  try {
    while (done < MESSAGES_PER_TURN) {
      if (Date.now() - leased > (LEASE_SECONDS * 1000) / 3) {
        await renewLease(db, phone);
        leased = Date.now();
      }
      const taken: { id: string | null } = { id: null };
      let step: NextStep;
      try {
        step = await answerNextMessages(db, phone, {
          appUrl: config.appUrl,
          max: Math.min(MESSAGES_PER_TRANSACTION, MESSAGES_PER_TURN - done),
          onMessage: (id) => {
            taken.id = id;
          },
        });
      } catch (err) {
        log.warn({ err, phone: `${phone.slice(0, 4)}***` }, 'No se pudo responder un mensaje de WhatsApp');
        if (taken.id) await countFailure(db, taken.id);
        break;
      }
      if (step.kind === 'idle') break;
      done += step.kind === 'answered' ? step.count : 1;
      await followUp(deps, step);
      if (!step.more) break;
    }
  } finally {
    await releaseLease(db, phone).catch((err: unknown) => log.warn({ err }, 'Cesión de un número de WhatsApp fallida'));
  }
  return done;
}

/** One round: claims numbers and answers each (at the same time); returns how many steps were done. */
export async function runDeskRound(deps: DeskWorkerDeps): Promise<number> {
  const phones = await claimNumbers(deps.db, NUMBERS_PER_ROUND);
  const counts = await Promise.all(phones.map((phone) => answerNumber(deps, phone)));
  return counts.reduce((a, b) => a + b, 0);
}

/** Whether any stored message is still to answer or follow up (by any worker). */
async function anythingPending(db: Db): Promise<boolean> {
  const [row] = rowsOf<{ pending: boolean }>(
    await db.execute(sql`
      select exists (select 1 from whatsapp_inbound_messages where answered_at is null or follow_up is not null) as pending`),
  );
  return Boolean(row?.pending);
}

export type DeskWorker = ReturnType<typeof createDeskWorker>;

export function createDeskWorker(deps: DeskWorkerDeps) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const tick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        while (!stopped && (await runDeskRound(deps)) > 0);
      } while (again && !stopped);
    })()
      .catch((err: unknown) => deps.log.warn({ err }, 'Error del worker de la mesa de WhatsApp'))
      .finally(() => {
        running = null;
      });
  };

  return {
    /** Polls every `intervalMs` until stopped; the webhook's wake() runs a round at once. */
    start(intervalMs = DESK_POLL_MS) {
      if (timer || stopped) return;
      timer = setInterval(tick, intervalMs);
      timer.unref();
      tick();
    },
    /** A message was stored: answer it now rather than at the next poll (only once started). */
    wake() {
      if (timer) tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
    /** One round now (claim, answer, let go); returns how many steps were done. */
    runRound: () => runDeskRound(deps),
    /**
     * Runs rounds until every stored message is answered and followed up, by this worker or
     * another one still holding a number (waited for in short steps); for tests and the bench.
     */
    async runUntilIdle(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if ((await runDeskRound(deps)) > 0) continue;
        if (!(await anythingPending(deps.db))) return;
        if (Date.now() > deadline) throw new Error('La mesa de WhatsApp sigue con mensajes sin responder');
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
  };
}
