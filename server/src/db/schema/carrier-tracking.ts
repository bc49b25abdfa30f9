// The first mile (docs/product/first-mile.md): a carrier's number followed through a tracking
// provider from the store to our warehouse, each of its events stored once, the day's requests
// counted against the administrator's budget, and the search the warehouse opens when the
// carrier says delivered and nothing was received.
import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CarrierTrackingState, FirstMileCarrier, TrackingProviderName } from '@casillero/shared';
import { createdAt, requiredRef, timestamptz, updatedAt, uuidPk } from './columns';
import { users } from './users';
import { prealerts } from './prealerts';
import { trackings } from './trackings';
import { claims } from './claims';

/**
 * One carrier number as followed from the carrier, once for every customer who pre-alerted it:
 * found by its tracking_key() (the same key the pre-alerts and the warehouse index).
 */
export const carrierShipments = pgTable(
  'carrier_shipments',
  {
    id: uuidPk(),
    /** tracking_key() of the number: one row per physical parcel. */
    trackingKey: text('tracking_key').notNull(),
    /** The number as first pre-alerted (what the provider is asked for). */
    trackingNumber: text('tracking_number').notNull(),
    carrier: text('carrier').$type<FirstMileCarrier>(),
    /** The normalised state (shared CARRIER_STATE_RANK: never backwards but by an exception). */
    state: text('state').$type<CarrierTrackingState>(),
    /** When the event that set the state happened. */
    stateAt: timestamptz('state_at'),
    expectedDeliveryAt: timestamptz('expected_delivery_at'),
    /** The carrier's delivery: when, where and its proof, where the carrier gives them. */
    deliveredAt: timestamptz('delivered_at'),
    deliveredLocation: text('delivered_location'),
    proofSignedBy: text('proof_signed_by'),
    proofPhotoUrl: text('proof_photo_url'),
    /** When the provider accepted the number; null until then (registration goes in batches). */
    registeredAt: timestamptz('registered_at'),
    registrationError: text('registration_error'),
    lastPolledAt: timestamptz('last_polled_at'),
    /** When polling (the fallback to webhooks) asks next; null when it should not. */
    nextPollAt: timestamptz('next_poll_at'),
    /** Followed no more: received at the warehouse, returned, or given up on. */
    stoppedAt: timestamptz('stopped_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('carrier_shipments_tracking_key_key').on(t.trackingKey),
    index('carrier_shipments_registration_idx')
      .on(t.createdAt)
      .where(sql`${t.registeredAt} is null and ${t.stoppedAt} is null`),
    index('carrier_shipments_next_poll_idx').on(t.nextPollAt).where(sql`${t.stoppedAt} is null`),
    index('carrier_shipments_state_idx').on(t.state, t.stateAt),
  ],
);

/** A carrier event, stored once by the provider's id for it, with the carrier's own text, place and time. */
export const carrierEvents = pgTable(
  'carrier_events',
  {
    id: uuidPk(),
    carrierShipmentId: requiredRef('carrier_shipment_id', () => carrierShipments.id, 'cascade'),
    provider: text('provider').$type<TrackingProviderName>().notNull(),
    /** The provider's id for the event (or a digest of its content where it gives none). */
    providerEventId: text('provider_event_id').notNull(),
    state: text('state').$type<CarrierTrackingState>().notNull(),
    occurredAt: timestamptz('occurred_at').notNull(),
    description: text('description').notNull(),
    location: text('location'),
    receivedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('carrier_events_provider_event_key').on(t.provider, t.providerEventId),
    index('carrier_events_shipment_occurred_idx').on(t.carrierShipmentId, t.occurredAt.desc()),
  ],
);

/** A provider's webhook delivery seen once: the same signed body sent again is refused. */
export const carrierWebhookDeliveries = pgTable(
  'carrier_webhook_deliveries',
  {
    provider: text('provider').$type<TrackingProviderName>().notNull(),
    /** The provider's delivery id, or the SHA-256 of the signed body. */
    deliveryId: text('delivery_id').notNull(),
    receivedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.deliveryId] })],
);

/** Requests made to a provider per day (Caracas date), held against the administrator's budget. */
export const carrierProviderUsage = pgTable(
  'carrier_provider_usage',
  {
    day: date('day', { mode: 'string' }).notNull(),
    provider: text('provider').$type<TrackingProviderName>().notNull(),
    requests: integer('requests').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.provider] })],
);

export const PARCEL_SEARCH_STATUSES = ['open', 'found', 'not_found'] as const;
export type ParcelSearchStatus = (typeof PARCEL_SEARCH_STATUSES)[number];

/**
 * A search the warehouse runs when the carrier says delivered at our address and no WR matched
 * within the administrator's hours: one open per pre-alert; receiving the parcel closes it.
 */
export const parcelSearches = pgTable(
  'parcel_searches',
  {
    id: uuidPk(),
    number: integer('number').generatedAlwaysAsIdentity().notNull(),
    carrierShipmentId: requiredRef('carrier_shipment_id', () => carrierShipments.id, 'restrict'),
    prealertId: requiredRef('prealert_id', () => prealerts.id, 'restrict'),
    userId: requiredRef('user_id', () => users.id, 'restrict'),
    status: text('status').$type<ParcelSearchStatus>().notNull().default('open'),
    /** Where it was found: the tracking (WR) that received it. */
    foundTrackingId: uuid('found_tracking_id').references(() => trackings.id, { onDelete: 'set null' }),
    closedAt: timestamptz('closed_at'),
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
    /** The claim the customer opened from the offer, when she did. */
    claimId: uuid('claim_id').references(() => claims.id, { onDelete: 'set null' }),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('parcel_searches_open_prealert_key').on(t.prealertId).where(sql`${t.status} = 'open'`),
    index('parcel_searches_status_created_idx').on(t.status, t.createdAt.desc()),
    index('parcel_searches_user_idx').on(t.userId),
  ],
);
