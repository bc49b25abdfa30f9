// A customer's payments (Facturas), with what each pays for and a signed link to its receipt.
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import { PAYMENT_STATUSES, type PaymentFilters, type PaymentListParams, type PaymentStatus } from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import type { Config } from '../env';
import {
  invoices,
  mailboxes,
  paymentTrackings,
  paymentTransactions,
  shipments,
  trackings,
  userProfiles,
  users,
} from '../db/schema';
import { signedLinkFor } from '../files/links';
import { defineList } from '../lib/list-engine';
import { newestFirst, ownNewestFirst, plainOrder } from '../lib/list-sorts';
import { withCustomer } from '../lib/joins';
import { customerArms } from './search-arms';

const paymentColumns = {
  id: paymentTransactions.id,
  transactionType: paymentTransactions.transactionType,
  amountUsdCents: paymentTransactions.amountUsdCents,
  amountVesCents: paymentTransactions.amountVesCents,
  currency: paymentTransactions.currency,
  invoiceId: paymentTransactions.invoiceId,
  paymentMethod: paymentTransactions.paymentMethod,
  paymentReference: paymentTransactions.paymentReference,
  description: paymentTransactions.description,
  status: paymentTransactions.status,
  metadata: paymentTransactions.metadata,
  receiptFileId: paymentTransactions.receiptFileId,
  mailboxCode: mailboxes.mailboxCode,
  shipmentCode: shipments.shipmentCode,
  /**
   * The tracking numbers a shipping payment pays (payment_trackings), by number; empty for any
   * other payment. A correlated subquery on the link's primary key, so the page stays one
   * query; only the payer's own trackings are named.
   */
  trackingNumbers: sql<string[]>`array(
    select ${trackings.trackingNumber} from ${paymentTrackings}
    inner join ${trackings} on ${trackings.id} = ${paymentTrackings.trackingId}
    where ${paymentTrackings.paymentId} = ${paymentTransactions.id} and ${trackings.userId} = ${paymentTransactions.userId}
    order by ${trackings.trackingNumber})`,
  reportedAt: paymentTransactions.reportedAt,
  processedAt: paymentTransactions.processedAt,
  createdAt: paymentTransactions.createdAt,
};

/** The customer's payments; with an id, only that one. The ownership filter is always applied. */
function selectOwnPayments(db: DbOrTx, userId: string, id?: string) {
  return db
    .select(paymentColumns)
    .from(paymentTransactions)
    .leftJoin(mailboxes, eq(mailboxes.id, paymentTransactions.mailboxId))
    .leftJoin(shipments, eq(shipments.id, paymentTransactions.shipmentId))
    .where(and(eq(paymentTransactions.userId, userId), id ? eq(paymentTransactions.id, id) : undefined));
}

/** What the customer sees of a payment: admin notes and their own note, not the raw metadata. */
async function present(
  db: DbOrTx,
  config: Pick<Config, 'appSecret'>,
  row: Awaited<ReturnType<typeof selectOwnPayments>>[number],
) {
  const { metadata, ...rest } = row;
  const note = (key: string) => (typeof metadata?.[key] === 'string' ? (metadata[key] as string) : null);
  const receipt = row.receiptFileId ? await signedLinkFor(db, config, row.receiptFileId) : null;
  return {
    ...rest,
    adminNotes: note('admin_notes'),
    customerNote: note('customer_note'),
    receiptUrl: receipt?.url ?? null,
    /** A pending payment not yet reported, or a rejected one, can be (re)reported. */
    canReport: (row.status === 'pending' && !row.reportedAt) || row.status === 'failed',
  };
}
export type OwnPayment = Awaited<ReturnType<typeof present>>;

/** Facturas: the customer's own payments, newest first. */
const ownPaymentsList = defineList<object>()({
  name: 'own_payments',
  ...ownNewestFirst(paymentTransactions),
  rows: {
    direct: (db) =>
      db
        .select(paymentColumns)
        .from(paymentTransactions)
        .leftJoin(mailboxes, eq(mailboxes.id, paymentTransactions.mailboxId))
        .leftJoin(shipments, eq(shipments.id, paymentTransactions.shipmentId))
        .$dynamic(),
  },
});

