import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { outboxStatusEnum } from './enums';
import { createdAt, timestamptz, uuidPk } from './columns';

/**
 * Outbound e-mail, written in the same transaction as the change that causes it and
 * delivered by the worker (docs/decisions/004). The id doubles as Resend's idempotency key.
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
  },
  (t) => [index('email_outbox_status_next_attempt_at_idx').on(t.status, t.nextAttemptAt)],
);
