// Compra asistida (docs/product/compra-asistida.md): a customer's request that we buy in a store
// for them, its items, and the store's trackings each pre-alerted on their casillero. Money in
// integer USD cents. The request's row is locked while it changes state, so two tabs accepting,
// or staff recording the purchase twice, make one change; a tracking is entered once (unique).
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid, bigint } from 'drizzle-orm/pg-core';
import type { CompraItemIssue, CompraItemResolution, CompraStatus } from '@casillero/shared';
import { cents, createdAt, requiredRef, timestamptz, updatedAt, uuidPk } from './columns';
import { customerOwned } from './owned';
import { users } from './users';
import { mailboxes } from './mailboxes';
import { invoices, ledgerEntries } from './billing';
import { storedFiles } from './files';
import { prealerts } from './prealerts';

export const purchaseRequests = pgTable(
  'purchase_requests',
  {
    ...customerOwned('restrict'),
    /** Its code is 'C-000123' (compraCode). */
    number: integer('number').generatedAlwaysAsIdentity().notNull(),
    status: text('status').$type<CompraStatus>().notNull().default('requested'),
    /** The casillero the store ships to. */
    mailboxId: requiredRef('mailbox_id', () => mailboxes.id, 'restrict'),
    notes: text('notes'),
    /** The quote (set when staff send it). */
    itemsUsdCents: cents('items_usd_cents'),
    salesTaxUsdCents: cents('sales_tax_usd_cents'),
    shippingUsdCents: cents('shipping_usd_cents'),
    feeUsdCents: cents('fee_usd_cents'),
    totalUsdCents: cents('total_usd_cents'),
    quotedAt: timestamptz('quoted_at'),
    quotedBy: uuid('quoted_by').references(() => users.id, { onDelete: 'set null' }),
    validUntil: timestamptz('valid_until'),
    acceptedAt: timestamptz('accepted_at'),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'restrict' }),
    paidAt: timestamptz('paid_at'),
    /** The purchase in the store. */
    storeOrderNumber: text('store_order_number'),
    finalUsdCents: cents('final_usd_cents'),
    receiptFileId: uuid('receipt_file_id').references(() => storedFiles.id, { onDelete: 'restrict' }),
    purchasedAt: timestamptz('purchased_at'),
    purchasedBy: uuid('purchased_by').references(() => users.id, { onDelete: 'set null' }),
    /** The store charged less: the credit's ledger entry. */
    creditLedgerEntryId: bigint('credit_ledger_entry_id', { mode: 'number' }).references(() => ledgerEntries.id, {
      onDelete: 'restrict',
    }),
    /** The store charged more: what the customer must accept, then its invoice. */
    extraUsdCents: cents('extra_usd_cents'),
    extraInvoiceId: uuid('extra_invoice_id').references(() => invoices.id, { onDelete: 'restrict' }),
    cancelledAt: timestamptz('cancelled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('purchase_requests_number_key').on(t.number),
    index('purchase_requests_user_id_idx').on(t.userId, t.createdAt.desc()),
    index('purchase_requests_status_created_idx').on(t.status, t.createdAt.desc()),
    index('purchase_requests_created_at_idx').on(t.createdAt.desc()),
    uniqueIndex('purchase_requests_invoice_key').on(t.invoiceId),
    uniqueIndex('purchase_requests_extra_invoice_key').on(t.extraInvoiceId),
    check(
      'purchase_requests_status',
      sql`${t.status} in ('requested', 'quoted', 'accepted', 'paid', 'purchased', 'shipped', 'cancelled')`,
    ),
    check('purchase_requests_total_positive', sql`${t.totalUsdCents} is null or ${t.totalUsdCents} > 0`),
  ],
);

export const purchaseRequestItems = pgTable(
  'purchase_request_items',
  {
    id: uuidPk(),
    requestId: requiredRef('request_id', () => purchaseRequests.id, 'cascade'),
    position: integer('position').notNull(),
    url: text('url').notNull(),
    name: text('name').notNull(),
    options: text('options'),
    quantity: integer('quantity').notNull(),
    /** The price the customer saw. */
    customerPriceUsdCents: cents('customer_price_usd_cents').notNull(),
    /** The price staff confirmed in the quote. */
    quotedPriceUsdCents: cents('quoted_price_usd_cents'),
    notes: text('notes'),
    /**
     * The store failed on it (docs/product/compra-asistida.md#when-the-store-fails): staff mark it
     * out of stock or with a new price, and the customer cancels it (its share back as credit) or
     * accepts the new price (the difference: an extra invoice, or credit when lower).
     */
    issue: text('issue').$type<CompraItemIssue>(),
    issueNewPriceUsdCents: cents('issue_new_price_usd_cents'),
    issueNote: text('issue_note'),
    issueMarkedAt: timestamptz('issue_marked_at'),
    issueMarkedBy: uuid('issue_marked_by').references(() => users.id, { onDelete: 'set null' }),
    issueResolution: text('issue_resolution').$type<CompraItemResolution>(),
    issueResolvedAt: timestamptz('issue_resolved_at'),
    /** What the choice changed in what the store will charge (negative when cancelled). */
    issueStoreDeltaUsdCents: cents('issue_store_delta_usd_cents'),
    /** Cancelled: its share given back as credit; a lower price accepted: the difference as credit. */
    issueCreditUsdCents: cents('issue_credit_usd_cents'),
    issueCreditLedgerEntryId: bigint('issue_credit_ledger_entry_id', { mode: 'number' }).references(
      () => ledgerEntries.id,
      { onDelete: 'restrict' },
    ),
    /** A higher price accepted: the difference's extra invoice. */
    issueInvoiceId: uuid('issue_invoice_id').references(() => invoices.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('purchase_request_items_request_idx').on(t.requestId, t.position),
    check('purchase_request_items_issue', sql`${t.issue} is null or ${t.issue} in ('out_of_stock', 'price_changed')`),
    check(
      'purchase_request_items_issue_resolution',
      sql`${t.issueResolution} is null or ${t.issueResolution} in ('cancelled', 'accepted')`,
    ),
    check(
      'purchase_request_items_issue_price',
      sql`${t.issue} is distinct from 'price_changed' or ${t.issueNewPriceUsdCents} > 0`,
    ),
    uniqueIndex('purchase_request_items_issue_invoice_key').on(t.issueInvoiceId),
    check('purchase_request_items_quantity', sql`${t.quantity} between 1 and 99`),
    check('purchase_request_items_link', sql`${t.url} ~* '^https?://'`),
  ],
);

/** A carrier tracking the store shipped with, and the pre-alert made for it. */
export const purchaseRequestTrackings = pgTable(
  'purchase_request_trackings',
  {
    id: uuidPk(),
    requestId: requiredRef('request_id', () => purchaseRequests.id, 'cascade'),
    trackingNumber: text('tracking_number').notNull(),
    prealertId: requiredRef('prealert_id', () => prealerts.id, 'restrict'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('purchase_request_trackings_request_idx').on(t.requestId),
    uniqueIndex('purchase_request_trackings_number_key').on(sql`upper(${t.trackingNumber})`),
  ],
);

export type PurchaseRequestRow = typeof purchaseRequests.$inferSelect;
export type PurchaseRequestItemRow = typeof purchaseRequestItems.$inferSelect;
