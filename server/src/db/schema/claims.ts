// Claims (docs/product/claims.md): what a customer claims on one of their packages or shipments,
// its photos and every step of it. A claim of one kind is open once per parcel at a time (partial
// unique indexes: two tabs opening it at once make one), and is decided once (its row is locked
// while deciding; the payout's ledger entry is tied to it).
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ClaimEventKind, ClaimKind, ClaimStatus } from '@casillero/shared';
import { createdAt, requiredRef, timestamptz, updatedAt, uuidPk } from './columns';
import { customerOwned } from './owned';
import { users } from './users';
import { packages } from './packages';
import { shipments } from './shipments';
import { storedFiles } from './files';
import { ledgerEntries } from './billing';

export const claims = pgTable(
  'claims',
  {
    ...customerOwned('restrict'),
    /** The claim's number; its code is 'R-000123' (claimCode). */
    number: integer('number').generatedAlwaysAsIdentity().notNull(),
    kind: text('kind').$type<ClaimKind>().notNull(),
    status: text('status').$type<ClaimStatus>().notNull().default('open'),
    packageId: uuid('package_id').references(() => packages.id, { onDelete: 'restrict' }),
    shipmentId: uuid('shipment_id').references(() => shipments.id, { onDelete: 'restrict' }),
    /** What happened, in the customer's words. */
    description: text('description').notNull(),
    /** 'not_in_mailbox': the carrier's delivered date and its proof. */
    carrierDeliveredOn: date('carrier_delivered_on', { mode: 'string' }),
    carrierProofFileId: uuid('carrier_proof_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    assignedTo: uuid('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    /** When the desk must have answered; null while the claim waits for the customer (the clock is paused). */
    answerBy: timestamptz('answer_by'),
    /** While paused: how much of the desk's time was left (ms), given back when the customer answers. */
    pausedRemainingMs: bigint('paused_remaining_ms', { mode: 'number' }),
    payoutUsdCents: bigint('payout_usd_cents', { mode: 'number' }),
    /** What the customer reads about the decision (the reason of a rejection). */
    decisionReason: text('decision_reason'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamptz('decided_at'),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }).references(() => ledgerEntries.id, {
      onDelete: 'restrict',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('claims_number_key').on(t.number),
    index('claims_user_id_idx').on(t.userId, t.createdAt.desc()),
    index('claims_open_answer_by_idx').on(t.answerBy).where(sql`${t.status} in ('open', 'waiting_customer')`),
    // One open claim of a kind per parcel: the database settles two tabs opening it at once.
    uniqueIndex('claims_open_package_kind_key')
      .on(t.packageId, t.kind)
      .where(sql`${t.packageId} is not null and ${t.status} in ('open', 'waiting_customer')`),
    uniqueIndex('claims_open_shipment_kind_key')
      .on(t.shipmentId, t.kind)
      .where(sql`${t.shipmentId} is not null and ${t.status} in ('open', 'waiting_customer')`),
    uniqueIndex('claims_ledger_entry_key').on(t.ledgerEntryId),
    check('claims_one_subject', sql`(${t.packageId} is null) <> (${t.shipmentId} is null)`),
    check('claims_kind', sql`${t.kind} in ('lost', 'damaged', 'missing_items', 'not_in_mailbox', 'weight_dispute')`),
    check(
      'claims_status',
      sql`${t.status} in ('open', 'waiting_customer', 'approved', 'partially_approved', 'rejected')`,
    ),
    check('claims_payout_positive', sql`${t.payoutUsdCents} is null or ${t.payoutUsdCents} >= 0`),
  ],
);

/** The customer's photos of a claim (both sizes), from opening it or from an answer. */
export const claimPhotos = pgTable(
  'claim_photos',
  {
    id: uuidPk(),
    claimId: requiredRef('claim_id', () => claims.id, 'cascade'),
    fileId: requiredRef('file_id', () => storedFiles.id, 'restrict'),
    thumbFileId: requiredRef('thumb_file_id', () => storedFiles.id, 'restrict'),
    createdAt: createdAt(),
  },
  (t) => [index('claim_photos_claim_idx').on(t.claimId), uniqueIndex('claim_photos_file_key').on(t.fileId)],
);

/** Every step of a claim, as both sides read it in its history. */
export const claimEvents = pgTable(
  'claim_events',
  {
    id: uuidPk(),
    claimId: requiredRef('claim_id', () => claims.id, 'cascade'),
    kind: text('kind').$type<ClaimEventKind>().notNull(),
    /** The words of the step: the customer's text, the desk's request, the decision's reason. */
    body: text('body'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('claim_events_claim_idx').on(t.claimId, t.createdAt)],
);

export type ClaimRow = typeof claims.$inferSelect;
