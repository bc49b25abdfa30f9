// Billing in bolívares (docs/product/product-decisions.md#d14-two-currencies-one-truth, docs/decisions/021-billing-in-bolivares.md). Amounts here are integers:
// USD cents and Bs. céntimos (bigint); rates are numeric(18,8), Bs. per USD. Every amount due is an
// invoice that keeps the rate it was issued with. Money moves through ledger_entries, which the
// database keeps append-only (triggers in migration 0014), like the audit log.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Currency, LedgerKind, LineKind, PaymentMethodDetails, PaymentMethodKind } from '@casillero/shared';
import { paymentTypeEnum } from './enums';
import { cents, createdAt, timestamptz, updatedAt, uuidPk } from './columns';
import { customerOwned } from './owned';
import { users } from './users';
import { mailboxes } from './mailboxes';
import { shipments } from './shipments';
import { priceListVersions } from './prices';

/**
 * The day's official rate as the cashier records it. A correction is a new row for the same day;
 * the newest row of a day is that day's rate. Invoices keep the row they used.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: uuidPk(),
    rateDate: date('rate_date', { mode: 'string' }).notNull(),
    vesPerUsd: numeric('ves_per_usd', { precision: 18, scale: 8 }).notNull(),
    source: text('source').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('exchange_rates_date_idx').on(t.rateDate.desc(), t.createdAt.desc()),
    check('exchange_rates_positive', sql`${t.vesPerUsd} > 0`),
  ],
);

/** How customers may pay: kept by the administrator, shown with their details when paying. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: uuidPk(),
    kind: text('kind').$type<PaymentMethodKind>().notNull(),
    name: text('name').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    details: jsonb('details').$type<PaymentMethodDetails>().notNull().default({}),
    instructions: text('instructions'),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payment_methods_name_key').on(sql`lower(${t.name})`),
    check('payment_methods_currency', sql`${t.currency} in ('USD', 'VES')`),
  ],
);

/** The last invoice number given in a year: locked by the issuing transaction, so numbers have no gaps. */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/**
 * A line of an amount due; its kind chooses its tax treatment (docs/product/fiscal-invoices.md#taxes),
 * 'other' when absent. `customsEstimate`: an `import_taxes` line that is the customs estimate of the
 * shipment's guía, frozen when it was issued (docs/product/customs.md#the-invoice); invoices issued
 * before it carried the price list's flat percentage, without the mark (and their lines without kinds).
 */
export type InvoiceLine = { description: string; usdCents: number; kind?: LineKind; customsEstimate?: true };

/** An amount due: its number, its lines in USD and the rate of the day it was issued, frozen. */
export const invoices = pgTable(
  'invoices',
  {
    ...customerOwned('restrict'),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    /** 'F-2026-000123'. */
    number: text('number').notNull(),
    concept: paymentTypeEnum('concept').notNull(),
    description: text('description').notNull(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    usdCents: cents('usd_cents').notNull(),
    /** The rate used (null only when no rate had ever been recorded), its day and row. */
    exchangeRateId: uuid('exchange_rate_id').references(() => exchangeRates.id, { onDelete: 'restrict' }),
    vesPerUsd: numeric('ves_per_usd', { precision: 18, scale: 8 }),
    rateDate: date('rate_date', { mode: 'string' }),
    vesCentimos: cents('ves_centimos'),
    /** The business day it was issued on; the rate is that day's, or the latest before it. */
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    mailboxId: uuid('mailbox_id').references(() => mailboxes.id, { onDelete: 'restrict' }),
    /** Set null if the shipment is removed (its invoice is voided first and keeps its code in the lines). */
    shipmentId: uuid('shipment_id').references(() => shipments.id, { onDelete: 'set null' }),
    /** The customer's fiscal data as on the day it was issued. */
    customerName: text('customer_name').notNull(),
    customerIdNumber: text('customer_id_number'),
    /** The price list in effect when it was issued, or the one a ship request honoured (docs/product/price-lists.md). */
    priceListVersionId: uuid('price_list_version_id').references(() => priceListVersions.id, { onDelete: 'restrict' }),
    voidedAt: timestamptz('voided_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.number),
    uniqueIndex('invoices_year_sequence_key').on(t.year, t.sequence),
    // A customer's own list, newest first, a page at a time (the app's and the public API's: docs/product/public-api.md#performance).
    index('invoices_user_id_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('invoices_mailbox_id_idx').on(t.mailboxId),
    index('invoices_shipment_id_idx').on(t.shipmentId),
    check('invoices_amount_positive', sql`${t.usdCents} > 0`),
  ],
);

/**
 * One movement of a customer's money, never edited or deleted. usd_cents is signed: positive
 * raises what the customer owes (a charge, a refund of their credit), negative lowers it (a
 * payment). An entry with an invoice counts toward that invoice; one without is credit or debt
 * on account. Applying credit to an invoice is a pair of entries that add up to zero.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<LedgerKind>().notNull(),
    usdCents: cents('usd_cents').notNull(),
    /** The Bs. side when money moved in bolívares, with the rate that converted it. */
    vesCentimos: cents('ves_centimos'),
    vesPerUsd: numeric('ves_per_usd', { precision: 18, scale: 8 }),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'restrict' }),
    paymentId: uuid('payment_id'),
    description: text('description').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_user_idx').on(t.userId, t.id),
    index('ledger_entries_invoice_idx').on(t.invoiceId),
    // A payment is credited once: its entry (or entries, when it also leaves credit) exist once.
    uniqueIndex('ledger_entries_payment_key')
      .on(t.paymentId, t.kind, sql`(${t.invoiceId} is null)`)
      .where(sql`${t.paymentId} is not null`),
    check('ledger_entries_kind', sql`${t.kind} in ('charge', 'payment', 'refund', 'adjustment', 'credit_applied')`),
  ],
);

