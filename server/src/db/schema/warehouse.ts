// The warehouse door (docs/decisions/019-warehouse-intake.md): every parcel received by scanning or by importing a manifest is
// one intake, whose tracking key is unique, so nothing is ever received twice. An intake whose
// owner is known becomes a package at once; one that matches nobody waits "sin dueño" until a
// later pre-alert or an operator claims it. Photos taken at the door belong to the intake.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgSequence, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, measure, requiredRef, timestamptz, uuidPk } from './columns';
import { users } from './users';
import { packages } from './packages';
import { mailboxes } from './mailboxes';
import { storedFiles } from './files';

/**
 * Generated WR numbers (WR-<year>-<n>). It starts at 1,000,000 so a generated number never meets
 * one typed by hand or made by the demo data (five or six digits).
 */
export const warehouseReceiptSeq = pgSequence('warehouse_receipt_seq', { startWith: 1000000, minValue: 1000000 });

/** One manifest file applied at /admin/importar. */
export const parcelImports = pgTable(
  'parcel_imports',
  {
    id: uuidPk(),
    fileName: text('file_name').notNull(),
    /** sha256 of the file's bytes: the same file again is recognised (its rows still decide). */
    fileSha256: text('file_sha256').notNull(),
    rowCount: integer('row_count').notNull(),
    receivedCount: integer('received_count').notNull(),
    unclaimedCount: integer('unclaimed_count').notNull(),
    skippedCount: integer('skipped_count').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('parcel_imports_file_sha256_idx').on(t.fileSha256)],
);

export const PARCEL_INTAKE_STATUSES = ['claimed', 'unclaimed'] as const;

export const parcelIntakes = pgTable(
  'parcel_intakes',
  {
    id: uuidPk(),
    /** The number as scanned or typed (trimmed). */
    trackingNumber: text('tracking_number').notNull(),
    /** tracking_key(tracking_number): the carrier-independent form every lookup compares. */
    trackingKey: text('tracking_key').notNull(),
    /** Detected from the number, or given by the manifest. */
    carrier: text('carrier'),
    warehouseReceipt: text('warehouse_receipt').notNull(),
    /** 'claimed' once it is a customer's package; 'unclaimed' while it waits in "sin dueño". */
    status: text('status', { enum: PARCEL_INTAKE_STATUSES }).notNull(),
    /** The package it became (NULL while unclaimed, or if that package was later deleted). */
    packageId: uuid('package_id').references(() => packages.id, { onDelete: 'set null' }),
    /** The casillero the parcel was received into, once known. */
    mailboxId: uuid('mailbox_id').references(() => mailboxes.id, { onDelete: 'set null' }),
    /** What the operator read off the label, when it matched no casillero. */
    mailboxCodeRead: text('mailbox_code_read'),
    description: text('description'),
    weightKg: measure('weight_kg').notNull(),
    /** "LxWxH" in cm, like packages.dimensions_cm. */
    dimensionsCm: text('dimensions_cm'),
    importId: uuid('import_id').references(() => parcelImports.id, { onDelete: 'set null' }),
    receivedBy: uuid('received_by').references(() => users.id, { onDelete: 'set null' }),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
    claimedBy: uuid('claimed_by').references(() => users.id, { onDelete: 'set null' }),
    claimedAt: timestamptz('claimed_at'),
  },
  (t) => [
    uniqueIndex('parcel_intakes_tracking_key_key').on(t.trackingKey),
    uniqueIndex('parcel_intakes_warehouse_receipt_key').on(t.warehouseReceipt),
    index('parcel_intakes_package_id_idx').on(t.packageId),
    index('parcel_intakes_unclaimed_received_at_idx').on(t.receivedAt.desc()).where(sql`${t.status} = 'unclaimed'`),
    check('parcel_intakes_status_check', sql`${t.status} in ('claimed', 'unclaimed')`),
  ],
);

/** Up to four photos per intake, each kept at two sizes (the original is not stored). */
export const parcelPhotos = pgTable(
  'parcel_photos',
  {
    id: uuidPk(),
    intakeId: requiredRef('intake_id', () => parcelIntakes.id, 'cascade'),
    position: integer('position').notNull(),
    /** The screen size (longest side 1600 px, JPEG). */
    fileId: requiredRef('file_id', () => storedFiles.id, 'restrict'),
    /** The thumbnail (longest side 320 px, JPEG). */
    thumbFileId: requiredRef('thumb_file_id', () => storedFiles.id, 'restrict'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('parcel_photos_intake_id_position_key').on(t.intakeId, t.position)],
);

export type ParcelIntakeRow = typeof parcelIntakes.$inferSelect;
