// "Reportar pago" on the WhatsApp desk (docs/product/whatsapp-desk.md#reporting-a-payment): the
// customer who writes "pagué" is asked, one message at a time, which open invoice, which method,
// the reference, the amount and the receipt's photo; the photo is downloaded from WhatsApp,
// re-encoded as an uploaded receipt is, and the report is made by the same service as the web's
// (services/payments.ts reportPayment): it lands in the cashier's queue, and the approval or
// rejection reaches the customer as every payment notice does. Nothing is reported until the
// receipt arrives; "cancelar" leaves it; half an hour untouched, it lapses.
import { and, eq } from 'drizzle-orm';
import {
  DESK_PATHS,
  detectContentType,
  formatUsdFromCents,
  formatVesFromCents,
  parseDecimal,
  RECEIPT_CONTENT_TYPES,
  RECEIPT_MAX_BYTES,
  WHATSAPP_DESK_MESSAGES as M,
  type StoredContentType,
} from '@casillero/shared';
import type { Db, DbOrTx } from '../../db/client';
import { whatsappPaymentReports, type WhatsappPaymentDraft, type WhatsappPaymentStep } from '../../db/schema';
import type { Config } from '../../env';
import type { FileStore } from '../../files/file-store';
import { reencodeDocumentImage } from '../../files/images';
import { storeFile } from '../../files/store';
import { DomainError } from '../../lib/domain-error';
import type { InboundWhatsappMessage } from '../../messaging/whatsapp-webhook';
import { downloadWhatsappMedia, WhatsappMediaTooLarge } from '../../messaging/whatsapp-media';
import { listCustomerInvoices, type CustomerInvoice } from '../../queries/billing';
import { listPaymentMethods } from '../payment-methods';
import { reportPayment } from '../payments';
import { queueDeskAnswer, tellAfterwards, type DeskRecipient } from './reply';

/** A report untouched this long has lapsed: the next message starts afresh. */
export const PAYMENT_REPORT_TTL_MS = 30 * 60 * 1000;

type Options = { appUrl: string; now: Date };
/** The receipt to fetch once the message's transaction has committed (a download never holds one open). */
export type ReceiptToFetch = { phone: string; userId: string; mediaId: string };

const openInvoices = async (tx: DbOrTx, userId: string) =>
  (await listCustomerInvoices(tx, userId))
    .filter((i) => i.status === 'pending' || i.status === 'partial')
    .sort((a, b) => a.issueDate.localeCompare(b.issueDate) || a.number.localeCompare(b.number));

async function save(
  tx: DbOrTx,
  to: DeskRecipient,
  userId: string,
  step: WhatsappPaymentStep,
  draft: WhatsappPaymentDraft,
  now: Date,
) {
  await tx
    .insert(whatsappPaymentReports)
    .values({ phone: to.phone, userId, step, draft, updatedAt: now })
    .onConflictDoUpdate({ target: whatsappPaymentReports.phone, set: { userId, step, draft, updatedAt: now } });
}

const say = (tx: DbOrTx, to: DeskRecipient, text: string, options: Options) =>
  queueDeskAnswer(tx, to, { text }, options);

/** "Pagué": the first question (or why it cannot be taken here). */
export async function startPaymentReport(tx: DbOrTx, to: DeskRecipient, userId: string, options: Options) {
  const invoicesUrl = `${options.appUrl}${DESK_PATHS.invoices}`;
  const invoices = await openInvoices(tx, userId);
  if (invoices.length === 0) {
    await tx.delete(whatsappPaymentReports).where(eq(whatsappPaymentReports.phone, to.phone));
    return say(tx, to, M.payNoInvoices(invoicesUrl), options);
  }
  const shown = invoices.slice(0, 9);
  const draft: WhatsappPaymentDraft = { invoiceIds: shown.map((i) => i.id), methodIds: [] };
  if (shown.length === 1) return askMethod(tx, to, userId, { ...draft, invoiceId: shown[0]!.id }, shown[0]!, options);
  await save(tx, to, userId, 'invoice', draft, options.now);
  return say(
    tx,
    to,
    M.payAskInvoice(shown.map((i, n) => M.payInvoiceLine(n + 1, i.number, formatUsdFromCents(i.remainingUsdCents)))),
    options,
  );
}

