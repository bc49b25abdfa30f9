// One pipeline for every inbound message, whichever way it came (the SMTP listener or the
// provider's webhook): bytes, envelope and authentication → the message stored once → the
// extraction → a draft made or completed → "Prealerta creada desde tu correo". Every refusal is
// logged in inbound_messages and never throws (docs/product/prealerts-from-email.md#recepción).
import { and, eq, sql } from 'drizzle-orm';
import { detectContentType, INBOUND_MAIL_LIMITS as L, PREALERT_MAIL_MESSAGES as M } from '@casillero/shared';
import type { Db } from '../../db/client';
import { inboundMessages } from '../../db/schema';
import { hitLimits } from '../../auth/rate-limit';
import type { FileStore } from '../../files/file-store';
import { keptDocument } from '../../files/images';
import { storeFile } from '../../files/store';
import { DomainError } from '../../lib/domain-error';
import { enqueueEmail } from '../../mail/outbox';
import { layout } from '../../mail/templates';
import { customerOfRecipients, isOwnSender } from './address';
import type { MailAuth, MailEnvelope } from './authenticate';
import { createOrCompleteDraft, draftValuesOf } from './drafts';
import { extractFromMail, type Extraction, type MailForExtraction } from './extraction';
import {
  automaticReason,
  autoReplyHeaders,
  MailRefused,
  originalSender,
  parseInbound,
  type ParsedInbound,
} from './parse';

export type InboundOutcome =
  | 'draft_created'
  | 'draft_completed'
  | 'no_fields'
  | 'duplicate'
  | 'no_recipient'
  | 'refused'
  | 'loop'
  | 'auth_failed'
  | 'unknown_sender'
  | 'rate_limited';

export type InboundDeps = {
  db: Db;
  fileStore: FileStore;
  appUrl: string;
  domain: string | null;
  /** Tests and the bench may read with another extraction; the default is the real one. */
  extract?: (mail: MailForExtraction) => Promise<Extraction>;
  log?: { warn: (obj: object, msg: string) => void };
};

export type InboundMail = {
  raw: Buffer;
  envelope: MailEnvelope;
  auth: MailAuth;
  via: 'smtp' | 'webhook';
};

type Row = typeof inboundMessages.$inferInsert;

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const limitMessage = () => 'límite';

export async function receiveInboundMail(
  deps: InboundDeps,
  mail: InboundMail,
): Promise<{ outcome: InboundOutcome; prealertId: string | null; id: string | null }> {
  const { db } = deps;
  const base: Row = {
    via: mail.via,
    envelopeFrom: mail.envelope.mailFrom?.slice(0, 320) ?? null,
    sizeBytes: mail.raw.byteLength,
    auth: { spf: mail.auth.spf, dkim: mail.auth.dkim, dmarc: mail.auth.dmarc, aligned: mail.auth.aligned },
    outcome: 'refused',
  };
  const log = async (row: Partial<Row> & { outcome: InboundOutcome }) => {
    const [saved] = await db
      .insert(inboundMessages)
      .values({ ...base, ...row })
      .onConflictDoNothing()
      .returning({ id: inboundMessages.id });
    if (row.outcome !== 'draft_created' && row.outcome !== 'draft_completed') {
      deps.log?.warn({ outcome: row.outcome, reason: row.reason, via: mail.via }, 'Correo de prealerta no convertido');
    }
    return { outcome: row.outcome, prealertId: row.prealertId ?? null, id: saved?.id ?? null };
  };

  try {
    const customer = await customerOfRecipients(db, mail.envelope.rcptTo, deps.domain);
    if (!customer) return await log({ outcome: 'no_recipient' });
    base.userId = customer.userId;

    let parsed: ParsedInbound;
    try {
      parsed = await parseInbound(mail.raw);
    } catch (err) {
      if (err instanceof MailRefused) return await log({ outcome: 'refused', reason: err.reason });
      throw err;
    }
    base.messageId = parsed.messageId;
    base.headerFrom = parsed.headerFrom?.slice(0, 320) ?? null;
    base.subject = parsed.subject.slice(0, 500);

    // Stored once per customer and Message-ID: a second delivery of the same message does nothing.
    if (parsed.messageId) {
      const [seen] = await db
        .select({ id: inboundMessages.id })
        .from(inboundMessages)
        .where(and(eq(inboundMessages.userId, customer.userId), eq(inboundMessages.messageId, parsed.messageId)));
      if (seen) return { outcome: 'duplicate', prealertId: null, id: seen.id };
    }

    const automatic = automaticReason(parsed.email, mail.envelope.mailFrom, deps.domain);
    if (automatic) return await log({ outcome: 'loop', reason: automatic });

    const sender = (parsed.headerFrom ?? '').slice(0, 320);
    const limited = await hitLimits(db, [
      { key: `inbound-mail:sender:${sender}`, max: L.perSenderPerHour, windowMs: HOUR, message: limitMessage },
      {
        key: `inbound-mail:customer:${customer.userId}`,
        max: L.perCustomerPerHour,
        windowMs: HOUR,
        message: limitMessage,
      },
    ]);
    if (limited.exceeded) return await log({ outcome: 'rate_limited', reason: limited.exceeded.key });

    // Never an answer to an address that failed authentication: that would be backscatter.
    if (!mail.auth.pass || !sender) return await log({ outcome: 'auth_failed' });
    if (!(await isOwnSender(db, customer, sender))) {
      await replyToUnknownSender(deps, sender);
      return await log({ outcome: 'unknown_sender' });
    }

    const forExtraction: MailForExtraction = {
      from: originalSender(parsed.text, parsed.email.from?.address ?? null),
      subject: parsed.subject,
      text: parsed.text,
      html: parsed.html,
      attachments: parsed.attachments,
    };
    const extraction = await (deps.extract ?? extractFromMail)(forExtraction);
    const invoiceFileId = await storeInvoice(deps, customer.userId, parsed, extraction);
    const values = draftValuesOf(extraction, parsed.subject, invoiceFileId);
    return await db.transaction(async (tx) => {
      const result = await createOrCompleteDraft(tx, customer.userId, extraction, values, deps.appUrl);
      const [saved] = await tx
        .insert(inboundMessages)
        .values({
          ...base,
          outcome: result.outcome,
          prealertId: result.prealertId,
          reason: parsed.dropped.length ? `adjuntos descartados: ${parsed.dropped.join('; ')}`.slice(0, 1000) : null,
        })
        .onConflictDoNothing()
        .returning({ id: inboundMessages.id });
      return { ...result, id: saved?.id ?? null };
    });
  } catch (err) {
    // Whatever went wrong with this message, the next one is still received.
    deps.log?.warn({ err: err instanceof Error ? err.message : String(err) }, 'Correo de prealerta con error');
    return log({
      outcome: 'refused',
      reason: `error: ${err instanceof Error ? err.message : String(err)}`.slice(0, 500),
    }).catch(() => ({ outcome: 'refused' as const, prealertId: null, id: null }));
  }
}

