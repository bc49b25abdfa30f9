// The price list's versions (docs/product/price-lists.md): each row is every price at once, from
// a Caracas day on. Rows are never edited: a change is a new row; a scheduled one may be
// cancelled (cancelled_at) before it starts, and then never applies.
import { sql } from 'drizzle-orm';
import { date, index, jsonb, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PriceList } from '@casillero/shared';
import { timestamptz } from './columns';
import { users } from './users';
import { versionColumns } from './versions';

export const priceListVersions = pgTable(
  'price_list_versions',
  {
    ...versionColumns(),
    /** The first Caracas day it applies (from 00:00 America/Caracas). */
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    /** Every value of the version (shared PriceList: cents, percentages, measures). */
    prices: jsonb('prices').$type<PriceList>().notNull(),
  },
  (t) => [
    uniqueIndex('price_list_versions_number_key').on(t.number),
    // Two live versions never start on the same day.
    uniqueIndex('price_list_versions_live_from_key').on(t.effectiveFrom).where(sql`${t.cancelledAt} is null`),
    index('price_list_versions_from_idx').on(t.effectiveFrom),
  ],
);

/**
 * The price list each customer last saw in a ship request's quote, and when they first saw it
 * (docs/product/price-lists.md#where-prices-are-read): a quote made later, without the dialog's token,
 * honours that version for the set days, on any device.
 */
export const priceQuotesSeen = pgTable('price_quotes_seen', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  priceListVersionId: uuid('price_list_version_id')
    .notNull()
    .references(() => priceListVersions.id, { onDelete: 'cascade' }),
  quotedAt: timestamptz('quoted_at').notNull(),
});
