import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { estadoTrackingEnum, prealertStatusEnum } from './enums';
import { cents, createdAt, measure, timestamptz, updatedAt } from './columns';
import { customerOwned } from './owned';
import { packages } from './packages';
import { mailboxes } from './mailboxes';
import { storedFiles } from './files';

/** A customer's notice of a purchase on its way to the warehouse (the spec's "prealarta"). */
export const prealerts = pgTable(
  'prealerts',
  {
    ...customerOwned('restrict'),
    /** The mailbox the purchase was sent to, when the customer chose one. */
    mailboxId: uuid('mailbox_id').references(() => mailboxes.id, { onDelete: 'set null' }),
    trackingNumber: text('tracking_number'),
    description: text('description').notNull(),
    quantityItems: integer('quantity_items').notNull().default(1),
    amountSpentUsdCents: cents('amount_spent_usd_cents'),
    /** The store or sender. */
    senderName: text('sender_name'),
    estimatedWeight: measure('estimated_weight'),
    estimatedValueUsdCents: cents('estimated_value_usd_cents'),
    carrier: text('carrier'),
    estadoTracking: estadoTrackingEnum('estado_tracking').notNull().default('Prealertado'),
    notes: text('notes'),
    status: prealertStatusEnum('status').notNull().default('pending'),
    invoiceFileId: uuid('invoice_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    /** The store's order number, when an e-mail said it: a second e-mail for the same order completes this pre-alert. */
    orderNumber: text('order_number'),
    /** The fields read from a forwarded e-mail (shown "leído del correo"); null for a pre-alert typed in. */
    emailFields: jsonb('email_fields').$type<string[]>(),
    /**
     * The fields read from the invoice the customer sent by WhatsApp (shown "leído de la factura
     * enviada por WhatsApp"); null when none were (docs/product/whatsapp-desk.md#pre-alerting-a-purchase).
     */
    whatsappFields: jsonb('whatsapp_fields').$type<string[]>(),
    /** When the customer confirmed a draft made from an e-mail. */
    draftConfirmedAt: timestamptz('draft_confirmed_at'),
    convertedAt: timestamptz('converted_at'),
    convertedPackageId: uuid('converted_package_id').references(() => packages.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A customer's own list, newest first, a page at a time (the app's and the public API's: docs/product/public-api.md#performance).
    index('prealerts_user_id_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('prealerts_status_created_at_idx').on(t.status, t.createdAt),
    index('prealerts_created_at_idx').on(t.createdAt),
    // Scans find a parcel whatever the carrier's variant of its number (tracking_key, migration 0012).
    index('prealerts_tracking_key_idx').on(sql`tracking_key(${t.trackingNumber})`),
    index('prealerts_tracking_number_idx').on(t.trackingNumber),
    index('prealerts_user_id_order_number_idx').on(t.userId, t.orderNumber),
    // A customer pre-alerts a tracking number once, whatever its case (docs/product/product-decisions.md#d6-races-are-closed-by-the-database).
    uniqueIndex('prealerts_user_id_tracking_number_key')
      .on(t.userId, sql`upper(${t.trackingNumber})`)
      .where(sql`${t.trackingNumber} is not null`),
  ],
);

export type PrealertRow = typeof prealerts.$inferSelect;