/**
 * The extraction's invoice attachment, kept as the pre-alert's invoice (a stored file of the
 * customer): a PDF as it came when it is nothing but a PDF, a photo re-encoded as an uploaded receipt is (files/images.ts:
 * upright, no metadata, nothing appended; keptDocument). One that does not read is not kept (logged).
 */
async function storeInvoice(deps: InboundDeps, userId: string, parsed: ParsedInbound, x: Extraction) {
  if (x.invoiceAttachment === null) return null;
  const a = parsed.attachments[x.invoiceAttachment];
  if (!a) return null;
  const original = Buffer.from(a.content);
  const contentType = detectContentType(original);
  if (!contentType) {
    parsed.dropped.push(`${a.filename}: factura de tipo desconocido`);
    return null;
  }
  let bytes: Buffer;
  try {
    bytes = await keptDocument(original, contentType);
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    parsed.dropped.push(`${a.filename}: factura ilegible`);
    return null;
  }
  const stored = await storeFile(deps.db, deps.fileStore, {
    ownerUserId: userId,
    kind: 'invoice',
    bytes,
    contentType,
    originalName: a.filename,
    uploadedBy: userId,
  });
  return stored.id;
}

/**
 * One reply a day at most to an authenticated sender no customer registered, telling them how
 * to register it. It goes out from MAIL_FROM (a no-reply address), whose auto-replies and
 * bounces never reach an inbound address, and would be dropped as automatic if they did. It is
 * marked as an automatic reply (Auto-Submitted, Precedence, our X-Loop) so nothing answers it.
 */
async function replyToUnknownSender(deps: InboundDeps, address: string) {
  const hit = await hitLimits(deps.db, [
    { key: `inbound-mail:reply:${address}`, max: L.repliesPerSenderPerDay, windowMs: DAY, message: limitMessage },
  ]);
  if (hit.exceeded) return;
  const { html, text } = layout({
    title: M.unknownSenderSubject,
    paragraphs: [M.unknownSenderBody(address)],
    action: { label: 'Ir a Configuración', url: `${deps.appUrl}/dashboard/configuracion` },
  });
  await enqueueEmail(deps.db, address, {
    template: 'prealert_mail_unknown_sender',
    subject: M.unknownSenderSubject,
    html,
    text,
    headers: autoReplyHeaders(deps.domain),
  });
}

/** How many messages were logged with each outcome since `since` (the staff's and the bench's view). */
export async function inboundOutcomes(db: Db, since: Date) {
  const rows = await db
    .select({ outcome: inboundMessages.outcome, n: sql<number>`count(*)::int` })
    .from(inboundMessages)
    .where(sql`${inboundMessages.createdAt} >= ${since.toISOString()}::timestamptz`)
    .groupBy(inboundMessages.outcome);
  return Object.fromEntries(rows.map((r) => [r.outcome, r.n]));
}