async function askMethod(
  tx: DbOrTx,
  to: DeskRecipient,
  userId: string,
  draft: WhatsappPaymentDraft,
  invoice: CustomerInvoice,
  options: Options,
) {
  const methods = (await listPaymentMethods(tx, true)).slice(0, 9);
  if (methods.length === 0) {
    await tx.delete(whatsappPaymentReports).where(eq(whatsappPaymentReports.phone, to.phone));
    return say(tx, to, M.payNoMethods(`${options.appUrl}${DESK_PATHS.invoices}`), options);
  }
  await save(tx, to, userId, 'method', { ...draft, methodIds: methods.map((m) => m.id) }, options.now);
  const lines = methods.map((m, n) => M.payMethodLine(n + 1, m.name, m.currency === 'VES' ? 'Bs.' : 'USD'));
  return say(tx, to, M.payAskMethod(invoice.number, lines), options);
}

/** The number of a listed choice ("2", "2.", " 2 "), or null. */
function choice(text: string | null, count: number): number | null {
  const match = /^\s*(\d{1,2})\s*[.)]?\s*$/.exec(text ?? '');
  const n = match ? Number(match[1]) : Number.NaN;
  return n >= 1 && n <= count ? n - 1 : null;
}

/**
 * The customer's answer to the step they are at. Returns whether the message belonged to a report
 * in progress (otherwise the desk answers it as usual), and the receipt to fetch, if it came.
 */
export async function continuePaymentReport(
  tx: DbOrTx,
  to: DeskRecipient,
  userId: string,
  message: InboundWhatsappMessage,
  options: Options,
): Promise<{ handled: boolean; receipt?: ReceiptToFetch }> {
  const [report] = await tx
    .select()
    .from(whatsappPaymentReports)
    .where(and(eq(whatsappPaymentReports.phone, to.phone), eq(whatsappPaymentReports.userId, userId)));
  if (!report) return { handled: false };
  if (report.updatedAt.getTime() < options.now.getTime() - PAYMENT_REPORT_TTL_MS) {
    await tx.delete(whatsappPaymentReports).where(eq(whatsappPaymentReports.phone, to.phone));
    return { handled: false };
  }
  const draft = report.draft;
  const text = message.text?.trim() ?? '';
  const invoices = await openInvoices(tx, userId);
  const invoice = invoices.find((i) => i.id === draft.invoiceId);

  switch (report.step) {
    case 'invoice': {
      const n = choice(text, draft.invoiceIds.length);
      const chosen = n === null ? undefined : invoices.find((i) => i.id === draft.invoiceIds[n]);
      if (!chosen) {
        await say(tx, to, M.payNotAChoice(draft.invoiceIds.length), options);
        return { handled: true };
      }
      await askMethod(tx, to, userId, { ...draft, invoiceId: chosen.id }, chosen, options);
      return { handled: true };
    }
    case 'method': {
      const n = choice(text, draft.methodIds.length);
      if (n === null || !invoice) {
        await say(tx, to, invoice ? M.payNotAChoice(draft.methodIds.length) : M.payExpired, options);
        if (!invoice) await tx.delete(whatsappPaymentReports).where(eq(whatsappPaymentReports.phone, to.phone));
        return { handled: true };
      }
      await save(tx, to, userId, 'reference', { ...draft, methodId: draft.methodIds[n] }, options.now);
      await say(tx, to, M.payAskReference, options);
      return { handled: true };
    }
    case 'reference': {
      if (message.kind !== 'text' || text.length === 0 || text.length > 100) {
        await say(tx, to, M.payReferenceInvalid, options);
        return { handled: true };
      }
      await save(tx, to, userId, 'amount', { ...draft, reference: text }, options.now);
      const methods = await listPaymentMethods(tx, true);
      const inBolivares = methods.find((m) => m.id === draft.methodId)?.currency === 'VES';
      await say(tx, to, M.payAskAmount(inBolivares ? 'bolívares' : 'dólares', owedText(inBolivares, invoice)), options);
      return { handled: true };
    }
    case 'amount': {
      const all = ['todo', 'todo lo que falta', 'lo que falta', 'completo'].includes(text.toLowerCase());
      const reading = parseDecimal(text, { decimals: 2, affixes: ['$', 'Bs.', 'Bs', 'USD'] });
      if (!all && (reading.status !== 'number' || reading.value <= 0)) {
        await say(tx, to, M.payAmountInvalid, options);
        return { handled: true };
      }
      const amount = all || reading.status !== 'number' ? null : reading.value;
      await save(tx, to, userId, 'receipt', { ...draft, amount }, options.now);
      await say(tx, to, M.payAskReceipt, options);
      return { handled: true };
    }
    case 'receipt': {
      if (message.kind !== 'image' && message.kind !== 'document') {
        await say(tx, to, M.payReceiptMissing, options);
        return { handled: true };
      }
      if (!message.media) {
        await say(tx, to, M.payReceiptUnreadable, options);
        return { handled: true };
      }
      return { handled: true, receipt: { phone: to.phone, userId, mediaId: message.media.id } };
    }
  }
}

