// A message received on the WhatsApp desk (docs/product/whatsapp-desk.md), in one transaction:
// stored once by its WhatsApp id (a repeated delivery finds it and does nothing more), linked to
// the customer who verified the number in the app, and answered through the outbox:
//   - a linked customer: "Mis paquetes", "Cuánto debo" or "Hablar con alguien" by button or by
//     words; a file asks for a person; anything else gets the menu (but not while a person is
//     to answer: they do);
//   - a linked customer who writes "pagué": the payment report, step by step (payment-report.ts);
//     while one is in progress their messages answer its questions;
//   - any other number: how to sign up or verify the number, at most once a business day.
import { eq, sql } from 'drizzle-orm';
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
} from '../../db/schema';
import { businessToday } from '../../lib/business-clock';
import type { InboundWhatsappMessage } from '../../messaging/whatsapp-webhook';
import { customerOfWhatsappNumberQuery } from '../../queries/whatsapp-desk';
import { debtAnswer, packagesAnswer } from './answers';
import { cancelPaymentReport, continuePaymentReport, startPaymentReport, type ReceiptToFetch } from './payment-report';
import { continuePrealert, requestPrealert, type InvoiceToFetch } from './prealert';
import { queueDeskAnswer, type DeskAnswer, type DeskRecipient } from './reply';

type Answer = DeskIntent | 'pay' | 'prealert' | 'menu' | 'file' | 'unknown_number';
/**
 * What to fetch now that the message is stored, outside its transaction: a payment report's
 * receipt (payment-report.ts finishPaymentReport) or a pre-alert's invoice (prealert.ts finishWhatsappPrealert).
 */
export type ReceiveOutcome = {
  stored: boolean;
  answer: Answer | null;
  receipt?: ReceiptToFetch;
  invoice?: InvoiceToFetch;
};

/** Stores and answers one message; `stored: false` when it had been received before. */
export function receiveWhatsappMessage(
  db: Db,
  message: InboundWhatsappMessage,
  options: { appUrl: string; now?: Date },
): Promise<ReceiveOutcome> {
  const now = options.now ?? new Date();
  // WhatsApp's time of the message, never later than now (the window counts from it).
  const sentAt = message.sentAt.getTime() > now.getTime() ? now : message.sentAt;
  return db.transaction(async (tx) => {
    // One statement: the number's conversation, created or brought up to date, with the customer
    // who verified the number (a repeated delivery writes the same values again). Its row is
    // locked until the transaction ends, so each number's messages are answered one at a time.
    const [conversation] = await tx
      .insert(whatsappConversations)
      .values({
        phone: message.from,
        lastInboundAt: sentAt,
        profileName: message.profileName,
        userId: sql`(${customerOfWhatsappNumberQuery(tx, message.from)})`,
      })
      .onConflictDoUpdate({
        target: whatsappConversations.phone,
        set: {
          userId: sql`excluded.user_id`,
          profileName: sql`coalesce(excluded.profile_name, ${whatsappConversations.profileName})`,
          lastInboundAt: sql`greatest(${whatsappConversations.lastInboundAt}, excluded.last_inbound_at)`,
        },
      })
      .returning();
    const userId = conversation.userId;
    // A linked customer's answer is known before it is written: stored with the message.
    const planned = userId ? plannedAnswer(message, conversation.needsAgentSince !== null) : null;
    const [stored] = await tx
      .insert(whatsappInboundMessages)
      .values({
        waMessageId: message.id,
        fromPhone: message.from,
        userId,
        kind: message.kind,
        text: message.text,
        replyId: message.replyId,
        media: message.media,
        sentAt,
        answer: planned,
      })
      .onConflictDoNothing({ target: whatsappInboundMessages.waMessageId })
      .returning({ id: whatsappInboundMessages.id });
    if (!stored) return { stored: false, answer: null };

    const to: DeskRecipient = { phone: message.from, userId, lastInboundAt: conversation.lastInboundAt };
    if (userId) {
      // A pre-alert waiting for its invoice, or one asked for, answers instead of the desk.
      const prealert = await answerPrealert(tx, to, userId, message, { appUrl: options.appUrl, now });
      if (prealert) {
        await tx
          .update(whatsappInboundMessages)
          .set({ answer: 'prealert' })
          .where(eq(whatsappInboundMessages.id, stored.id));
        return { stored: true, answer: 'prealert', invoice: prealert.invoice };
      }
      // A payment report in progress (or started, or left) answers instead of the desk.
      const report = await answerPaymentReport(tx, to, userId, message, { appUrl: options.appUrl, now });
      if (report) {
        await tx
          .update(whatsappInboundMessages)
          .set({ answer: 'pay' })
          .where(eq(whatsappInboundMessages.id, stored.id));
        return { stored: true, answer: 'pay', receipt: report.receipt };
      }
      if (planned) await answerCustomer(tx, to, userId, planned, { appUrl: options.appUrl, now });
      return { stored: true, answer: planned };
    }
    const answer = await answerUnknownNumber(tx, to, { appUrl: options.appUrl, now });
    if (answer) {
      await tx.update(whatsappInboundMessages).set({ answer }).where(eq(whatsappInboundMessages.id, stored.id));
    }
    return { stored: true, answer };
  });
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
