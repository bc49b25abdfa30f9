// Answering one stored message of the WhatsApp desk (docs/product/whatsapp-desk.md), in one
// transaction taken by the desk's worker (worker.ts), the number's conversation locked first (as
// the inbox's replies lock it) so each number's messages are answered one at a time, in the order
// stored, each once: the message is marked answered in the same transaction that queues its answer,
// so a worker that dies half-way leaves it unanswered, to be taken again.
//   - the number linked to the customer who verified it in the app, now;
//   - a linked customer: "Mis paquetes", "Cuánto debo" or "Hablar con alguien" by button or by
//     words; a file asks for a person; anything else gets the menu (but not while a person is
//     to answer: they do);
//   - a linked customer who writes "pagué": the payment report, step by step (payment-report.ts);
//     while one is in progress their messages answer its questions; "prealertar": prealert.ts;
//   - any other number: how to sign up or verify the number, at most once a business day.
// What must be downloaded (a receipt, a pre-alert's invoice, a file for a person) is left on the
// message as its follow-up, done by the worker after the transaction.
import { and, asc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import {
  deskAsksToCancel,
  deskAsksToPrealert,
  deskAsksToReportPayment,
  deskIntentOfReply,
  deskIntentOfText,
  WHATSAPP_DESK_MESSAGES as M,
  type DeskIntent,
} from '@casillero/shared';
import type { Db, DbOrTx } from '../../db/client';
import {
  whatsappConversations,
  whatsappInboundMessages,
  whatsappPaymentReports,
  whatsappPrealertRequests,
  type WhatsappFollowUp,
  type WhatsappInboundKind,
} from '../../db/schema';
import { businessToday } from '../../lib/business-clock';
import type { InboundWhatsappMessage } from '../../messaging/whatsapp-webhook';
import { customerOfWhatsappNumberQuery } from '../../queries/whatsapp-desk';
import { debtAnswer, packagesAnswer } from './answers';
import { cancelPaymentReport, continuePaymentReport, startPaymentReport, type ReceiptToFetch } from './payment-report';
import { continuePrealert, requestPrealert, type InvoiceToFetch } from './prealert';
import { queueDeskAnswer, type DeskAnswer, type DeskRecipient } from './reply';

type Answer = DeskIntent | 'pay' | 'prealert' | 'menu' | 'file' | 'unknown_number';

type StoredMessage = typeof whatsappInboundMessages.$inferSelect;

/** The next thing to do on a number, taken under its conversation's lock. */
export type NextStep =
  /** Nothing left: every message answered and followed up. */
  | { kind: 'idle' }
  /** A message answered earlier whose download was not done (its worker stopped): do it first. */
  | {
      kind: 'follow_up';
      messageId: string;
      userId: string | null;
      phone: string;
      followUp: WhatsappFollowUp;
      more: true;
    }
  /** Messages just answered (`count`, in order); the last one's follow-up, if any, to do now. */
  | {
      kind: 'answered';
      count: number;
      /** The last message answered, and what it was answered with. */
      messageId: string;
      userId: string | null;
      phone: string;
      answer: Answer | null;
      followUp: WhatsappFollowUp | null;
      /** Whether another message of the number was waiting behind it (a later one wakes the worker). */
      more: boolean;
    };

/** The message as the webhook read it, from its row. */
function inboundOf(row: StoredMessage): InboundWhatsappMessage {
  return {
    id: row.waMessageId,
    from: row.fromPhone,
    profileName: row.profileName,
    sentAt: row.sentAt,
    kind: row.kind as WhatsappInboundKind,
    rawType: row.rawType ?? row.kind,
    text: row.text,
    replyId: row.replyId,
    media: row.media,
  };
}

/**
 * The number's next step, in one transaction: its oldest message not followed up, or its oldest
 * messages not answered, up to `max` (1 unless told) and up to the first with a download, which is
 * done before the next is answered. One transaction for several messages is what lets a worker keep
 * up with a customer who writes many at once (the lock, the conversation's update and the commit
 * once for all). `onMessage` is told which message is being answered before it is (the worker counts
 * a failure against it; the failure undoes the whole transaction, so nothing of it is kept).
 */
export function answerNextMessages(
  db: Db,
  phone: string,
  options: { appUrl: string; now?: Date; max?: number; onMessage?: (messageId: string) => void },
): Promise<NextStep> {
  const now = options.now ?? new Date();
  const max = Math.max(1, options.max ?? 1);
  return db.transaction(async (tx): Promise<NextStep> => {
    // The conversation first, as every writer to it: the inbox's replies and other workers wait
    // here ("no key update": the webhook's inserts, which only check that it exists, do not).
    const [locked] = await tx
      .select({ phone: whatsappConversations.phone })
      .from(whatsappConversations)
      .where(eq(whatsappConversations.phone, phone))
      .for('no key update');
    if (!locked) return { kind: 'idle' };
    const rows = await tx
      .select()
      .from(whatsappInboundMessages)
      .where(
        and(
          eq(whatsappInboundMessages.fromPhone, phone),
          or(isNull(whatsappInboundMessages.answeredAt), isNotNull(whatsappInboundMessages.followUp)),
        ),
      )
      .orderBy(asc(whatsappInboundMessages.position))
      .limit(max + 1);
    const [first] = rows;
    if (!first) return { kind: 'idle' };
    if (first.answeredAt && first.followUp)
      return {
        kind: 'follow_up',
        messageId: first.id,
        userId: first.userId,
        phone,
        followUp: first.followUp,
        more: true,
      };
    const batch = rows.slice(0, max);
    // A failure from here on counts against the first message until the next one is taken, as
    // when each message had its own transaction (a conversation that cannot be updated is not
    // retried for ever).
    options.onMessage?.(first.id);
    const lastSent = new Date(Math.max(...batch.map((r) => r.sentAt.getTime())));
    const profileName = batch.findLast((r) => r.profileName !== null)?.profileName ?? null;

    // The number's conversation brought up to date: the customer who verified it now, the name
    // WhatsApp gave, and the time of their last message (the 24-hour window counts from it).
    const [conversation] = await tx
      .update(whatsappConversations)
      .set({
        userId: sql`(${customerOfWhatsappNumberQuery(tx, phone)})`,
        profileName: sql`coalesce(${profileName}::text, ${whatsappConversations.profileName})`,
        lastInboundAt: sql`greatest(${whatsappConversations.lastInboundAt}, ${lastSent.toISOString()}::timestamptz)`,
      })
      .where(eq(whatsappConversations.phone, phone))
      .returning();
    const userId = conversation!.userId;
    const to: DeskRecipient = { phone, userId, lastInboundAt: conversation!.lastInboundAt };
    let waitingForPerson = conversation!.needsAgentSince !== null;
    let count = 0;
    let last: { id: string; answer: Answer | null; followUp: WhatsappFollowUp | null } | null = null;
    for (const row of batch) {
      if (row.answeredAt) break;
      options.onMessage?.(row.id);
      const { answer, followUp } = await answerMessage(tx, to, inboundOf(row), waitingForPerson, {
        appUrl: options.appUrl,
        now,
      });
      await tx
        .update(whatsappInboundMessages)
        .set({ answeredAt: now, userId, answer, followUp })
        .where(eq(whatsappInboundMessages.id, row.id));
      count++;
      last = { id: row.id, answer, followUp };
      // "Hablar con alguien" and a file open the conversation for a person (answerCustomer).
      if (answer === 'agent' || answer === 'file') waitingForPerson = true;
      if (followUp) break;
    }
    return {
      kind: 'answered',
      count,
      messageId: last!.id,
      userId,
      phone,
      answer: last!.answer,
      followUp: last!.followUp,
      more: rows.length > count,
    };
  });
}

async function answerMessage(
  tx: DbOrTx,
  to: DeskRecipient,
  message: InboundWhatsappMessage,
  waitingForPerson: boolean,
  options: { appUrl: string; now: Date },
): Promise<{ answer: Answer | null; followUp: WhatsappFollowUp | null }> {
  const { userId } = to;
  if (!userId) return { answer: await answerUnknownNumber(tx, to, options), followUp: null };
  // A pre-alert waiting for its invoice, or one asked for, answers instead of the desk.
  const prealert = await answerPrealert(tx, to, userId, message, options);
  if (prealert) {
    const { invoice } = prealert;
    return {
      answer: 'prealert',
      followUp: invoice ? { kind: 'invoice', mediaId: invoice.mediaId, filename: invoice.filename } : null,
    };
  }
  // A payment report in progress (or started, or left) answers instead of the desk.
  const report = await answerPaymentReport(tx, to, userId, message, options);
  if (report) {
    return { answer: 'pay', followUp: report.receipt ? { kind: 'receipt', mediaId: report.receipt.mediaId } : null };
  }
  const planned = plannedAnswer(message, waitingForPerson);
  if (planned) await answerCustomer(tx, to, userId, planned, options);
  // A file for a person: downloaded after, kept for the inbox.
  const followUp: WhatsappFollowUp | null =
    planned === 'file' && message.media
      ? { kind: 'attachment', mediaId: message.media.id, filename: message.media.filename ?? null }
      : null;
  return { answer: planned, followUp };
}

/** "Prealertar", and the invoice (or "cancelar") that follows it; null when the message is not about it. */
async function answerPrealert(
  tx: DbOrTx,
  to: DeskRecipient,
  userId: string,
  message: InboundWhatsappMessage,
  options: { appUrl: string; now: Date },
): Promise<{ invoice?: InvoiceToFetch } | null> {
  const text = message.kind === 'text' ? (message.text ?? '') : '';
  if (text && deskAsksToPrealert(text)) {
    await requestPrealert(tx, to, userId, options);
    return {};
  }
  return continuePrealert(tx, to, userId, message, Boolean(text) && deskAsksToCancel(text), options);
}

/**
 * The payment report: its next answer while one is in progress, its start on "pagué", its end on
 * "cancelar"; null when the message is not about it (the desk answers it as usual).
 */
async function answerPaymentReport(
  tx: DbOrTx,
  to: DeskRecipient,
  userId: string,
  message: InboundWhatsappMessage,
  options: { appUrl: string; now: Date },
): Promise<{ receipt?: ReceiptToFetch } | null> {
  const text =
    message.kind === 'text' || message.kind === 'interactive' || message.kind === 'button' ? (message.text ?? '') : '';
  // A tapped menu button leaves a report in progress: the button is answered as usual.
  if (message.replyId && deskIntentOfReply(message.replyId)) {
    await tx.delete(whatsappPaymentReports).where(eq(whatsappPaymentReports.phone, to.phone));
    return null;
  }
  if (text && deskAsksToCancel(text) && (await cancelPaymentReport(tx, to, options))) return {};
  if (text && deskAsksToReportPayment(text)) {
    await tx.delete(whatsappPrealertRequests).where(eq(whatsappPrealertRequests.phone, to.phone));
    await startPaymentReport(tx, to, userId, options);
    return {};
  }
  const going = await continuePaymentReport(tx, to, userId, message, options);
  return going.handled ? { receipt: going.receipt } : null;
}

/** What a linked customer's message asks for. */
function askedFor(message: InboundWhatsappMessage): DeskIntent | 'menu' | 'file' | null {
  switch (message.kind) {
    case 'text':
      return deskIntentOfText(message.text ?? '') ?? 'menu';
    case 'interactive':
    case 'button':
      return deskIntentOfReply(message.replyId ?? '') ?? deskIntentOfReply(message.text ?? '') ?? 'menu';
    case 'image':
    case 'document':
      return 'file';
    default:
      // A reaction to one of our messages asks for nothing; stickers, audio, locations get the menu.
      return message.rawType === 'reaction' ? null : 'menu';
  }
}

/** What the desk answers a linked customer with; null: nothing (a reaction, or words left for the person they wait for). */
function plannedAnswer(
  message: InboundWhatsappMessage,
  waitingForPerson: boolean,
): DeskIntent | 'menu' | 'file' | null {
  const asked = askedFor(message);
  if (asked === null) return null;
  // Waiting for a person: what the desk cannot answer is left to them, not met with the menu.
  if (asked === 'menu' && waitingForPerson) return null;
  return asked;
}

async function answerCustomer(
  tx: DbOrTx,
  to: DeskRecipient,
  userId: string,
  asked: DeskIntent | 'menu' | 'file',
  options: { appUrl: string; now: Date },
): Promise<void> {
  if (asked === 'agent' || asked === 'file') {
    await tx
      .update(whatsappConversations)
      .set({
        needsAgentSince: sql`coalesce(${whatsappConversations.needsAgentSince}, ${options.now.toISOString()}::timestamptz)`,
      })
      .where(eq(whatsappConversations.phone, to.phone));
  }
  const reply: DeskAnswer =
    asked === 'packages'
      ? { text: await packagesAnswer(tx, userId, options.appUrl) }
      : asked === 'debt'
        ? { text: await debtAnswer(tx, userId, options.appUrl) }
        : asked === 'agent'
          ? { text: M.agentOpened }
          : asked === 'file'
            ? { text: M.fileReceived }
            : { menu: true };
  await queueDeskAnswer(tx, to, reply, options);
}

/** The sign-up answer, when this number has not had it yet this business day. */
async function answerUnknownNumber(
  tx: DbOrTx,
  to: DeskRecipient,
  options: { appUrl: string; now: Date },
): Promise<Answer | null> {
  const today = businessToday(options.now);
  const claimed = await tx
    .update(whatsappConversations)
    .set({ unknownReplyOn: today })
    .where(
      sql`${whatsappConversations.phone} = ${to.phone} and ${whatsappConversations.unknownReplyOn} is distinct from ${today}::date`,
    )
    .returning({ phone: whatsappConversations.phone });
  if (claimed.length === 0) return null;
  await queueDeskAnswer(tx, to, { text: M.unknownNumber(options.appUrl) }, options);
  return 'unknown_number';
}