/** The signed-in customer's payments, newest first. */
export async function listOwnPayments(db: DbOrTx, config: Pick<Config, 'appSecret'>, userId: string) {
  const rows = await ownPaymentsList.all(db, {}, userId);
  return Promise.all(rows.map((row) => present(db, config, row)));
}

/** One payment of the customer's, or null when it is not theirs. */
export async function findOwnPayment(db: DbOrTx, config: Pick<Config, 'appSecret'>, userId: string, id: string) {
  const [row] = await selectOwnPayments(db, userId, id);
  return row ? present(db, config, row) : null;
}

// --- Admin: Gestión de Pagos (docs/product/admin-payments-and-billing.md#gestión-de-pagos) -----------------------------------------------
// The list follows the admin list pattern (docs/decisions/008): a page of ids first, then the
// joins; bounded counts; prepared statements per filter shape; the summary by SQL aggregates.

/** What a row of the admin list shows of a payment. */
const adminRowColumns = {
  id: paymentTransactions.id,
  userId: paymentTransactions.userId,
  customerName: userProfiles.fullName,
  customerEmail: users.email,
  transactionType: paymentTransactions.transactionType,
  amountUsdCents: paymentTransactions.amountUsdCents,
  amountVesCents: paymentTransactions.amountVesCents,
  /** The currency the customer paid in: a Bs. payment's amount is amountVesCents, amountUsdCents its USD value. */
  currency: paymentTransactions.currency,
  paymentMethod: paymentTransactions.paymentMethod,
  paymentReference: paymentTransactions.paymentReference,
  status: paymentTransactions.status,
  receiptFileId: paymentTransactions.receiptFileId,
  /** The invoice it pays, when it pays one (its PDF is invoicePdfPath(invoiceId)). */
  invoiceId: paymentTransactions.invoiceId,
  invoiceNumber: invoices.number,
  reportedAt: paymentTransactions.reportedAt,
  processedAt: paymentTransactions.processedAt,
  createdAt: paymentTransactions.createdAt,
};

const asUuid = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/**
 * A search that looks like the start of a payment id (hex digits and hyphens) also matches
 * ids in the range it names: a primary-key range scan, so a short id from a receipt or an
 * e-mail finds its payment without scanning the table.
 */
export function idPrefixRange(term: string): { low: string; high: string } | null {
  if (!/^[0-9a-f-]+$/i.test(term)) return null;
  const hex = term.replace(/-/g, '').toLowerCase();
  if (hex.length < 3 || hex.length > 32) return null;
  return { low: asUuid(hex.padEnd(32, '0')), high: asUuid(hex.padEnd(32, 'f')) };
}

const paymentsList = defineList<PaymentListParams>()({
  name: 'payments',
  // Newest or oldest first, the id as tiebreak; read backwards or forwards from the indexes.
  ...newestFirst(paymentTransactions, { spell: plainOrder }),
  filters: { status: paymentTransactions.status, type: paymentTransactions.transactionType },
  search: {
    fenced: true,
    // The customer's name or e-mail, the payment reference, or the id (each an indexed lookup).
    bind: (term) => {
      const range = idPrefixRange(term);
      return range && { idLow: range.low, idHigh: range.high };
    },
    where: (db, p, has) =>
      or(
        ilike(paymentTransactions.paymentReference, p('pattern')),
        ...customerArms(db, paymentTransactions.userId, p('pattern')),
        has('idLow') ? sql`${paymentTransactions.id} between ${p('idLow')}::uuid and ${p('idHigh')}::uuid` : undefined,
      )!,
  },
  rows: {
    pageIds: (db, page) => {
      const rows = db
        .select(adminRowColumns)
        .from(page)
        .innerJoin(paymentTransactions, eq(paymentTransactions.id, page.pageId))
        // The invoice's number, by its primary key: one look-up per row of the page.
        .leftJoin(invoices, eq(invoices.id, paymentTransactions.invoiceId));
      return withCustomer(rows.$dynamic(), paymentTransactions.userId);
    },
  },
});

