// Delivers the WhatsApp outbox as the e-mail worker delivers e-mail (docs/decisions/004): due
// rows are claimed with FOR UPDATE SKIP LOCKED and a lease longer than a request's timeout, so
// several instances never send the same row at once; a row is marked sent right after the API
// accepts it; failures are retried with the same backoff, up to the same number of attempts.
// Without a token the message goes to the log and counts as sent, so every flow works locally.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';
import { whatsappOutbox } from '../db/schema';
import { backoffMs, MAX_ATTEMPTS, type MailLogger } from '../mail/worker';
import { sendWhatsappTemplate, WhatsappError, type WhatsappSettings } from './whatsapp';

export type WhatsappOutboxRow = {
  id: string;
  to_phone: string;
  template: string;
  language: string;
  params: string[];
  body: string;
  attempts: number;
};

export type WhatsappSender = (row: WhatsappOutboxRow) => Promise<{ providerId?: string }>;

/** Longer than the request timeout, so a slow send is never claimed again while in flight. */
const LOCK_SECONDS = 60;

export function cloudApiSender(settings: WhatsappSettings): WhatsappSender {
  return (row) =>
    sendWhatsappTemplate(settings, {
      id: row.id,
      to: row.to_phone,
      template: row.template,
      language: row.language,
      params: typeof row.params === 'string' ? (JSON.parse(row.params) as string[]) : row.params,
    });
}

/** Without WHATSAPP_TOKEN: the message as the customer would read it, number masked. */
export function logWhatsappSender(log: MailLogger): WhatsappSender {
  return async (row) => {
    log.info({ to: maskPhone(row.to_phone), template: row.template }, `WhatsApp (sin WHATSAPP_TOKEN):\n${row.body}`);
    return {};
  };
}

function maskPhone(phone: string) {
  return `${phone.slice(0, 4)}***${phone.slice(-2)}`;
}

/** Claims and delivers up to `limit` due messages; returns how many were sent. */
export async function deliverDueWhatsapp(db: Db, send: WhatsappSender, log: MailLogger, limit = 20): Promise<number> {
  const claimed = rowsOf<WhatsappOutboxRow>(
    await db.execute(sql`
      update ${whatsappOutbox} set locked_until = now() + make_interval(secs => ${LOCK_SECONDS}), attempts = attempts + 1
      where id in (
        select id from ${whatsappOutbox}
        where status = 'pending' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
        order by next_attempt_at
        limit ${limit}
        for update skip locked
      )
      returning id, to_phone, template, language, params, body, attempts`),
  );
  let sent = 0;
  for (const row of claimed) {
    try {
      const { providerId } = await send(row);
      await db.execute(
        sql`update ${whatsappOutbox} set status = 'sent', sent_at = now(), provider_id = ${providerId ?? null}, locked_until = null, last_error = null where id = ${row.id}`,
      );
      sent++;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const giveUp = row.attempts >= MAX_ATTEMPTS || (err instanceof WhatsappError && err.permanent);
      log.warn({ outboxId: row.id, attempts: row.attempts, err: message }, 'Fallo al enviar WhatsApp');
      await db.execute(sql`
        update ${whatsappOutbox}
        set status = ${giveUp ? 'failed' : 'pending'}, last_error = ${message}, locked_until = null,
            next_attempt_at = now() + make_interval(secs => ${backoffMs(row.attempts) / 1000})
        where id = ${row.id}`);
    }
  }
  return sent;
}

/** Polls the outbox until stopped. */
export function startWhatsappWorker(db: Db, send: WhatsappSender, log: MailLogger, intervalMs = 2000) {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    if (stopped) return;
    running = deliverDueWhatsapp(db, send, log).catch((err) => log.warn({ err: String(err) }, 'Error del worker de WhatsApp'));
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
