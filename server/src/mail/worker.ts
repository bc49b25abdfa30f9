// Delivers the outbox (docs/decisions/004): claims due rows with FOR UPDATE SKIP LOCKED so
// several instances can run, sends through Resend with the row id as idempotency key, or
// logs the e-mail when no API key is set; failures are retried with exponential backoff.
import { sql } from 'drizzle-orm';
import { Resend } from 'resend';
import { rowsOf, type Db } from '../db/client';
import { emailOutbox } from '../db/schema';

export type MailLogger = { info: (obj: object, msg?: string) => void; warn: (obj: object, msg?: string) => void };

export type OutboxRow = { id: string; to: string[]; subject: string; html: string; text: string; attempts: number };

export type Sender = (row: OutboxRow) => Promise<{ providerId?: string }>;

export const MAX_ATTEMPTS = 8;
const LOCK_SECONDS = 60;

/** 30 s, 1 min, 2 min, … capped at 1 hour. */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

export function resendSender(apiKey: string, from: string): Sender {
  const resend = new Resend(apiKey);
  return async (row) => {
    const { data, error } = await resend.emails.send(
      { from, to: row.to, subject: row.subject, html: row.html, text: row.text, headers: listUnsubscribeHeaders(row.text) },
      { idempotencyKey: row.id },
    );
    if (error) throw new Error(`${error.name}: ${error.message}`);
    return { providerId: data?.id };
  };
}

/**
 * A notification e-mail carries its link that turns that kind off (services/notify.ts); mail
 * clients show it as their own "unsubscribe" and may POST to it in one click (RFC 8058).
 */
export function listUnsubscribeHeaders(text: string): Record<string, string> | undefined {
  const url = /https?:\/\/\S+\/preferencias\/desactivar\?t=\S+/.exec(text)?.[0];
  return url ? { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : undefined;
}

/** Without Resend the e-mail goes to the log, links included, so every flow works locally. */
export function logSender(log: MailLogger): Sender {
  return async (row) => {
    log.info({ to: row.to.map(maskRecipient), subject: row.subject }, `E-mail (sin RESEND_API_KEY):\n${row.text}`);
    return {};
  };
}

function maskRecipient(email: string) {
  return `${email.slice(0, 3)}***`;
}

/** Claims and delivers up to `limit` due e-mails; returns how many were sent. */
export async function deliverDue(db: Db, send: Sender, log: MailLogger, limit = 20): Promise<number> {
  const claimed = rowsOf<OutboxRow>(
    await db.execute(sql`
      update ${emailOutbox} set locked_until = now() + make_interval(secs => ${LOCK_SECONDS}), attempts = attempts + 1
      where id in (
        select id from ${emailOutbox}
        where status = 'pending' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
        order by next_attempt_at
        limit ${limit}
        for update skip locked
      )
      returning id, "to", subject, html, text, attempts`),
  );
  let sent = 0;
  for (const row of claimed) {
    try {
      const { providerId } = await send(row);
      await db.execute(
        sql`update ${emailOutbox} set status = 'sent', sent_at = now(), provider_id = ${providerId ?? null}, locked_until = null, last_error = null where id = ${row.id}`,
      );
      sent++;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const giveUp = row.attempts >= MAX_ATTEMPTS;
      log.warn({ outboxId: row.id, attempts: row.attempts, err: message }, 'Fallo al enviar e-mail');
      await db.execute(sql`
        update ${emailOutbox}
        set status = ${giveUp ? 'failed' : 'pending'}, last_error = ${message}, locked_until = null,
            next_attempt_at = now() + make_interval(secs => ${backoffMs(row.attempts) / 1000})
        where id = ${row.id}`);
    }
  }
  return sent;
}

/** Polls the outbox until stopped. */
export function startOutboxWorker(db: Db, send: Sender, log: MailLogger, intervalMs = 2000) {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    if (stopped) return;
    running = deliverDue(db, send, log).catch((err) => log.warn({ err: String(err) }, 'Error del worker de e-mail'));
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
