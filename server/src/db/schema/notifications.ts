import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { notificationTypeEnum } from './enums';
import { createdAt } from './columns';
import { customerOwned } from './owned';

export const notifications = pgTable(
  'notifications',
  {
    ...customerOwned('cascade'),
    title: text('title').notNull(),
    message: text('message').notNull(),
    type: notificationTypeEnum('type').notNull().default('general'),
    read: boolean('read').notNull().default(false),
    /** Where in the app the notification leads, e.g. /dashboard/mis-trackings. */
    link: text('link'),
    /**
     * Set for a message that must reach a customer at most once (a shipment's news, a storage
     * reminder): unique per customer, so a job run twice or from two servers inserts it once.
     */
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_id_created_at_idx').on(t.userId, t.createdAt.desc()),
    index('notifications_user_id_unread_idx').on(t.userId).where(sql`${t.read} = false`),
    index('notifications_created_at_idx').on(t.createdAt.desc()),
    index('notifications_type_created_at_idx').on(t.type, t.createdAt.desc()),
    index('notifications_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    // The admin list searches the message too (docs/product/admin-notifications.md#the-list).
    index('notifications_message_trgm_idx').using('gin', sql`${t.message} gin_trgm_ops`),
    uniqueIndex('notifications_user_id_dedupe_key_key')
      .on(t.userId, t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null`),
  ],
);
