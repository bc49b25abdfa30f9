// Delivers the e-mail outbox (docs/decisions/004) through lib/outbox-delivery.ts: sends through
// Resend with the row id as idempotency key, or logs the e-mail when no API key is set. Each
// address gets its e-mails in the order they were written.
import { sql } from 'drizzle-orm';
import { Resend } from 'resend';
import type { Db } from '../db/client';
import { deliverDueRows, startDeliveryLoop, type DeliveryLogger } from '../lib/outbox-delivery';
import { emailOutbox } from '../db/schema';

export type MailLogger = DeliveryLogger;

export type OutboxRow = {
  id: string;
  to: string[];
  subject: string;
  html: string;
  text: string;
  attempts: number;
  /** The e-mail's own headers (email_outbox.headers), if any. */
  headers?: Record<string, string> | null;
};

export type Sender = (row: OutboxRow) => Promise<{ providerId?: string }>;

export { MAX_ATTEMPTS, backoffMs } from '../lib/outbox-delivery';

export function resendSender(apiKey: string, from: string): Sender {
  const resend = new Resend(apiKey);
  return async (row) => {
    const { data, error } = await resend.emails.send(
      {
        from,
        to: row.to,
        subject: row.subject,
        html: row.html,
        text: row.text,
        headers: headersOf(row),
      },
      { idempotencyKey: row.id },
    );
    if (error) throw new Error(`${error.name}: ${error.message}`);
    return { providerId: data?.id };
  };
}

/** The headers sent with an e-mail: its own (stored with it) and a notification's unsubscribe link. */
export function headersOf(row: Pick<OutboxRow, 'text' | 'headers'>): Record<string, string> | undefined {
  const headers = { ...listUnsubscribeHeaders(row.text), ...row.headers };
  return Object.keys(headers).length > 0 ? headers : undefined;
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
export function deliverDue(db: Db, send: Sender, log: MailLogger, limit = 20): Promise<number> {
  return deliverDueRows(
    db,
    {
      table: emailOutbox,
      returning: sql`id, "to", subject, html, text, attempts, headers`,
      // Any address in common: an e-mail to several waits for each of theirs.
      sameRecipient: sql`earlier."to" && candidate."to"`,
      send,
      name: 'e-mail',
    },
    log,
    limit,
  );
}

/** Polls the outbox until stopped. */
export function startOutboxWorker(db: Db, send: Sender, log: MailLogger, intervalMs = 2000) {
  return startDeliveryLoop(() => deliverDue(db, send, log), log, 'e-mail', intervalMs);
}
