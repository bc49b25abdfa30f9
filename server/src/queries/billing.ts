// Invoices, balances and ledgers (docs/decisions/021-billing-in-bolivares.md). An invoice's status is read from the ledger, never
// kept by hand: what its entries add up to is what is still owed.
import { and, desc, eq, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { invoiceRemainingVesCentimos, type InvoiceStatus, type ListCursor } from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import {
  exchangeRates,
  invoices,
  ledgerEntries,
  mailboxes,
  paymentTransactions,
  shipments,
  userProfiles,
  users,
} from '../db/schema';
import { businessToday } from '../lib/business-clock';
import { defineList } from '../lib/list-engine';
import { indexOrder, ownNewestFirst } from '../lib/list-sorts';
import { fiscalNotesSql, fiscalSummarySql, liveFiscalDocument } from './fiscal';

/** What is still owed on the invoice, in USD cents (a correlated sum over its entries). */
const remainingSql =
  sql<number>`(select coalesce(sum(le.usd_cents), 0) from ${ledgerEntries} le where le.invoice_id = ${invoices.id})::bigint`.mapWith(
    Number,
  );

/** What a payment toward an invoice takes from it: its concept and what it is for, and its rate. */
export const payableInvoiceColumns = {
  id: invoices.id,
  concept: invoices.concept,
  description: invoices.description,
  mailboxId: invoices.mailboxId,
  shipmentId: invoices.shipmentId,
  vesPerUsd: invoices.vesPerUsd,
  usdCents: invoices.usdCents,
  vesCentimos: invoices.vesCentimos,
};

const invoiceColumns = {
  id: invoices.id,
  userId: invoices.userId,
  number: invoices.number,
  concept: invoices.concept,
  description: invoices.description,
  lines: invoices.lines,
  usdCents: invoices.usdCents,
  vesCentimos: invoices.vesCentimos,
  vesPerUsd: invoices.vesPerUsd,
  rateDate: invoices.rateDate,
  issueDate: invoices.issueDate,
  customerName: invoices.customerName,
  customerIdNumber: invoices.customerIdNumber,
  voidedAt: invoices.voidedAt,
  mailboxCode: mailboxes.mailboxCode,
  shipmentCode: shipments.shipmentCode,
  remainingUsdCents: remainingSql,
  /** A payment the customer reported for it that waits for review: no second report meanwhile. */
  pendingReport: sql<boolean>`exists (select 1 from ${paymentTransactions} p where p.invoice_id = ${invoices.id} and p.status = 'pending' and p.reported_at is not null)`,
  /** The unreported payment the system opened for it (an activation), which the customer reports. */
  openPaymentId: sql<
    string | null
  >`(select p.id from ${paymentTransactions} p where p.invoice_id = ${invoices.id} and ((p.status = 'pending' and p.reported_at is null) or p.status = 'failed') order by p.created_at desc limit 1)`,
  createdAt: invoices.createdAt,
  /** Its factura or nota de cobro (docs/product/fiscal-invoices.md); null when issued without one. */
  fiscal: fiscalSummarySql,
  /** The notes of credit and debit on its factura. */
  fiscalNotes: fiscalNotesSql,
};

type InvoiceRow = {
  usdCents: number;
  vesCentimos: number | null;
  remainingUsdCents: number;
  voidedAt: Date | string | null;
  vesPerUsd: string | null;
  rateDate: string | null;
  issueDate: string;
  pendingReport: boolean;
};

export function invoiceStatus(row: Pick<InvoiceRow, 'usdCents' | 'remainingUsdCents' | 'voidedAt'>): InvoiceStatus {
  if (row.voidedAt) return 'void';
  if (row.remainingUsdCents <= 0) return 'paid';
  return row.remainingUsdCents < row.usdCents ? 'partial' : 'pending';
}

function present<T extends InvoiceRow>(row: T) {
  const status = invoiceStatus(row);
  return {
    ...row,
    status,
    remainingUsdCents: Math.max(0, row.remainingUsdCents),
    /** What is still owed in Bs. at the invoice's own rate (never today's): untouched, its own Bs. total. */
    remainingVesCentimos: row.vesPerUsd ? invoiceRemainingVesCentimos(row, row.vesPerUsd) : null,
    /** The rate is of an earlier day: the day's rate had not been recorded when it was issued. */
    rateIsEarlier: row.rateDate !== null && row.rateDate < row.issueDate,
    canReport: (status === 'pending' || status === 'partial') && !row.pendingReport,
  };
}

function selectInvoices(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(invoiceColumns)
    .from(invoices)
    .leftJoin(mailboxes, eq(mailboxes.id, invoices.mailboxId))
    .leftJoin(shipments, eq(shipments.id, invoices.shipmentId))
    .where(where)
    .orderBy(desc(invoices.createdAt), desc(invoices.number));
}

/** A customer's invoices, newest first: a customer's own list, read whole (decision 012). */
const customerInvoicesList = defineList<object>()({
  name: 'customer_invoices',
  ...ownNewestFirst(invoices),
  rows: {
    direct: (db) =>
      db
        .select(invoiceColumns)
        .from(invoices)
        .leftJoin(mailboxes, eq(mailboxes.id, invoices.mailboxId))
        .leftJoin(shipments, eq(shipments.id, invoices.shipmentId))
        .$dynamic(),
  },
  present: (rows) => rows.map(present),
});

/** A customer's invoices, newest first (their own, or a client's for staff). */
export function listCustomerInvoices(db: DbOrTx, userId: string) {
  return customerInvoicesList.all(db, {}, userId);
}

/** A customer's invoices one page at a time, by number or after a cursor, with the total and the next cursor (the public API's list). */
export function pageCustomerInvoices(
  db: DbOrTx,
  userId: string,
  params: { page: number; pageSize: number; cursor?: ListCursor },
) {
  return customerInvoicesList.cursorPage(db, { ...params, after: params.cursor }, userId);
}
export type CustomerInvoice = Awaited<ReturnType<typeof listCustomerInvoices>>[number];

/** One invoice; with `userId`, only when it is that customer's. */
export async function findInvoice(db: DbOrTx, id: string, userId?: string) {
  const [row] = await selectInvoices(db, and(eq(invoices.id, id), userId ? eq(invoices.userId, userId) : undefined));
  if (!row) return null;
  const payments = await db
    .select({
      id: paymentTransactions.id,
      status: paymentTransactions.status,
      currency: paymentTransactions.currency,
      amountUsdCents: paymentTransactions.amountUsdCents,
      amountVesCents: paymentTransactions.amountVesCents,
      paymentMethod: paymentTransactions.paymentMethod,
      paymentReference: paymentTransactions.paymentReference,
      reportedAt: paymentTransactions.reportedAt,
      processedAt: paymentTransactions.processedAt,
    })
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.invoiceId, id), sql`${paymentTransactions.reportedAt} is not null`))
    .orderBy(desc(paymentTransactions.createdAt));
  return { ...present(row), payments, fiscalDocument: await liveFiscalDocument(db, id) };
}
export type InvoiceDetail = NonNullable<Awaited<ReturnType<typeof findInvoice>>>;

