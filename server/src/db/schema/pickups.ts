// Agency counters and proof of delivery (docs/product/last-mile.md#agency-counters-and-proof-of-delivery):
// which agency an 'agencia' user works at, the pickup code of a shipment ready at its agency,
// and the proof left by every delivery.
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { deliveryProofMethodEnum } from './enums';
import { createdAt, requiredRef, timestamptz, updatedAt } from './columns';
import { users } from './users';
import { agencies } from './last-mile';
import { shipments } from './shipments';
import { staffInvitations } from './staff';
import { storedFiles } from './files';

/** The agency of each user with the role 'agencia': one each. */
export const agencyStaff = pgTable(
  'agency_staff',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    agencyId: requiredRef('agency_id', () => agencies.id, 'restrict'),
    createdAt: createdAt(),
  },
  (t) => [index('agency_staff_agency_id_idx').on(t.agencyId)],
);

/** The agency an invitation for the role 'agencia' binds the new user to. */
export const staffInvitationAgencies = pgTable('staff_invitation_agencies', {
  invitationId: text('invitation_id')
    .primaryKey()
    .references(() => staffInvitations.id, { onDelete: 'cascade' }),
  agencyId: requiredRef('agency_id', () => agencies.id, 'cascade'),
});

/**
 * A shipment ready for pickup at its agency: the code's hash (never the code), the failed
 * attempts so far (`wrong_codes` counts wrong codes and refused cédulas together) and when pickup
 * was locked by them; the last day a reminder went out.
 */
export const shipmentPickups = pgTable(
  'shipment_pickups',
  {
    shipmentId: uuid('shipment_id')
      .primaryKey()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    wrongCodes: integer('wrong_codes').notNull().default(0),
    pickupLockedAt: timestamptz('pickup_locked_at'),
    readyAt: timestamptz('ready_at').notNull().defaultNow(),
    markedReadyBy: uuid('marked_ready_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('shipment_pickups_ready_at_idx').on(t.readyAt)],
);

/** The proof of a delivery, at the counter or at home: one per shipment. */
export const deliveryProofs = pgTable(
  'delivery_proofs',
  {
    shipmentId: uuid('shipment_id')
      .primaryKey()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    method: deliveryProofMethodEnum('method').notNull(),
    receivedBy: text('received_by').notNull(),
    /** The cédula checked (normalised); null when the pickup code was shown. */
    idDocument: text('id_document'),
    photoFileId: uuid('photo_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    photoThumbFileId: uuid('photo_thumb_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    agencyId: uuid('agency_id').references(() => agencies.id, { onDelete: 'set null' }),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    deliveredAt: timestamptz('delivered_at').notNull().defaultNow(),
  },
  (t) => [index('delivery_proofs_recorded_by_idx').on(t.recordedBy)],
);
