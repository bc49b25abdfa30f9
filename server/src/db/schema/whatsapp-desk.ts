// The WhatsApp desk (docs/product/whatsapp-desk.md): every message customers write to the
// business's number, stored once by WhatsApp's own id (its webhook retries and repeats), and one
// conversation per number: whose it is, when they last wrote (the 24-hour window for free-form
// replies), whether it waits for a person, and the day the sign-up answer was last sent to it.
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DESK_INTENTS } from '@casillero/shared';
import { createdAt, requiredRef, timestamptz, uuidPk } from './columns';
import { storedFiles } from './files';
import { whatsappOutbox } from './messaging';
import { users } from './users';

export const WHATSAPP_INBOUND_KINDS = ['text', 'interactive', 'button', 'image', 'document', 'other'] as const;
export type WhatsappInboundKind = (typeof WHATSAPP_INBOUND_KINDS)[number];

/** One conversation per WhatsApp number (E.164) that has written to us. */
export const whatsappConversations = pgTable(
  'whatsapp_conversations',
  {
    phone: text('phone').primaryKey(),
    /** The customer who verified this number in the app when they last wrote; null: nobody. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The name the person gave WhatsApp (its profile), as the webhook sends it. */
    profileName: text('profile_name'),
    /** When they last wrote (WhatsApp's time of the message): free-form replies within 24 hours of it. */
    lastInboundAt: timestamptz('last_inbound_at').notNull(),
    /** Asked for a person ("Hablar con alguien") or sent a file: open for customer service since then. */
    needsAgentSince: timestamptz('needs_agent_since'),
    /** The business day the answer for an unverified number was last sent: at most one a day. */
    unknownReplyOn: date('unknown_reply_on', { mode: 'string' }),
    /** The person of customer service who answers it (the inbox, docs/product/whatsapp-desk.md#the-inbox). */
    assignedTo: uuid('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    /** The first staff reply since it was opened (needs_agent_since): the first-response time. */
    firstResponseAt: timestamptz('first_response_at'),
    /** When and by whom it was last closed (needs_agent_since back to null). */
    closedAt: timestamptz('closed_at'),
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The lease of the desk's worker answering this number's messages (services/whatsapp-desk/worker.ts):
     * no other worker takes the number until it passes (a worker that died lets it go this way).
     */
    answeringUntil: timestamptz('answering_until'),
    createdAt: createdAt(),
  },
  (t) => [
    check('whatsapp_conversations_phone_e164', sql`${t.phone} ~ '^\\+[1-9][0-9]{6,14}$'`),
    index('whatsapp_conversations_needs_agent_idx').on(t.needsAgentSince).where(sql`${t.needsAgentSince} is not null`),
  ],
);

/**
 * What is left to do for a message once answered, outside its transaction: download a payment
 * report's receipt, a pre-alert's invoice, or a file sent to a person (kept for the inbox).
 */
export type WhatsappFollowUp =
  | { kind: 'receipt'; mediaId: string }
  | { kind: 'invoice'; mediaId: string; filename: string | null }
  | { kind: 'attachment'; mediaId: string; filename: string | null };

/** Each message received, once: its WhatsApp id is unique. */
export const whatsappInboundMessages = pgTable(
  'whatsapp_inbound_messages',
  {
    id: uuidPk(),
    /** WhatsApp's message id (wamid.…): a repeated delivery finds it and does nothing. */
    waMessageId: text('wa_message_id').notNull(),
    fromPhone: text('from_phone')
      .notNull()
      .references(() => whatsappConversations.phone, { onDelete: 'cascade' }),
    /** The customer the number was linked to when it arrived; null: an unverified number. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: WHATSAPP_INBOUND_KINDS }).notNull(),
    /** The text written, the title of the button or row tapped, or a file's caption. */
    text: text('text'),
    /** The id of the button or list row tapped (DESK_BUTTONS), or a quick reply's payload. */
    replyId: text('reply_id'),
    /** WhatsApp's type of the message ('reaction', 'sticker', … for kind 'other'). */
    rawType: text('raw_type'),
    /** An image's or document's media id, type and file name, as the webhook gives them. */
    media: jsonb('media').$type<{ id: string; mimeType?: string; filename?: string }>(),
    /** The sender's WhatsApp profile name in the delivery, for their conversation. */
    profileName: text('profile_name'),
    /** What the desk answered with: an intent, 'pay' (the payment report), 'prealert' (a pre-alert by its invoice), 'menu', 'file', 'unknown_number' or null (no answer). */
    answer: text('answer', { enum: [...DESK_INTENTS, 'pay', 'prealert', 'menu', 'file', 'unknown_number'] }),
    /** When WhatsApp says it was written. */
    sentAt: timestamptz('sent_at').notNull(),
    receivedAt: createdAt(),
    /** The order messages were stored in (and WhatsApp listed them in a delivery): each number's are answered in it. */
    position: bigint('position', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    /** When the desk's worker answered it (or decided it gets no answer); null: still to answer. */
    answeredAt: timestamptz('answered_at'),
    /** Answering it failed this many times (the worker gives up after a few, so the number is not held). */
    answerAttempts: integer('answer_attempts').notNull().default(0),
    /** A download left to do after the answer (null once done): the next message waits for it. */
    followUp: jsonb('follow_up').$type<WhatsappFollowUp>(),
    /** The file the customer sent (an image or a PDF), downloaded and kept for the inbox. */
    fileId: uuid('file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('whatsapp_inbound_messages_wa_message_id_key').on(t.waMessageId),
    index('whatsapp_inbound_messages_from_phone_sent_at_idx').on(t.fromPhone, t.sentAt),
    // The worker's queue: each number's messages still to answer or follow up, in order.
    index('whatsapp_inbound_messages_pending_idx')
      .on(t.fromPhone, t.position)
      .where(sql`${t.answeredAt} is null or ${t.followUp} is not null`),
  ],
);

export const DESK_REPLY_KINDS = ['text', 'quick_reply', 'file', 'template'] as const;

/**
 * Each reply a person of customer service sent from the inbox, with who sent it: the message
 * itself is the outbox row it queued (delivered, retried and ordered as every WhatsApp message).
 */
export const whatsappDeskReplies = pgTable(
  'whatsapp_desk_replies',
  {
    id: uuidPk(),
    phone: text('phone')
      .notNull()
      .references(() => whatsappConversations.phone, { onDelete: 'cascade' }),
    outboxId: requiredRef('outbox_id', () => whatsappOutbox.id, 'cascade'),
    staffId: uuid('staff_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: DESK_REPLY_KINDS }).notNull(),
    /** What was written (a file's caption); a quick reply's text. */
    text: text('text'),
    /** The quick reply chosen, or the template sent outside the 24-hour window. */
    quickReply: text('quick_reply'),
    template: text('template'),
    fileId: uuid('file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('whatsapp_desk_replies_outbox_id_key').on(t.outboxId),
    index('whatsapp_desk_replies_phone_idx').on(t.phone, t.createdAt),
  ],
);
