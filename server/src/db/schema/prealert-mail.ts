import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, requiredRef, uuidPk } from './columns';
import { customerOwned } from './owned';
import { prealerts } from './prealerts';
import { users } from './users';

/**
 * A customer's personal inbound address for pre-alerts from e-mail (docs/product/prealerts-from-email.md):
 * `prealertas+<token>@<INBOUND_MAIL_DOMAIN>`. A random token, not the mailbox code, so it cannot be guessed.
 */
export const inboundMailAddresses = pgTable('inbound_mail_addresses', {
  userId: requiredRef('user_id', () => users.id, 'cascade').primaryKey(),
  token: text('token').notNull().unique('inbound_mail_addresses_token_key'),
  createdAt: createdAt(),
});

/** The addresses a customer registered as their own: mail forwarded from them makes drafts. */
export const mailSenders = pgTable(
  'mail_senders',
  {
    ...customerOwned('cascade'),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('mail_senders_user_id_email_key').on(t.userId, t.email)],
);

/**
 * Every inbound message once (per customer and Message-ID): what arrived, how it authenticated
 * and what the pipeline did with it. Refused messages are logged here too, without their body.
 */
export const inboundMessages = pgTable(
  'inbound_messages',
  {
    id: uuidPk(),
    /** The customer of the address it was sent to; null when no customer has it. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    messageId: text('message_id'),
    /** 'smtp' or 'webhook'. */
    via: text('via').notNull(),
    envelopeFrom: text('envelope_from'),
    headerFrom: text('header_from'),
    subject: text('subject'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** SPF, DKIM, DMARC as checked (or as the provider reported them). */
    auth: jsonb('auth').$type<{ spf: string; dkim: string; dmarc: string; aligned: boolean }>(),
    /** What the pipeline did: draft_created, draft_completed, no_fields, unknown_sender, auth_failed, loop, refused, rate_limited. */
    outcome: text('outcome').notNull(),
    reason: text('reason'),
    prealertId: uuid('prealert_id').references(() => prealerts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('inbound_messages_user_id_message_id_key')
      .on(t.userId, t.messageId)
      .where(sql`${t.userId} is not null and ${t.messageId} is not null`),
    index('inbound_messages_created_at_idx').on(t.createdAt),
  ],
);