/** A bank statement uploaded for reconciliation. */
export const bankStatements = pgTable('bank_statements', {
  id: uuidPk(),
  fileName: text('file_name').notNull(),
  lineCount: integer('line_count').notNull(),
  newLineCount: integer('new_line_count').notNull(),
  uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/**
 * A movement of a bank statement. The same movement (day, reference, amount) is stored once
 * whichever file brings it again, and approves at most one payment.
 */
export const bankStatementLines = pgTable(
  'bank_statement_lines',
  {
    id: uuidPk(),
    statementId: uuid('statement_id')
      .notNull()
      .references(() => bankStatements.id, { onDelete: 'cascade' }),
    lineNumber: integer('line_number').notNull(),
    movementDate: date('movement_date', { mode: 'string' }).notNull(),
    reference: text('reference').notNull(),
    referenceKey: text('reference_key').notNull(),
    description: text('description').notNull(),
    vesCentimos: cents('ves_centimos').notNull(),
    /** The payment this movement approved. */
    paymentId: uuid('payment_id'),
    approvedAt: timestamptz('approved_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bank_statement_lines_movement_key').on(t.movementDate, t.referenceKey, t.vesCentimos),
    uniqueIndex('bank_statement_lines_payment_key').on(t.paymentId),
    index('bank_statement_lines_statement_idx').on(t.statementId, t.lineNumber),
    index('bank_statement_lines_reference_idx').on(t.referenceKey),
  ],
);

/**
 * A correction of the ledger (adjustment or refund) of LEDGER_SECOND_APPROVAL_USD or more, waiting
 * for a second staff member: approved, it becomes a ledger entry; rejected, nothing moves. The
 * database refuses a decision by the person who asked (four eyes), and the audit log keeps both.
 */
export const ledgerCorrectionRequests = pgTable(
  'ledger_correction_requests',
  {
    id: uuidPk(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<'adjustment' | 'refund'>().notNull(),
    /** As typed: signed for an adjustment (positive: the customer owes more), positive for a refund. */
    usdCents: cents('usd_cents').notNull(),
    reason: text('reason').notNull(),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    requestedAt: createdAt(),
    status: text('status').$type<'pending' | 'approved' | 'rejected'>().notNull().default('pending'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'restrict' }),
    decidedAt: timestamptz('decided_at'),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }).references(() => ledgerEntries.id, {
      onDelete: 'restrict',
    }),
  },
  (t) => [
    index('ledger_correction_requests_user_idx').on(t.userId, t.requestedAt),
    index('ledger_correction_requests_pending_idx').on(t.requestedAt).where(sql`${t.status} = 'pending'`),
    check('ledger_correction_requests_kind', sql`${t.kind} in ('adjustment', 'refund')`),
    check('ledger_correction_requests_status', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('ledger_correction_requests_four_eyes', sql`${t.decidedBy} is null or ${t.decidedBy} <> ${t.requestedBy}`),
  ],
);
