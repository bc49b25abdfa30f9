// A customer who wrote "prealertar" on the WhatsApp desk (docs/product/whatsapp-desk.md#pre-alerting-a-purchase):
// the next photo or PDF they send is read as the purchase's invoice. One per number; half an hour later it has lapsed.
import { pgTable, text } from 'drizzle-orm/pg-core';
import { requiredRef, timestamptz } from './columns';
import { users } from './users';
import { whatsappConversations } from './whatsapp-desk';

export const whatsappPrealertRequests = pgTable('whatsapp_prealert_requests', {
  phone: text('phone')
    .primaryKey()
    .references(() => whatsappConversations.phone, { onDelete: 'cascade' }),
  userId: requiredRef('user_id', () => users.id, 'cascade'),
  requestedAt: timestamptz('requested_at').notNull().defaultNow(),
});
