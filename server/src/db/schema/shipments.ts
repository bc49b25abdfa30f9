import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { deliveryMethodEnum, shipmentStageStatusEnum, shipmentStatusEnum, shippingMethodEnum } from './enums';
import { cents, createdAt, measure, requiredRef, timestamptz, updatedAt, uuidPk } from './columns';
import { priceListVersions } from './prices';
import { users } from './users';
import { customerOwned } from './owned';
import { packages } from './packages';
import { departures } from './departures';
import { agencies, recipients } from './last-mile';

/** A consolidated shipment of a customer's packages to an address in Venezuela. */
export const shipments = pgTable(
  'shipments',
  {
    ...customerOwned('restrict'),
    shipmentCode: text('shipment_code').notNull().unique('shipments_shipment_code_key'),
    trackingNumber: text('tracking_number'),
    /** Who receives it (docs/product/last-mile.md); null only while old rows are migrated. */
    recipientId: uuid('recipient_id').references(() => recipients.id, { onDelete: 'restrict' }),
    /** At the recipient's door or at an agency counter. */
    deliveryMethod: deliveryMethodEnum('delivery_method').notNull().default('home'),
    /** The agency, for pickup. */
    agencyId: uuid('agency_id').references(() => agencies.id, { onDelete: 'restrict' }),
    /** The home-delivery fee of the recipient's zone (USD cents), a line of the shipment's invoice. */
    deliveryFeeUsdCents: cents('delivery_fee_usd_cents').notNull().default(0),
    /** The destination as it was chosen (the recipient's address or the agency's), kept for manifests and tracking. */
    deliveryAddress: text('delivery_address').notNull(),
    deliveryCity: text('delivery_city').notNull(),
    deliveryState: text('delivery_state').notNull(),
    estimatedDelivery: date('estimated_delivery', { mode: 'string' }),
    actualDelivery: date('actual_delivery', { mode: 'string' }),
    shippingCostUsdCents: cents('shipping_cost_usd_cents').notNull().default(0),
    totalWeightKg: measure('total_weight_kg').notNull().default(0),
    totalVolumeCm3: measure('total_volume_cm3'),
    status: shipmentStatusEnum('status').notNull().default('preparing'),
    /** Air or sea (docs/product/departures.md): the departures it may join. */
    shippingMethod: shippingMethodEnum('shipping_method').notNull().default('aereo'),
    /** The flight or container it travels in; one at most. */
    departureId: uuid('departure_id').references(() => departures.id, { onDelete: 'restrict' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Asked for by the customer from Almacén (docs/product/last-mile.md#the-ship-request): it joins
     * a departure only once the invoice issued with it is paid.
     */
    requestedByCustomer: boolean('requested_by_customer').notNull().default(false),
    /** What the shipment is insured for (USD cents); null: not insured, claims pay the uninsured share (docs/product/claims.md). */
    insuredValueUsdCents: cents('insured_value_usd_cents'),
    /**
     * A ship request's price list (docs/product/price-lists.md): the version the customer was
     * quoted, and when; a price seen is honoured for the set days after a new version starts.
     */
    priceListVersionId: uuid('price_list_version_id').references(() => priceListVersions.id, { onDelete: 'restrict' }),
    quotedAt: timestamptz('quoted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A customer's own list, newest first, a page at a time (the app's and the public API's: docs/product/public-api.md#performance).
    index('shipments_user_id_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('shipments_status_created_at_idx').on(t.status, t.createdAt),
    // Reports sum a period's shipping costs from the index alone.
    index('shipments_created_at_cost_idx').on(t.createdAt, t.shippingCostUsdCents),
    index('shipments_updated_at_idx').on(t.updatedAt),
    index('shipments_departure_id_idx').on(t.departureId),
    index('shipments_agency_id_status_idx').on(t.agencyId, t.status),
    index('shipments_recipient_id_idx').on(t.recipientId),
    index('shipments_delivery_city_trgm_idx').using('gin', sql`${t.deliveryCity} gin_trgm_ops`),
    index('shipments_code_trgm_idx').using('gin', sql`${t.shipmentCode} gin_trgm_ops`),
  ],
);

export const shipmentPackages = pgTable(
  'shipment_packages',
  {
    shipmentId: requiredRef('shipment_id', () => shipments.id, 'cascade'),
    packageId: requiredRef('package_id', () => packages.id, 'restrict'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.shipmentId, t.packageId] }),
    // Reports: packages shipped in a period (the cost per package).
    index('shipment_packages_created_at_idx').on(t.createdAt),
    // A package travels in one shipment only, even when two admins try at once (docs/product/product-decisions.md#d6-races-are-closed-by-the-database).
    unique('shipment_packages_package_id_key').on(t.packageId),
  ],
);

export const shipmentStages = pgTable(
  'shipment_stages',
  {
    id: uuidPk(),
    shipmentId: requiredRef('shipment_id', () => shipments.id, 'cascade'),
    stageNumber: integer('stage_number').notNull(),
    stageName: text('stage_name').notNull(),
    status: shipmentStageStatusEnum('status').notNull().default('pending'),
    estimatedDays: integer('estimated_days'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('shipment_stages_shipment_id_stage_number_key').on(t.shipmentId, t.stageNumber)],
);
