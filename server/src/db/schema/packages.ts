import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { packageStatusEnum } from './enums';
import { cents, createdAt, measure, requiredRef, timestamptz, updatedAt } from './columns';
import { customerOwned } from './owned';
import { mailboxes } from './mailboxes';
import { storedFiles } from './files';
import { trackings } from './trackings';

/** A package in the warehouse, owned by a customer and received into one of their mailboxes. */
export const packages = pgTable(
  'packages',
  {
    ...customerOwned('restrict'),
    mailboxId: requiredRef('mailbox_id', () => mailboxes.id, 'restrict'),
    trackingNumber: text('tracking_number'),
    packageDescription: text('package_description').notNull(),
    senderName: text('sender_name'),
    weightKg: measure('weight_kg'),
    /** Free text such as "30x20x15". */
    dimensionsCm: text('dimensions_cm'),
    estimatedValueUsdCents: cents('estimated_value_usd_cents'),
    status: packageStatusEnum('status').notNull().default('pending'),
    /** Internal notes, not shown to the customer. */
    notes: text('notes'),
    receivedDate: timestamptz('received_date'),
    /** Warehouse intake: the warehouse receipt number, shelf location and a photo. */
    warehouseReceipt: text('warehouse_receipt'),
    warehouseLocation: text('warehouse_location'),
    photoFileId: uuid('photo_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    trackingId: uuid('tracking_id').references((): AnyPgColumn => trackings.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('packages_user_id_idx').on(t.userId),
    // A customer's own list, latest arrived first, a page at a time (the app's and the public API's: docs/product/public-api.md#performance).
    index('packages_user_arrived_idx').on(
      t.userId,
      sql`coalesce(${t.receivedDate}, ${t.createdAt}) desc`,
      sql`${t.id} desc`,
    ),
    // One warehouse receipt per parcel (docs/product/product-decisions.md#d6-races-are-closed-by-the-database: the database guarantees it); empty is NULL.
    uniqueIndex('packages_warehouse_receipt_key').on(t.warehouseReceipt),
    index('packages_mailbox_id_idx').on(t.mailboxId),
    index('packages_status_created_at_idx').on(t.status, t.createdAt),
    // Reports count a period's packages per client from the index alone (index-only scans).
    index('packages_created_at_user_id_idx').on(t.createdAt, t.userId),
    // Scans find a parcel whatever the carrier's variant of its number (tracking_key, migration 0012).
    index('packages_tracking_key_idx').on(sql`tracking_key(${t.trackingNumber})`),
    index('packages_tracking_number_trgm_idx').using('gin', sql`${t.trackingNumber} gin_trgm_ops`),
    index('packages_description_trgm_idx').using('gin', sql`${t.packageDescription} gin_trgm_ops`),
    // A customer's own search (Almacén and the public API, docs/product/public-api.md#performance):
    // the owner and the three searched texts in one GIN index (btree_gin gives uuid its GIN
    // operators), so each ILIKE arm reads only that customer's matches instead of filtering all
    // their rows (an online store has 100,000).
    index('packages_owner_search_idx').using(
      'gin',
      t.userId,
      sql`${t.trackingNumber} gin_trgm_ops`,
      sql`${t.packageDescription} gin_trgm_ops`,
      sql`${t.senderName} gin_trgm_ops`,
    ),
  ],
);

export type PackageRow = typeof packages.$inferSelect;
