import { sql, type SQLWrapper } from 'drizzle-orm';
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

/**
 * A reference as reconciliation compares it: letters and digits, upper case, without leading zeros
 * (banks pad references with zeros; customers type them with dashes or spaces). The JS twin is
 * referenceKey() in services/reconciliation/statement-csv.ts.
 */
export const referenceKeySql = (reference: SQLWrapper) =>
  sql`ltrim(upper(regexp_replace(${reference}, '[^A-Za-z0-9]', '', 'g')), '0')`;

/**
 * Where a reference is unique (docs/decisions/021-billing-in-bolivares.md): in bolívares every
 * method shares one namespace, as the bank statement's lines do (they are matched with every
 * payment in Bs., whatever its method); in dollars each method has its own (a Zelle confirmation
 * and a Binance transaction are numbered apart).
 */
export const referenceScopeSql = (currency: SQLWrapper, method: SQLWrapper) =>
  sql`(case when ${currency} = 'VES' then '' else coalesce(${method}, '') end)`;

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
    // A bank reference pays once (docs/product/admin-payments-and-billing.md#a-bank-reference-pays-once):
    // two approved payments never carry the same reference in the same scope, however they were
    // approved (Pagos, a statement's match, a line assigned), whoever approves at the same moment.
    // Approved payments that repeated a reference before this rule are marked in their metadata
    // (reference_paid_before, by the migration that made it) and left out. Its name is
    // REFERENCE_PAID_ONCE_INDEX in services/reference-paid-once.ts.
    uniqueIndex('payment_transactions_reference_paid_once_key')
      .on(t.currency, referenceScopeSql(t.currency, t.paymentMethod), referenceKeySql(t.paymentReference))
      .where(
        sql`${t.status} = 'completed' and ${referenceKeySql(t.paymentReference)} <> '' and ${t.metadata}->>'reference_paid_before' is null`,
      ),
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