/** The customer's balance: positive owes, negative is credit in their favour; and the credit on account. */
export async function customerBalance(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      balanceUsdCents: sql<number>`coalesce(sum(${ledgerEntries.usdCents}), 0)::bigint`.mapWith(Number),
      accountUsdCents:
        sql<number>`coalesce(sum(${ledgerEntries.usdCents}) filter (where ${ledgerEntries.invoiceId} is null), 0)::bigint`.mapWith(
          Number,
        ),
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  // Each open invoice's remainder at its own frozen rate, rounded per invoice half away from zero
  // (numeric round), exactly as each invoice shows it (invoiceRemainingVesCentimos: untouched, its
  // own Bs. total): one figure for one debt, for staff and customer.
  const open = db
    .select({
      remaining: sql<number>`${remainingSql}`.as('remaining'),
      vesPerUsd: sql<string | null>`${invoices.vesPerUsd}`.as('ves_per_usd'),
      usdCents: sql<number>`${invoices.usdCents}`.as('usd_cents'),
      vesCentimos: sql<number | null>`${invoices.vesCentimos}`.as('ves_centimos'),
    })
    .from(invoices)
    .where(and(eq(invoices.userId, userId), isNull(invoices.voidedAt)))
    .as('open');
  const [owed] = await db
    .select({
      n: sql<number>`count(*)::int`,
      vesCentimos:
        sql<number>`coalesce(sum(case when ${open.remaining} = ${open.usdCents} and ${open.vesCentimos} is not null then ${open.vesCentimos} else round(${open.remaining} * ${open.vesPerUsd}) end), 0)::bigint`.mapWith(
          Number,
        ),
      usdWithoutRateCents:
        sql<number>`coalesce(sum(${open.remaining}) filter (where ${open.vesPerUsd} is null), 0)::bigint`.mapWith(
          Number,
        ),
    })
    .from(open)
    .where(sql`${open.remaining} > 0`);
  return {
    balanceUsdCents: row.balanceUsdCents,
    creditUsdCents: Math.max(0, -row.accountUsdCents),
    openInvoices: owed.n,
    /** What the open invoices still ask in Bs., each at the rate it was issued with (never today's). */
    owedVesCentimos: owed.vesCentimos,
    /** What open invoices issued without a rate still ask, in USD cents. */
    owedWithoutRateUsdCents: owed.usdWithoutRateCents,
  };
}

