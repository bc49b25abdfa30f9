// The travel rules' versions (docs/product/travel-rules.md): each row is every rule at once, from a
// moment on. Rows are never edited: a change is a new row; a scheduled one may be cancelled
// (cancelled_at) before it starts, and then never applies. announced_at: the customers it
// affects were told (jobs/rule-changes.ts).
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TravelRules } from '@casillero/shared';
import { createdAt, timestamptz, uuidPk } from './columns';
import { users } from './users';

export const travelRuleVersions = pgTable(
  'travel_rule_versions',
  {
    id: uuidPk(),
    /** 1, 2, 3… in the order the versions were created. */
    number: integer('number').notNull(),
    /** The moment it takes effect: now, or a Caracas day's 00:00. */
    effectiveAt: timestamptz('effective_at').notNull(),
    /** Every rule of the version (shared TravelRules). */
    rules: jsonb('rules').$type<TravelRules>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    cancelledAt: timestamptz('cancelled_at'),
    cancelledBy: uuid('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    /** When the customers it affects were told; null until it takes effect and the job runs. */
    announcedAt: timestamptz('announced_at'),
  },
  (t) => [
    uniqueIndex('travel_rule_versions_number_key').on(t.number),
    // Two live versions never start at the same moment.
    uniqueIndex('travel_rule_versions_live_at_key').on(t.effectiveAt).where(sql`${t.cancelledAt} is null`),
    index('travel_rule_versions_at_idx').on(t.effectiveAt),
  ],
);
