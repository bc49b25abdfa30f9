// Compra asistida's reads (docs/product/compra-asistida.md): the customer's own requests (every
// read filtered by owner), the staff's list on the list engine, one request with its items,
// trackings and the store's receipt, and the fee settings.
import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import {
  COMPRA_DEFAULT_SETTINGS,
  compraCode,
  compraQuoteExpired,
  type CompraListParams,
  type CompraSettings,
} from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import type { Config } from '../env';
import {
  appSettings,
  invoices,
  mailboxes,
  prealerts,
  purchaseRequestItems,
  purchaseRequestTrackings,
  purchaseRequests,
  userProfiles,
  users,
} from '../db/schema';
import { customerName, withCustomerAndMailbox } from '../lib/joins';
import { signedLinkFor } from '../files/links';
import { defineList } from '../lib/list-engine';
import { byTime, plainOrder, type SortKey } from '../lib/list-sorts';

export const COMPRA_SETTINGS_KEY = 'compras';

export async function getCompraSettings(db: DbOrTx): Promise<CompraSettings> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, COMPRA_SETTINGS_KEY));
  if (!row) return { ...COMPRA_DEFAULT_SETTINGS };
  try {
    const parsed = JSON.parse(row.value) as Partial<CompraSettings>;
    const int = (v: unknown, fallback: number) => (Number.isInteger(v) ? (v as number) : fallback);
    return {
      feeBasisPoints: int(parsed.feeBasisPoints, COMPRA_DEFAULT_SETTINGS.feeBasisPoints),
      feeMinimumUsdCents: int(parsed.feeMinimumUsdCents, COMPRA_DEFAULT_SETTINGS.feeMinimumUsdCents),
      validHours: int(parsed.validHours, COMPRA_DEFAULT_SETTINGS.validHours),
    };
  } catch {
    return { ...COMPRA_DEFAULT_SETTINGS };
  }
}

const requestColumns = {
  id: purchaseRequests.id,
  number: purchaseRequests.number,
  status: purchaseRequests.status,
  mailboxCode: mailboxes.mailboxCode,
  mailboxLocation: mailboxes.location,
  totalUsdCents: purchaseRequests.totalUsdCents,
  validUntil: purchaseRequests.validUntil,
  extraUsdCents: purchaseRequests.extraUsdCents,
  extraInvoiceId: purchaseRequests.extraInvoiceId,
  itemCount:
    sql<number>`(select count(*)::int from purchase_request_items i where i.request_id = ${purchaseRequests.id})`.mapWith(
      Number,
    ),
  firstItem: sql<
    string | null
  >`(select i.name from purchase_request_items i where i.request_id = ${purchaseRequests.id} order by i.position limit 1)`,
  createdAt: purchaseRequests.createdAt,
  updatedAt: purchaseRequests.updatedAt,
};

const present = <
  R extends { number: number; status: string; validUntil: Date | null; createdAt: Date; updatedAt: Date },
