import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { paymentStatusEnum, paymentTypeEnum } from './enums';
import { cents, createdAt, requiredRef, timestamptz, updatedAt } from './columns';
import { users } from './users';
import { customerOwned } from './owned';
import { mailboxes } from './mailboxes';
import { shipments } from './shipments';
import { storedFiles } from './files';
import { trackings } from './trackings';
import { invoices, paymentMethods } from './billing';
import type { Currency } from '@casillero/shared';

/** Free-form extras of a payment; admin notes are merged in on approval or rejection. */
export type PaymentMetadata = { admin_notes?: string } & Record<string, unknown>;

/** A payment a customer owes or reported: activation, shipping, course or credit. */
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    ...customerOwned('restrict'),
    transactionType: paymentTypeEnum('transaction_type').notNull(),
    amountUsdCents: cents('amount_usd_cents').notNull(),
    /** Amount paid in bolívares, when the customer paid in VES. */
    amountVesCents: cents('amount_ves_cents'),
    /** The method's name as it was when reported (kept for display and the duplicate check). */
    paymentMethod: text('payment_method'),
    /** Billing (docs/decisions/021-billing-in-bolivares.md): the method kept by the administrator, and the currency the customer paid in. */
    paymentMethodId: uuid('payment_method_id').references(() => paymentMethods.id, { onDelete: 'restrict' }),
    currency: text('currency').$type<Currency>().notNull().default('USD'),
    /** The invoice this payment pays, when it pays one. */
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'restrict' }),
    paymentReference: text('payment_reference'),
    description: text('description'),
    status: paymentStatusEnum('status').notNull().default('pending'),
    metadata: jsonb('metadata').$type<PaymentMetadata>().notNull().default({}),
    receiptFileId: uuid('receipt_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    /** What the payment is for: the mailbox it activates, the shipment it pays. */
    mailboxId: uuid('mailbox_id').references(() => mailboxes.id, { onDelete: 'restrict' }),
    shipmentId: uuid('shipment_id').references(() => shipments.id, { onDelete: 'restrict' }),
    /** When the customer reported paying (method, reference, receipt). */
    reportedAt: timestamptz('reported_at'),
    processedAt: timestamptz('processed_at'),
    processedBy: uuid('processed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payment_transactions_user_id_idx').on(t.userId),
    // Revenue (completed payments by date) is summed from the index alone.
    index('payment_transactions_status_created_at_amount_idx').on(t.status, t.createdAt, t.amountUsdCents),
    index('payment_transactions_type_created_at_idx').on(t.transactionType, t.createdAt),
    index('payment_transactions_created_at_idx').on(t.createdAt),
    index('payment_transactions_mailbox_id_idx').on(t.mailboxId),
    index('payment_transactions_invoice_id_idx').on(t.invoiceId),
    index('payment_transactions_reference_trgm_idx').using('gin', sql`${t.paymentReference} gin_trgm_ops`),
    // The same transfer cannot be reported twice: the reference is stored as typed (trimmed) but
    // compared ignoring case and whitespace, so 'abc 123' repeats 'ABC123' through the same method.
    // Its name is DUPLICATE_INDEX in services/payments.ts.
    uniqueIndex('payment_transactions_method_reference_norm_key')
      .on(t.paymentMethod, sql`upper(regexp_replace(${t.paymentReference}, '\\s', '', 'g'))`)
      .where(sql`${t.paymentReference} is not null`),
  ],
);

/** The trackings a shipping payment authorises for dispatch. */
export const paymentTrackings = pgTable(
  'payment_trackings',
  {
    paymentId: requiredRef('payment_id', () => paymentTransactions.id, 'cascade'),
    trackingId: requiredRef('tracking_id', () => trackings.id, 'cascade'),
  },
  (t) => [
    primaryKey({ columns: [t.paymentId, t.trackingId] }),
    index('payment_trackings_tracking_id_idx').on(t.trackingId),
  ],
);
