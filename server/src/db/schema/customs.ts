// The customs rules' versions (docs/product/customs.md): each row is every customs figure at once,
// from a moment on, with the note that says where its figures come from. Rows are never edited: a
// change is a new row; a scheduled one may be cancelled (cancelled_at) before it starts, and then
// never applies.
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CustomsRules } from '@casillero/shared';
import { timestamptz } from './columns';
import { versionColumns } from './versions';

export const customsRuleVersions = pgTable(
  'customs_rule_versions',
  {
    ...versionColumns(),
    /** The moment it takes effect: now, or a Caracas day's 00:00. */
    effectiveAt: timestamptz('effective_at').notNull(),
    /** The source of the figures: a Gaceta, a SENIAT notice, the business's assumption. */
    note: text('note').notNull(),
    /** Every figure of the version (shared CustomsRules). */
    rules: jsonb('rules').$type<CustomsRules>().notNull(),
  },
  (t) => [
    uniqueIndex('customs_rule_versions_number_key').on(t.number),
    // Two live versions never start at the same moment.
    uniqueIndex('customs_rule_versions_live_at_key').on(t.effectiveAt).where(sql`${t.cancelledAt} is null`),
    index('customs_rule_versions_at_idx').on(t.effectiveAt),
  ],
);
