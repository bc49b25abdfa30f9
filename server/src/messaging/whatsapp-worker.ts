// Delivers the WhatsApp outbox through lib/outbox-delivery.ts, as e-mail is delivered
// (docs/decisions/004). Without a token the message goes to the log and counts as sent, so
// every flow works locally.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { deliverDueRows, startDeliveryLoop } from '../lib/outbox-delivery';
import { whatsappOutbox, type WhatsappFreeForm } from '../db/schema';
import type { MailLogger } from '../mail/worker';
import { sendWhatsappFreeForm, sendWhatsappTemplate, WhatsappError, type WhatsappSettings } from './whatsapp';

export type WhatsappOutboxRow = {
  id: string;
  to_phone: string;
  template: string;
  language: string;
  params: string[];
  body: string;
  /** A free-form message (the desk's replies within the 24-hour window); null: the template. */
  payload: WhatsappFreeForm | string | null;
  attempts: number;
};

export type WhatsappSender = (row: WhatsappOutboxRow) => Promise<{ providerId?: string }>;

/** A public link to a stored file, valid long enough for WhatsApp to fetch it once. */
export type FileLinker = (fileId: string) => Promise<string>;

/**
 * The Cloud API's form of a free-form message: a file (the inbox's attachments) is linked when it
 * goes, not when it was written, so a message that waited in the outbox still carries a live link.
 */
async function cloudPayload(payload: WhatsappFreeForm, fileLink?: FileLinker): Promise<object> {
  if (payload.type !== 'document' && payload.type !== 'image') return payload;
  if (!fileLink) throw new Error('Sin enlace de archivos para enviar un adjunto por WhatsApp');
  if (payload.type === 'image') {
    const { fileId, caption } = payload.image;
    return { type: 'image', image: { link: await fileLink(fileId), caption } };
  }
  const { fileId, filename, caption } = payload.document;
  return { type: 'document', document: { link: await fileLink(fileId), filename, caption } };
}

export function cloudApiSender(settings: WhatsappSettings, fileLink?: FileLinker): WhatsappSender {
  return async (row) => {
    if (row.payload) {
      const payload = typeof row.payload === 'string' ? (JSON.parse(row.payload) as WhatsappFreeForm) : row.payload;
      return sendWhatsappFreeForm(settings, {
        id: row.id,
        to: row.to_phone,
        payload: await cloudPayload(payload, fileLink),
      });
    }
    return sendWhatsappTemplate(settings, {
      id: row.id,
      to: row.to_phone,
      template: row.template,
      language: row.language,
      params: typeof row.params === 'string' ? (JSON.parse(row.params) as string[]) : row.params,
    });
  };
}

/** Without WHATSAPP_TOKEN: the message as the customer would read it, number masked. */
export function logWhatsappSender(log: MailLogger): WhatsappSender {
  return async (row) => {
    log.info(
      { to: maskPhone(row.to_phone), template: row.template || 'texto libre' },
      `WhatsApp (sin WHATSAPP_TOKEN):\n${row.body}`,
    );
    return {};
  };
}

function maskPhone(phone: string) {
  return `${phone.slice(0, 4)}***${phone.slice(-2)}`;
}

/** Claims and delivers up to `limit` due messages; returns how many were sent. */
export function deliverDueWhatsapp(db: Db, send: WhatsappSender, log: MailLogger, limit = 20): Promise<number> {
  return deliverDueRows(
    db,
    {
      table: whatsappOutbox,
      returning: sql`id, to_phone, template, language, params, body, payload, attempts`,
      // Each number gets its messages in the order they were written.
      sameRecipient: sql`earlier.to_phone = candidate.to_phone`,
      send,
      // A 400 from the Cloud API (an unknown template, an invalid number) never mends.
      isPermanent: (err) => err instanceof WhatsappError && err.permanent,
      name: 'WhatsApp',
    },
    log,
    limit,
  );
}

/** Polls the outbox until stopped. */
export function startWhatsappWorker(db: Db, send: WhatsappSender, log: MailLogger, intervalMs = 2000) {
  return startDeliveryLoop(() => deliverDueWhatsapp(db, send, log), log, 'WhatsApp', intervalMs);
}
