// Webhooks of the public API (docs/product/public-api.md#webhooks): a customer's subscriptions
// (an https URL, the events it wants, the signing secret) and the outbox of their deliveries,
// written in the same transaction as the change that raises the event (docs/decisions/004).
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt, uuidPk, outboxDeliveryColumns } from './columns';
import { users } from './users';

export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    id: uuidPk(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** WEBHOOK_EVENTS (shared/src/public-api/messages.ts). */
    events: text('events').array().notNull(),
    /**
     * `whsec_…`, kept in clear because every delivery is signed with it (an HMAC key, unlike an
     * API key, cannot be kept as a hash). Shown to the customer once; never in a list or the audit log.
     */
    secret: text('secret').notNull(),
    /**
     * The secret before the last rotation, which still signs each delivery beside `secret` until
     * `previous_secret_expires_at` (24 hours after the rotation), so a receiver has a day to
     * change its own; dropped after. Kept and shown like `secret`: never in a list or the audit log.
     */
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamptz('previous_secret_expires_at'),
    active: boolean('active').notNull().default(true),
    /** The `sequence` of the latest event enqueued for this subscription (0: none yet). */
    lastSequence: bigint('last_sequence', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('webhook_subscriptions_user_idx').on(t.userId, t.createdAt.desc()),
    // The worker drops previous secrets whose day has passed (webhooks/worker.ts): only those rows.
    index('webhook_subscriptions_previous_secret_idx')
      .on(t.previousSecretExpiresAt)
      .where(sql`${t.previousSecretExpiresAt} is not null`),
  ],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    /** Also the `webhook-id` header: the receiver's key to ignore a repeated delivery. */
    id: uuidPk(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    /**
     * The event's number within its subscription: 1, 2, 3… in the order the events happened,
     * without gaps (a change that rolls back takes its number with it). Also in the payload, so
     * a receiver can put deliveries back in order; a Reenviar copy carries its original's.
     */
    sequence: bigint('sequence', { mode: 'number' }).notNull(),
    /** The body sent: `{ type, timestamp, sequence, data }`. */
    payload: jsonb('payload').notNull(),
    /** The receiver's HTTP status on the last attempt (null: no answer). */
    responseStatus: integer('response_status'),
    ...outboxDeliveryColumns(),
  },
  (t) => [
    index('webhook_deliveries_status_next_attempt_at_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_subscription_idx').on(t.subscriptionId, t.createdAt.desc()),
    index('webhook_deliveries_pending_subscription_idx')
      .on(t.subscriptionId, t.queuePosition)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export type WebhookPayload = { type: string; timestamp: string; sequence: number; data: Record<string, unknown> };
