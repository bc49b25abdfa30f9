// Web push, the fourth channel (docs/decisions/037-web-push.md): the browsers a customer let
// us notify, and the pushes written with the notification and delivered by a worker like the
// other outboxes (docs/decisions/004).
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, outboxDeliveryColumns, timestamptz, uuidPk } from './columns';
import { customerOwned } from './owned';
import { users } from './users';

/** One browser (or installed app) of one customer, as its push service identifies it. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    ...customerOwned('cascade'),
    /** The push service's URL for this browser: unique, a browser signed in as someone else moves to them. */
    endpoint: text('endpoint').notNull(),
    /** The browser's keys the payload is encrypted for (RFC 8291), base64url. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** What the customer sees in Configuración to tell their devices apart ("Chrome en Android"). */
    device: text('device').notNull(),
    createdAt: createdAt(),
    lastSentAt: timestamptz('last_sent_at'),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_id_idx').on(t.userId),
  ],
);

/** A notice to one browser; gone with its subscription (the push service said it no longer exists). */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: uuidPk(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The app's path the notice opens, e.g. /dashboard/mis-trackings. */
    link: text('link').notNull(),
    ...outboxDeliveryColumns(),
  },
  (t) => [
    index('push_outbox_status_next_attempt_at_idx').on(t.status, t.nextAttemptAt),
    index('push_outbox_pending_subscription_idx').on(t.subscriptionId, t.queuePosition),
  ],
);
