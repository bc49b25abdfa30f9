import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { outboxStatusEnum } from './enums';
import { createdAt, timestamptz, uuidPk } from './columns';

/**
 * Outbound e-mail, written in the same transaction as the change that causes it and
 * delivered by the worker (docs/decisions/004). The id doubles as Resend's idempotency key.
 * Each recipient's e-mails go out in `queue_position` order: one waits while an earlier one to
 * any of its addresses is still pending (lib/outbox-delivery.ts).
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuidPk(),
    to: text('to').array().notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** Which template produced it, for logs and tests. */
    template: text('template').notNull(),
    status: outboxStatusEnum('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lockedUntil: timestamptz('locked_until'),
    lastError: text('last_error'),
    providerId: text('provider_id'),
    sentAt: timestamptz('sent_at'),
    createdAt: createdAt(),
    /** The order rows were written in (creation order, also within one transaction). */
    queuePosition: bigint('queue_position', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
  },
  (t) => [
    index('email_outbox_status_next_attempt_at_idx').on(t.status, t.nextAttemptAt),
    // The worker's "an earlier e-mail to one of these addresses is still pending".
    index('email_outbox_pending_to_idx').using('gin', t.to).where(sql`${t.status} = 'pending'`),
  ],
);
