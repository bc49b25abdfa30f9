import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { priorityEnum, trackingStatusEnum } from './enums';
import { cents, createdAt, measure, requiredRef, timestamptz, updatedAt, uuidPk } from './columns';
import { users } from './users';
import { mailboxes } from './mailboxes';
import { prealerts } from './prealerts';

/** An incoming parcel followed by the warehouse (the admin "God Mode" panel). */
export const trackings = pgTable(
  'trackings',
  {
    id: uuidPk(),
    trackingNumber: text('tracking_number').notNull().unique('trackings_tracking_number_key'),
    userId: requiredRef('user_id', () => users.id, 'restrict'),
    mailboxId: requiredRef('mailbox_id', () => mailboxes.id, 'restrict'),
    description: text('description').notNull(),
    carrier: text('carrier').notNull(),
    estimatedWeight: measure('estimated_weight').notNull().default(1),
    actualWeight: measure('actual_weight'),
    estimatedValueUsdCents: cents('estimated_value_usd_cents').notNull().default(0),
    senderName: text('sender_name').notNull(),
    originCountry: text('origin_country').notNull().default('Estados Unidos'),
    status: trackingStatusEnum('status').notNull().default('created'),
    needsReempaque: boolean('needs_reempaque').notNull().default(false),
    reempaqueReason: text('reempaque_reason'),
    priority: priorityEnum('priority').notNull().default('medium'),
    notes: text('notes'),
    /**
     * When an approved shipping payment authorised this parcel to leave (it stays
     * 'ready_to_ship' until it physically does); NULL while the payment is outstanding.
     */
    dispatchAuthorizedAt: timestamptz('dispatch_authorized_at'),
    /** The customer's pre-alert with the same tracking number, when one matched. */
    prealertId: uuid('prealert_id').references((): AnyPgColumn => prealerts.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('trackings_created_at_id_idx').on(t.createdAt.desc(), t.id.desc()),
    index('trackings_status_created_at_idx').on(t.status, t.createdAt.desc()),
    index('trackings_priority_created_at_idx').on(t.priority, t.createdAt.desc()),
    index('trackings_carrier_created_at_idx').on(t.carrier, t.createdAt.desc()),
    index('trackings_user_id_idx').on(t.userId),
    index('trackings_mailbox_id_idx').on(t.mailboxId),
    index('trackings_prealert_id_idx').on(t.prealertId),
    // Scans find a parcel whatever the carrier's variant of its number (tracking_key, migration 0012).
    index('trackings_tracking_key_idx').on(sql`tracking_key(${t.trackingNumber})`),
    index('trackings_tracking_number_trgm_idx').using('gin', sql`${t.trackingNumber} gin_trgm_ops`),
    // The few parcels paid and waiting to leave: the stats count them from this small index
    // (ready to ship minus these = awaiting payment) instead of reading every ready row.
    index('trackings_dispatch_authorized_ready_idx')
      .on(t.dispatchAuthorizedAt)
      .where(sql`${t.status} = 'ready_to_ship' and ${t.dispatchAuthorizedAt} is not null`),
  ],
);

export const trackingHistory = pgTable(
  'tracking_history',
  {
    id: uuidPk(),
    trackingId: requiredRef('tracking_id', () => trackings.id, 'cascade'),
    status: trackingStatusEnum('status').notNull(),
    message: text('message'),
    /** The admin who made the change. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('tracking_history_tracking_id_created_at_idx').on(t.trackingId, t.createdAt.desc()),
    // "Ready today" and other "what happened since" counts read a status's recent changes.
    index('tracking_history_status_created_at_idx').on(t.status, t.createdAt),
  ],
);

/**
 * How many trackings are in each status, kept exact by statement-level triggers on
 * `trackings` (migration 0003), so the stat cards and the unfiltered list total read ten
 * rows instead of counting a million (docs/decisions/008).
 */
export const trackingStatusCounts = pgTable('tracking_status_counts', {
  status: trackingStatusEnum('status').primaryKey(),
  count: bigint('count', { mode: 'number' }).notNull().default(0),
});