/** The customer's ledger, newest first, with the invoice each entry counts toward (decision 012). */
const ledgerList = defineList<object>()({
  name: 'customer_ledger',
  ...ownNewestFirst(ledgerEntries),
  rows: {
    direct: (db) =>
      db
        .select({
          id: ledgerEntries.id,
          kind: ledgerEntries.kind,
          usdCents: ledgerEntries.usdCents,
          vesCentimos: ledgerEntries.vesCentimos,
          vesPerUsd: ledgerEntries.vesPerUsd,
          description: ledgerEntries.description,
          invoiceId: ledgerEntries.invoiceId,
          invoiceNumber: invoices.number,
          createdAt: ledgerEntries.createdAt,
          createdByEmail: users.email,
        })
        .from(ledgerEntries)
        .leftJoin(invoices, eq(invoices.id, ledgerEntries.invoiceId))
        .leftJoin(users, eq(users.id, ledgerEntries.createdBy))
        .$dynamic(),
  },
});

export function listLedger(db: DbOrTx, userId: string) {
  return ledgerList.all(db, {}, userId);
}

// --- Exchange rates --------------------------------------------------------------------------

export type RateRow = { id: string; vesPerUsd: string; rateDate: string };

/** The rate in force on a day: that day's newest entry, or the latest day's before it; null when none was ever recorded. */
export async function rateForDay(db: DbOrTx, day: string): Promise<RateRow | null> {
  const [rate] = await db
    .select({ id: exchangeRates.id, vesPerUsd: exchangeRates.vesPerUsd, rateDate: exchangeRates.rateDate })
    .from(exchangeRates)
    .where(lte(exchangeRates.rateDate, day))
    .orderBy(desc(exchangeRates.rateDate), desc(exchangeRates.createdAt))
    .limit(1);
  return rate ?? null;
}

/** How many rates a page of the history shows (about two months of daily rates). */
const RATES_PAGE_SIZE = 50;

/**
 * The rates' history, newest day first (its newest entry first), with who entered each: a list
 * of the list engine, read a page at a time on the (rate_date desc, created_at desc) index.
 */
const ratesList = defineList<object>()({
  name: 'exchange_rates',
  table: exchangeRates,
  columns: { id: exchangeRates.id, rateDate: exchangeRates.rateDate, createdAt: exchangeRates.createdAt },
  sorts: {
    default: {
      defaultDir: 'desc',
      order: (c, dir) => [indexOrder(c.rateDate, dir), indexOrder(c.createdAt, dir), indexOrder(c.id, dir)],
    },
  },
  defaultSort: 'default',
  rows: {
    direct: (db) =>
      db
        .select({
          id: exchangeRates.id,
          rateDate: exchangeRates.rateDate,
          vesPerUsd: exchangeRates.vesPerUsd,
          source: exchangeRates.source,
          createdAt: exchangeRates.createdAt,
          createdByEmail: users.email,
          createdByName: userProfiles.fullName,
          /** A later entry of the same day replaced this one. */
          superseded: sql<boolean>`exists (select 1 from ${exchangeRates} r2 where r2.rate_date = ${exchangeRates.rateDate} and r2.created_at > ${exchangeRates.createdAt})`,
        })
        .from(exchangeRates)
        .leftJoin(users, eq(users.id, exchangeRates.createdBy))
        .leftJoin(userProfiles, eq(userProfiles.userId, exchangeRates.createdBy))
        .$dynamic(),
  },
});

export function listExchangeRates(db: DbOrTx, input: { page?: number }) {
  return ratesList.page(db, { page: input.page, pageSize: RATES_PAGE_SIZE });
}

/** Today's rate on the business clock, or the latest one and the fact that today has none yet. */
export async function todayRate(db: DbOrTx, now = new Date()) {
  const today = businessToday(now);
  const rate = await rateForDay(db, today);
  return { today, rate, hasToday: rate?.rateDate === today };
}
