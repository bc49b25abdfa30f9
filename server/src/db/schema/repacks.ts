import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { repackStatusEnum, shippingMethodEnum } from './enums';
import { createdAt, measure, requiredRef, timestamptz, updatedAt, uuidPk } from './columns';
import { users } from './users';
import { customerOwned } from './owned';
import { packages } from './packages';
import { trackings } from './trackings';

/** A customer's request to repack or consolidate packages (reempaque). */
export const repackRequests = pgTable(
  'repack_requests',
  {
    ...customerOwned('restrict'),
    shippingMethod: shippingMethodEnum('shipping_method').notNull(),
    instructions: text('instructions'),
    status: repackStatusEnum('status').notNull().default('pending'),
    /** The warehouse receipt (WR) number given when processed. */
    warehouseReceipt: text('warehouse_receipt'),
    /** The resulting box, weighed and measured when processed: a ship request prices it as one parcel. */
    weightKg: measure('weight_kg'),
    /** Free text such as "50x40x30", as packages keep it. */
    dimensionsCm: text('dimensions_cm'),
    processedAt: timestamptz('processed_at'),
    processedBy: uuid('processed_by').references(() => users.id, { onDelete: 'set null' }),
    shippedAt: timestamptz('shipped_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('repack_requests_user_id_idx').on(t.userId),
    index('repack_requests_status_created_at_idx').on(t.status, t.createdAt),
  ],
);

/** What a repack request covers: packages in the warehouse or trackings on their way. */
export const repackRequestItems = pgTable(
  'repack_request_items',
  {
    id: uuidPk(),
    repackRequestId: requiredRef('repack_request_id', () => repackRequests.id, 'cascade'),
    packageId: uuid('package_id').references(() => packages.id, { onDelete: 'cascade' }),
    trackingId: uuid('tracking_id').references(() => trackings.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('repack_request_items_request_id_idx').on(t.repackRequestId),
    index('repack_request_items_package_id_idx').on(t.packageId),
    unique('repack_request_items_request_package_key').on(t.repackRequestId, t.packageId),
    unique('repack_request_items_request_tracking_key').on(t.repackRequestId, t.trackingId),
    check('repack_request_items_one_target', sql`(${t.packageId} is not null) <> (${t.trackingId} is not null)`),
  ],
);
