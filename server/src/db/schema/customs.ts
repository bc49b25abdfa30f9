// The customs rules' versions (docs/product/customs.md): each row is every customs figure at once,
// from a moment on, with the note that says where its figures come from. Rows are never edited: a
// change is a new row; a scheduled one may be cancelled (cancelled_at) before it starts, and then
// never applies.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CustomsCategory, CustomsRules, SettlementOutcome } from '@casillero/shared';
import { cents, createdAt, requiredRef, timestamptz, updatedAt, uuidPk } from './columns';
import { versionColumns } from './versions';
import { departures } from './departures';
import { shipments } from './shipments';
import { users } from './users';
import { ledgerEntries } from './billing';

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

/**
 * The administrator's settlement threshold (docs/product/customs.md#settled-against-what-customs-charged):
 * one row (id 1); none yet: the default. Audited by its trigger.
 */
export const customsSettlementSettings = pgTable(
  'customs_settlement_settings',
  {
    id: integer('id').primaryKey().default(1),
    thresholdUsdCents: cents('threshold_usd_cents').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('customs_settlement_settings_one_row', sql`${t.id} = 1`),
    check('customs_settlement_settings_threshold', sql`${t.thresholdUsdCents} between 0 and 100000`),
  ],
);

/**
 * A shipment's customs settled against the broker's figure: at most once per shipment (the unique
 * index), with the estimate it was compared with frozen, the difference, what it became and the
 * ledger entry it made (a charge or a credit; none when absorbed). Never edited.
 */
export const customsSettlements = pgTable(
  'customs_settlements',
  {
    id: uuidPk(),
    shipmentId: requiredRef('shipment_id', () => shipments.id, 'restrict'),
    departureId: requiredRef('departure_id', () => departures.id, 'restrict'),
    /** The shipment's customer: whose account the difference moves. */
    userId: requiredRef('user_id', () => users.id, 'restrict'),
    /** The guía or shipment code as the broker's file wrote it. */
    guia: text('guia').notNull(),
    /** The category of the shipment's largest declared value, for the report. */
    category: text('category').$type<CustomsCategory>().notNull(),
    estimateUsdCents: cents('estimate_usd_cents').notNull(),
    paidUsdCents: cents('paid_usd_cents').notNull(),
    /** paid − estimate: positive, customs charged more. */
    differenceUsdCents: cents('difference_usd_cents').notNull(),
    thresholdUsdCents: cents('threshold_usd_cents').notNull(),
    outcome: text('outcome').$type<SettlementOutcome>().notNull(),
    /** The |error| in basis points of what was paid; null when nothing was paid and something estimated. */
    apeBasisPoints: integer('ape_basis_points'),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }).references(() => ledgerEntries.id, {
      onDelete: 'restrict',
    }),
    fileName: text('file_name').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('customs_settlements_shipment_key').on(t.shipmentId),
    index('customs_settlements_departure_idx').on(t.departureId),
    index('customs_settlements_created_at_idx').on(t.createdAt),
    check('customs_settlements_outcome', sql`${t.outcome} in ('charge', 'credit', 'absorbed')`),
    check('customs_settlements_amounts', sql`${t.estimateUsdCents} >= 0 and ${t.paidUsdCents} >= 0`),
    check('customs_settlements_difference', sql`${t.differenceUsdCents} = ${t.paidUsdCents} - ${t.estimateUsdCents}`),
    // A charge or a credit has its ledger entry; an absorbed difference has none.
    check('customs_settlements_entry', sql`(${t.outcome} = 'absorbed') = (${t.ledgerEntryId} is null)`),
  ],
);
