// What every versioned rule book shares (the price list, the travel rules): a number in creation
// order, who made it and when, a cancellation before it starts, and when the customers it affects
// were told (docs/product/travel-rules.md#telling-the-customers). Rows are never edited.
import { integer, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, uuidPk } from './columns';
import { users } from './users';

export const versionColumns = () => ({
  id: uuidPk(),
  /** 1, 2, 3… in the order the versions were created. */
  number: integer('number').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  cancelledAt: timestamptz('cancelled_at'),
  cancelledBy: uuid('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
  /** When the customers it affects were told; null until it takes effect and the job runs. */
  announcedAt: timestamptz('announced_at'),
});