/** A page of payments matching the filters, newest first unless asked otherwise. */
export const listPayments = (db: DbOrTx, input: PaymentListParams) => paymentsList.page(db, input);
export type AdminPaymentRow = Awaited<ReturnType<typeof listPayments>>['rows'][number];

export type PaymentSummary = {
  byStatus: Record<PaymentStatus, { count: number; amountUsdCents: number }>;
  total: { count: number; amountUsdCents: number };
};

/** The summary cards: how many payments and how much money in each status, one grouped aggregate. */
export async function getPaymentSummary(db: DbOrTx): Promise<PaymentSummary> {
  const rows = await db
    .select({
      status: paymentTransactions.status,
      count: sql<number>`count(*)::int`,
      amountUsdCents: sql<string>`coalesce(sum(${paymentTransactions.amountUsdCents}), 0)::text`,
    })
    .from(paymentTransactions)
    .groupBy(paymentTransactions.status);
  const byStatus = Object.fromEntries(
    PAYMENT_STATUSES.map((s) => [s, { count: 0, amountUsdCents: 0 }]),
  ) as PaymentSummary['byStatus'];
  for (const r of rows) byStatus[r.status] = { count: Number(r.count), amountUsdCents: Number(r.amountUsdCents) };
  const total = Object.values(byStatus).reduce(
    (acc, s) => ({ count: acc.count + s.count, amountUsdCents: acc.amountUsdCents + s.amountUsdCents }),
    { count: 0, amountUsdCents: 0 },
  );
  return { byStatus, total };
}

/**
 * How many payments match the filters, counted up to the cap: one bounded scan, never a
 * whole-table aggregate. The page takes the total ('N de M pagos'), and the exact count when
 * only the status filters, from payments.summary, the page's one grouped aggregate.
 */
export const countPayments = (db: DbOrTx, filters: PaymentFilters) => paymentsList.count(db, filters);

/** 'Ver Detalles': the payment, its customer, what it pays for and who processed it. */
export async function getPaymentDetail(db: DbOrTx, id: string) {
  const processedByName = sql<
    string | null
  >`(select ${userProfiles.fullName} from ${userProfiles} where ${userProfiles.userId} = ${paymentTransactions.processedBy})`;
  const query = db
    .select({
      ...adminRowColumns,
      customerPhone: userProfiles.phone,
      description: paymentTransactions.description,
      metadata: paymentTransactions.metadata,
      mailboxId: paymentTransactions.mailboxId,
      mailboxCode: mailboxes.mailboxCode,
      mailboxCountry: mailboxes.country,
      mailboxStatus: mailboxes.status,
      shipmentCode: shipments.shipmentCode,
      processedByName,
    })
    .from(paymentTransactions)
    .$dynamic();
  const [row] = await withCustomer(query, paymentTransactions.userId)
    .leftJoin(mailboxes, eq(mailboxes.id, paymentTransactions.mailboxId))
    .leftJoin(shipments, eq(shipments.id, paymentTransactions.shipmentId))
    .leftJoin(invoices, eq(invoices.id, paymentTransactions.invoiceId))
    .where(eq(paymentTransactions.id, id));
  if (!row) return null;
  const relatedTrackings = await db
    .select({ id: trackings.id, trackingNumber: trackings.trackingNumber, status: trackings.status })
    .from(paymentTrackings)
    .innerJoin(trackings, eq(trackings.id, paymentTrackings.trackingId))
    .where(eq(paymentTrackings.paymentId, id))
    .orderBy(asc(trackings.trackingNumber));
  const { metadata, ...rest } = row;
  const note = (key: string) => (typeof metadata?.[key] === 'string' ? (metadata[key] as string) : null);
  return { ...rest, adminNotes: note('admin_notes'), customerNote: note('customer_note'), trackings: relatedTrackings };
}
export type AdminPaymentDetail = NonNullable<Awaited<ReturnType<typeof getPaymentDetail>>>;