>(
  r: R,
  now = new Date(),
) => ({
  ...r,
  code: compraCode(r.number),
  /** A quote past its validity (it stays 'quoted' until renewed). */
  expired: r.status === 'quoted' && compraQuoteExpired(r.validUntil, now),
  validUntil: r.validUntil?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** Compras: the customer's own requests, newest first (a customer has few). */
export async function listMyCompras(db: DbOrTx, customerId: string) {
  const rows = await db
    .select({
      ...requestColumns,
      // For the total with taxes (services/compras/invoice.ts): our fee, and the invoice once accepted.
      feeUsdCents: purchaseRequests.feeUsdCents,
      invoiceUsdCents: sql<
        number | null
      >`(select inv.usd_cents from invoices inv where inv.id = ${purchaseRequests.invoiceId})`.mapWith(Number),
    })
    .from(purchaseRequests)
    .innerJoin(mailboxes, eq(mailboxes.id, purchaseRequests.mailboxId))
    .where(eq(purchaseRequests.userId, customerId))
    .orderBy(desc(purchaseRequests.createdAt), desc(purchaseRequests.id));
  return rows.map((r) => present(r));
}

const byTotal: SortKey<'createdAt' | 'totalUsdCents'> = {
  defaultDir: 'desc',
  order: (c, dir) => [sql`${c.totalUsdCents} ${sql.raw(dir)} nulls last`, plainOrder(c.id, dir)],
};

const comprasList = defineList<CompraListParams>()({
  name: 'compras_admin',
  table: purchaseRequests,
  columns: {
    id: purchaseRequests.id,
    createdAt: purchaseRequests.createdAt,
    totalUsdCents: purchaseRequests.totalUsdCents,
  },
  sorts: { createdAt: byTime('createdAt'), totalUsdCents: byTotal },
  defaultSort: 'createdAt',
  filters: { status: purchaseRequests.status },
  search: {
    minLength: 2,
    where: (_db, p) =>
      or(
        ilike(userProfiles.fullName, p('pattern')),
        ilike(users.email, p('pattern')),
        ilike(mailboxes.mailboxCode, p('pattern')),
        sql`('C-' || lpad(${purchaseRequests.number}::text, 6, '0')) ilike ${p('pattern')}`,
        ilike(purchaseRequests.storeOrderNumber, p('pattern')),
      ) ?? sql`false`,
  },
  countFrom: (db) =>
    withCustomerAndMailbox(
      db.select({ id: purchaseRequests.id }).from(purchaseRequests).$dynamic(),
      purchaseRequests.userId,
      purchaseRequests.mailboxId,
    ),
  rows: {
    direct: (db) =>
      withCustomerAndMailbox(
        db
          .select({
            ...requestColumns,
            customer: customerName,
          })
          .from(purchaseRequests)
          .$dynamic(),
        purchaseRequests.userId,
        purchaseRequests.mailboxId,
      ),
  },
  present: (rows) => rows.map((r) => present(r)),
});

export const listComprasAdmin = (db: DbOrTx, input: CompraListParams) => comprasList.page(db, input);
export const countComprasAdmin = (db: DbOrTx, input: CompraListParams) => comprasList.countWithTotal(db, input);
export type CompraAdminRow = Awaited<ReturnType<typeof listComprasAdmin>>['rows'][number];

/** One request with its items, its invoices, its trackings and the store's receipt; with `customerId`, only theirs. */
export async function findCompra(db: DbOrTx, config: Pick<Config, 'appSecret'>, id: string, customerId?: string) {
  const [row] = await withCustomerAndMailbox(
    db
      .select({
        ...requestColumns,
        userId: purchaseRequests.userId,
        mailboxId: purchaseRequests.mailboxId,
        notes: purchaseRequests.notes,
        itemsUsdCents: purchaseRequests.itemsUsdCents,
        salesTaxUsdCents: purchaseRequests.salesTaxUsdCents,
        shippingUsdCents: purchaseRequests.shippingUsdCents,
        feeUsdCents: purchaseRequests.feeUsdCents,
        quotedAt: purchaseRequests.quotedAt,
        acceptedAt: purchaseRequests.acceptedAt,
        paidAt: purchaseRequests.paidAt,
        invoiceId: purchaseRequests.invoiceId,
        storeOrderNumber: purchaseRequests.storeOrderNumber,
        finalUsdCents: purchaseRequests.finalUsdCents,
        receiptFileId: purchaseRequests.receiptFileId,
        purchasedAt: purchaseRequests.purchasedAt,
        creditLedgerEntryId: purchaseRequests.creditLedgerEntryId,
        customer: customerName,
        customerEmail: users.email,
      })
      .from(purchaseRequests)
      .$dynamic(),
    purchaseRequests.userId,
    purchaseRequests.mailboxId,
  ).where(and(eq(purchaseRequests.id, id), customerId ? eq(purchaseRequests.userId, customerId) : undefined));
  if (!row) return null;
  const [items, trackings] = await Promise.all([
    db
      .select({
        id: purchaseRequestItems.id,
        url: purchaseRequestItems.url,
        name: purchaseRequestItems.name,
        options: purchaseRequestItems.options,
        quantity: purchaseRequestItems.quantity,
        customerPriceUsdCents: purchaseRequestItems.customerPriceUsdCents,
        quotedPriceUsdCents: purchaseRequestItems.quotedPriceUsdCents,
        notes: purchaseRequestItems.notes,
        issue: purchaseRequestItems.issue,
        issueNewPriceUsdCents: purchaseRequestItems.issueNewPriceUsdCents,
        issueNote: purchaseRequestItems.issueNote,
        issueResolution: purchaseRequestItems.issueResolution,
        issueCreditUsdCents: purchaseRequestItems.issueCreditUsdCents,
        issueStoreDeltaUsdCents: purchaseRequestItems.issueStoreDeltaUsdCents,
        issueInvoiceNumber: sql<
          string | null
        >`(select inv.number from invoices inv where inv.id = ${purchaseRequestItems.issueInvoiceId})`,
        /** What the new price's extra invoice still owes (0 without one). */
        issueInvoiceRemainingUsdCents:
          sql<number>`greatest(0, (select coalesce(sum(le.usd_cents), 0) from ledger_entries le where le.invoice_id = ${purchaseRequestItems.issueInvoiceId}))::bigint`.mapWith(
            Number,
          ),
      })
      .from(purchaseRequestItems)
      .where(eq(purchaseRequestItems.requestId, id))
      .orderBy(asc(purchaseRequestItems.position)),
    db
      .select({
        trackingNumber: purchaseRequestTrackings.trackingNumber,
        prealertId: purchaseRequestTrackings.prealertId,
        prealertStatus: prealerts.status,
        createdAt: purchaseRequestTrackings.createdAt,
      })
      .from(purchaseRequestTrackings)
      .innerJoin(prealerts, eq(prealerts.id, purchaseRequestTrackings.prealertId))
      .where(eq(purchaseRequestTrackings.requestId, id))
      .orderBy(asc(purchaseRequestTrackings.createdAt)),
  ]);
  const invoiceOf = async (invoiceId: string | null) => {
    if (!invoiceId) return null;
    const [invoice] = await db
      .select({
        id: invoices.id,
        number: invoices.number,
        usdCents: invoices.usdCents,
        vesCentimos: invoices.vesCentimos,
        remainingUsdCents:
          sql<number>`greatest(0, (select coalesce(sum(le.usd_cents), 0) from ledger_entries le where le.invoice_id = "invoices"."id"))::bigint`.mapWith(
            Number,
          ),
      })
      .from(invoices)
      .where(eq(invoices.id, invoiceId));
    return invoice ?? null;
  };
  const receipt = row.receiptFileId ? await signedLinkFor(db, config, row.receiptFileId) : null;
  return {
    ...present(row),
    quotedAt: row.quotedAt?.toISOString() ?? null,
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
    purchasedAt: row.purchasedAt?.toISOString() ?? null,
    items,
    trackings: trackings.map((t) => ({ ...t, createdAt: t.createdAt.toISOString() })),
    invoice: await invoiceOf(row.invoiceId),
    extraInvoice: await invoiceOf(row.extraInvoiceId),
    receiptUrl: receipt?.url ?? null,
  };
}
export type CompraDetail = NonNullable<Awaited<ReturnType<typeof findCompra>>>;

/** The customer's active casilleros a purchase may go to (Miami, Beijing). */
export async function compraMailboxes(db: DbOrTx, customerId: string) {
  return db
    .select({ id: mailboxes.id, code: mailboxes.mailboxCode, location: mailboxes.location })
    .from(mailboxes)
    .where(
      and(
        eq(mailboxes.userId, customerId),
        eq(mailboxes.status, 'active'),
        sql`${mailboxes.location} in ('miami', 'beijing')`,
      ),
    )
    .orderBy(asc(mailboxes.location));
}