/** "Cancelar" during a report: left, and said so. Returns whether there was one. */
export async function cancelPaymentReport(tx: DbOrTx, to: DeskRecipient, options: Options): Promise<boolean> {
  const removed = await tx
    .delete(whatsappPaymentReports)
    .where(eq(whatsappPaymentReports.phone, to.phone))
    .returning({ phone: whatsappPaymentReports.phone });
  if (removed.length === 0) return false;
  await say(tx, to, M.payCancelled, options);
  return true;
}

/**
 * The receipt's photo: downloaded, re-encoded and stored as the customer's receipt, then the
 * report made exactly as the web makes it. Its outcome is told to the customer; a download that
 * failed asks for the photo again and keeps the report where it was.
 */
export async function finishPaymentReport(
  db: Db,
  deps: { config: Config; fileStore: FileStore },
  receipt: ReceiptToFetch,
  now: () => Date = () => new Date(),
) {
  const tell = (text: string) => tellAfterwards(db, receipt.phone, text, { appUrl: deps.config.appUrl, now: now() });
  const settings = deps.config.whatsapp;
  if (!settings) return tell(M.payReceiptDownloadFailed);

  let kept: { bytes: Buffer; contentType: StoredContentType };
  try {
    const { bytes } = await downloadWhatsappMedia(settings, receipt.mediaId, RECEIPT_MAX_BYTES);
    const contentType = detectContentType(bytes.subarray(0, 16));
    if (!contentType || !(RECEIPT_CONTENT_TYPES as readonly string[]).includes(contentType))
      return tell(M.payReceiptUnreadable);
    kept = { bytes: await reencodeDocumentImage(bytes, contentType), contentType };
  } catch (err) {
    if (err instanceof WhatsappMediaTooLarge || err instanceof DomainError) return tell(M.payReceiptUnreadable);
    return tell(M.payReceiptDownloadFailed);
  }

  const [report] = await db
    .select()
    .from(whatsappPaymentReports)
    .where(and(eq(whatsappPaymentReports.phone, receipt.phone), eq(whatsappPaymentReports.step, 'receipt')));
  const { draft } = report ?? {};
  if (!report || !draft?.invoiceId || !draft.methodId || !draft.reference) return;
  const file = await storeFile(db, deps.fileStore, {
    ownerUserId: receipt.userId,
    kind: 'receipt',
    bytes: kept.bytes,
    contentType: kept.contentType,
    originalName: 'comprobante-whatsapp',
    uploadedBy: receipt.userId,
  });
  const invoice = (await listCustomerInvoices(db, receipt.userId)).find((i) => i.id === draft.invoiceId);
  const inBolivares = (await listPaymentMethods(db, false)).find((m) => m.id === draft.methodId)?.currency === 'VES';
  const amount = amountText(draft.amount ?? null, inBolivares, invoice);
  try {
    await reportPayment(db, deps.config, receipt.userId, {
      paymentId: null,
      invoiceId: draft.invoiceId,
      transactionType: null,
      methodId: draft.methodId,
      paymentReference: draft.reference,
      amount: draft.amount ?? null,
      description: null,
      trackingIds: [],
      receiptFileId: file.id,
    });
    await db.delete(whatsappPaymentReports).where(eq(whatsappPaymentReports.phone, receipt.phone));
    return tell(M.payReported(invoice?.number ?? '', amount, draft.reference));
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    // Refused as the web would refuse it (a reference already paid, an amount over what is owed): said, and left.
    await db.delete(whatsappPaymentReports).where(eq(whatsappPaymentReports.phone, receipt.phone));
    return tell(M.payRefused(err.message));
  }
}

/** What was paid as the customer reads it: what they typed, or what was owed, in the method's currency. */
function amountText(amount: number | null, inBolivares: boolean, invoice: CustomerInvoice | undefined): string {
  if (amount !== null) {
    const cents = Math.round(amount * 100);
    return inBolivares ? formatVesFromCents(cents) : formatUsdFromCents(cents);
  }
  return owedText(inBolivares, invoice);
}

function owedText(inBolivares: boolean, invoice: CustomerInvoice | undefined): string {
  return inBolivares && invoice?.remainingVesCentimos != null
    ? formatVesFromCents(invoice.remainingVesCentimos)
    : formatUsdFromCents(invoice?.remainingUsdCents ?? 0);
}
