import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { uuidPk, outboxDeliveryColumns } from './columns';

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
    /**
     * Headers of its own, passed to the provider as they are (an automatic reply's
     * Auto-Submitted, Precedence and X-Loop: services/prealert-mail/pipeline.ts); null for none.
     */
    headers: jsonb('headers').$type<Record<string, string>>(),
    ...outboxDeliveryColumns(),
  },
  (t) => [
    index('email_outbox_status_next_attempt_at_idx').on(t.status, t.nextAttemptAt),
    // The worker's "an earlier e-mail to one of these addresses is still pending".
    index('email_outbox_pending_to_idx').using('gin', t.to).where(sql`${t.status} = 'pending'`),
  ],
);
