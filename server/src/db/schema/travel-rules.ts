// The travel rules' versions (docs/product/travel-rules.md): each row is every rule at once, from a
// moment on. Rows are never edited: a change is a new row; a scheduled one may be cancelled
// (cancelled_at) before it starts, and then never applies. announced_at: the customers it
// affects were told (jobs/rule-changes.ts).
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TravelRules } from '@casillero/shared';
import { timestamptz } from './columns';
import { versionColumns } from './versions';

export const travelRuleVersions = pgTable(
  'travel_rule_versions',
  {
    ...versionColumns(),
    /** The moment it takes effect: now, or a Caracas day's 00:00. */
    effectiveAt: timestamptz('effective_at').notNull(),
    /** Every rule of the version (shared TravelRules). */
    rules: jsonb('rules').$type<TravelRules>().notNull(),
  },
  (t) => [
    uniqueIndex('travel_rule_versions_number_key').on(t.number),
    // Two live versions never start at the same moment.
    uniqueIndex('travel_rule_versions_live_at_key').on(t.effectiveAt).where(sql`${t.cancelledAt} is null`),
    index('travel_rule_versions_at_idx').on(t.effectiveAt),
  ],
);
