// "Prealertar" on the WhatsApp desk (docs/product/whatsapp-desk.md#pre-alerting-a-purchase): the
// customer writes "prealertar" and sends the purchase's invoice, a photo or a PDF; it is
// downloaded from WhatsApp, read by the same extraction as a forwarded store e-mail
// (services/prealert-mail/extraction) and becomes the same draft (services/prealert-mail/drafts.ts),
// with the file as its invoice, which the customer confirms in Prealertas. Nothing is a
// pre-alert until they confirm it.
import { and, eq } from 'drizzle-orm';
import {
  detectContentType,
  PDF_CONTENT_TYPE,
  WHATSAPP_DESK_MESSAGES as M,
  type StoredContentType,
} from '@casillero/shared';
import type { Db, DbOrTx } from '../../db/client';
import { whatsappPaymentReports, whatsappPrealertRequests } from '../../db/schema';
import type { Config } from '../../env';
import type { FileStore } from '../../files/file-store';
import { keptDocument } from '../../files/images';
import { storeFile } from '../../files/store';
import { DomainError } from '../../lib/domain-error';
import { downloadWhatsappMedia, WhatsappMediaTooLarge } from '../../messaging/whatsapp-media';
import type { InboundWhatsappMessage } from '../../messaging/whatsapp-webhook';
import { createOrCompleteDraft, draftLink, draftValuesOf } from '../prealert-mail/drafts';
import { extractFromFile, FILE_LIMITS, FileNotReadError } from '../prealert-mail/extraction';
import { PAYMENT_REPORT_TTL_MS } from './payment-report';
import { queueDeskAnswer, tellAfterwards, type DeskRecipient } from './reply';

const PREALERTS_PATH = '/dashboard/prealertas';
type Options = { appUrl: string; now: Date };
/** The invoice to fetch and read once the message's transaction has committed. */
export type InvoiceToFetch = { phone: string; userId: string; mediaId: string; filename: string | null };

/** "Prealertar": what to send; a payment report in progress is left. */
export async function requestPrealert(tx: DbOrTx, to: DeskRecipient, userId: string, options: Options) {
  await tx.delete(whatsappPaymentReports).where(eq(whatsappPaymentReports.phone, to.phone));
  await tx
    .insert(whatsappPrealertRequests)
    .values({ phone: to.phone, userId, requestedAt: options.now })
    .onConflictDoUpdate({ target: whatsappPrealertRequests.phone, set: { userId, requestedAt: options.now } });
  await queueDeskAnswer(tx, to, { text: M.prealertAsk(`${options.appUrl}${PREALERTS_PATH}`) }, options);
}

/**
 * The customer's message while a pre-alert waits for its invoice: the file to read, or
 * "cancelar"; null when no request is pending (or it lapsed) or the message is neither.
 */
export async function continuePrealert(
  tx: DbOrTx,
  to: DeskRecipient,
  userId: string,
  message: InboundWhatsappMessage,
  cancelled: boolean,
  options: Options,
): Promise<{ invoice?: InvoiceToFetch } | null> {
  const [request] = await tx
    .select()
    .from(whatsappPrealertRequests)
    .where(and(eq(whatsappPrealertRequests.phone, to.phone), eq(whatsappPrealertRequests.userId, userId)));
  if (!request) return null;
  if (request.requestedAt.getTime() < options.now.getTime() - PAYMENT_REPORT_TTL_MS) {
    await tx.delete(whatsappPrealertRequests).where(eq(whatsappPrealertRequests.phone, to.phone));
    return null;
  }
  if (cancelled) {
    await tx.delete(whatsappPrealertRequests).where(eq(whatsappPrealertRequests.phone, to.phone));
    await queueDeskAnswer(tx, to, { text: M.prealertCancelled }, options);
    return {};
  }
  if ((message.kind !== 'image' && message.kind !== 'document') || !message.media) return null;
  return {
    invoice: { phone: to.phone, userId, mediaId: message.media.id, filename: message.media.filename ?? null },
  };
}

/**
 * The invoice: downloaded, checked and kept as the customer's invoice file (an image re-encoded
 * as an uploaded one is), read, and made the draft (or the completion of the same order's
 * pre-alert); the customer is told in the chat with the link to confirm it.
 */
export async function finishWhatsappPrealert(
  db: Db,
  deps: { config: Config; fileStore: FileStore },
  invoice: InvoiceToFetch,
  now: () => Date = () => new Date(),
) {
  const { appUrl } = deps.config;
  const tell = (text: string) => tellAfterwards(db, invoice.phone, text, { appUrl, now: now() });
  const settings = deps.config.whatsapp;
  if (!settings) return tell(M.prealertDownloadFailed);

  let kept: { bytes: Buffer; contentType: StoredContentType };
  try {
    const { bytes } = await downloadWhatsappMedia(settings, invoice.mediaId, FILE_LIMITS.pdfMaxBytes);
    const contentType = detectContentType(bytes.subarray(0, 16));
    if (!contentType) return tell(M.prealertUnreadable);
    kept = { bytes: await keptDocument(bytes, contentType), contentType };
  } catch (err) {
    if (err instanceof WhatsappMediaTooLarge) return tell(M.prealertUnreadable);
    if (err instanceof DomainError) return tell(M.prealertUnreadable);
    return tell(M.prealertDownloadFailed);
  }

  let extraction: Awaited<ReturnType<typeof extractFromFile>>;
  try {
    extraction = await extractFromFile({
      filename: invoice.filename ?? (kept.contentType === PDF_CONTENT_TYPE ? 'factura.pdf' : 'factura.jpg'),
      contentType: kept.contentType,
      content: kept.bytes,
    });
  } catch (err) {
    if (err instanceof FileNotReadError) return tell(M.prealertUnreadable);
    throw err;
  }
  const manual = `${appUrl}${PREALERTS_PATH}`;
  const nothingRead = !extraction.orderNumber && extraction.trackings.length === 0 && extraction.items.length === 0;
  if (nothingRead) {
    await db.delete(whatsappPrealertRequests).where(eq(whatsappPrealertRequests.phone, invoice.phone));
    return tell(M.prealertNoFields(manual));
  }
  const file = await storeFile(db, deps.fileStore, {
    ownerUserId: invoice.userId,
    kind: 'invoice',
    bytes: kept.bytes,
    contentType: kept.contentType,
    originalName: invoice.filename ?? 'factura-whatsapp',
    uploadedBy: invoice.userId,
  });
  const values = draftValuesOf(extraction, '', file.id);
  const what = values.senderName ?? 'tu compra';
  const result = await db.transaction(async (tx) => {
    await tx.delete(whatsappPrealertRequests).where(eq(whatsappPrealertRequests.phone, invoice.phone));
    return createOrCompleteDraft(tx, invoice.userId, extraction, values, appUrl, { notify: false, source: 'whatsapp' });
  });
  if (!result.prealertId) return tell(M.prealertNoFields(manual));
  const link = `${appUrl}${draftLink(result.prealertId)}`;
  return tell(result.outcome === 'draft_created' ? M.prealertCreated(what, link) : M.prealertCompleted(what, link));
}
