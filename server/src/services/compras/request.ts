// Compra asistida's steps (docs/product/compra-asistida.md): the customer asks (items, casillero),
// staff quote (confirmed prices, sales tax, shipping, our fee; valid until a date), the customer
// accepts (an invoice at the day's rate, paid like any other), staff buy (order number, final
// amount: the difference is credit or an extra invoice the customer accepts) and enter the store's
// trackings (a pre-alert each on the customer's casillero with the store's receipt as its invoice).
// Each step locks the request's row, is audited (table triggers) and tells the customer.
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import {
  COMPRA_CREDIT_DESCRIPTION,
  COMPRA_EXTRA_INVOICE_DESCRIPTION,
  COMPRA_INVOICE_DESCRIPTION,
  COMPRA_MESSAGES as M,
  COMPRA_NOTICES,
  COMPRA_PREALERT_DESCRIPTION,
  COMPRA_VALID_HOURS_DEFAULT,
  COMPRAS_PATH,
  compraCode,
  compraQuoteExpired,
  formatDateTime,
  formatUsdFromCents,
  fromCents,
  quoteCompra,
  storeOfLink,
  trackingKey,
  COMPRA_ITEM_CREDIT_DESCRIPTION,
  COMPRA_ITEM_INVOICE_DESCRIPTION,
  COMPRA_ITEM_PRICE_CREDIT_DESCRIPTION,
  compraItemShare,
  compraPriceDifference,
  type CompraSettings,
  type CompraShare,
  type compraCreateInput,
  type compraItemChoiceInput,
  type compraItemIssueInput,
  type compraPurchaseInput,
  type compraQuoteInput,
  type compraRenewInput,
  type compraTrackingsInput,
  type z,
} from '@casillero/shared';
import type { DbOrTx } from '../../db/client';
import type { Config } from '../../env';
import {
  appSettings,
  ledgerEntries,
  mailboxes,
  prealerts,
  purchaseRequestItems,
  purchaseRequestTrackings,
  purchaseRequests,
  type PurchaseRequestItemRow,
  type PurchaseRequestRow,
} from '../../db/schema';
import { writeAuditEntry } from '../../audit/audit-context';
import { isUniqueViolation } from '../../lib/database-errors';
import { DomainError } from '../../lib/domain-error';
import { findOwnFile } from '../../files/store';
import { COMPRA_SETTINGS_KEY, getCompraSettings } from '../../queries/compras';
import { applyCredit, invoiceRemaining, issueInvoice, lockLedger, recordLedgerCorrection } from '../billing';
import { markComprasPaid } from './paid';
import { compraLines, compraQuoteTaxes } from './invoice';
import { confirmedTotal } from '../fiscal/confirmed-total';
import { getFiscalQuoteTerms } from '../fiscal/settings';
import { notifyUser } from '../notify';
import { claimIntakeForPrealert } from '../reception';

type Options = { appUrl?: string; now?: Date };

async function tell(
  tx: DbOrTx,
  request: Pick<PurchaseRequestRow, 'userId' | 'id'>,
  notice: { title: string; message: string },
  options: Options,
  type: 'general' | 'payment' = 'general',
) {
  await notifyUser(
    tx,
    request.userId,
    { ...notice, type, link: `${COMPRAS_PATH}?id=${request.id}` },
    { kind: 'status_changed', email: 'default', appUrl: options.appUrl },
  );
}

/** The request, locked until the transaction ends (a customer's own with `customerId`: another's is not found). */
async function lockRequest(tx: DbOrTx, id: string, customerId?: string) {
  const [request] = await tx
    .select()
    .from(purchaseRequests)
    .where(and(eq(purchaseRequests.id, id), customerId ? eq(purchaseRequests.userId, customerId) : undefined))
    .for('update');
  if (!request) throw new DomainError('NOT_FOUND', M.notFound);
  return request;
}

const itemsOf = (tx: DbOrTx, requestId: string) =>
  tx
    .select()
    .from(purchaseRequestItems)
    .where(eq(purchaseRequestItems.requestId, requestId))
    .orderBy(asc(purchaseRequestItems.position));

/** The customer asks us to buy: 1 to 20 items, to one of their active Miami or Beijing casilleros. */
export async function createCompra(
  tx: DbOrTx,
  customerId: string,
  input: z.output<typeof compraCreateInput>,
  options: Options = {},
) {
  const [box] = await tx
    .select({ id: mailboxes.id, status: mailboxes.status, location: mailboxes.location })
    .from(mailboxes)
    .where(and(eq(mailboxes.id, input.mailboxId), eq(mailboxes.userId, customerId)));
  if (!box) throw new DomainError('NOT_FOUND', M.mailboxInvalid);
  if (box.status !== 'active' || (box.location !== 'miami' && box.location !== 'beijing'))
    throw new DomainError('BAD_INPUT', M.mailboxInvalid);
  const now = options.now ?? new Date();
  const [request] = await tx
    .insert(purchaseRequests)
    .values({ userId: customerId, mailboxId: box.id, notes: input.notes, createdAt: now, updatedAt: now })
    .returning();
  await tx.insert(purchaseRequestItems).values(
    input.items.map((item, position) => ({
      requestId: request!.id,
      position,
      url: item.url,
      name: item.name,
      options: item.options,
      quantity: item.quantity,
      customerPriceUsdCents: item.priceUsdCents,
      notes: item.notes,
    })),
  );
  const code = compraCode(request!.number);
  await tell(tx, request!, COMPRA_NOTICES.requested(code), options);
  return { id: request!.id, code, message: M.created(code) };
}

/** The customer cancels before accepting the quote. */
export async function cancelCompra(tx: DbOrTx, customerId: string, id: string, options: Options = {}) {
  const request = await lockRequest(tx, id, customerId);
  if (request.status !== 'requested' && request.status !== 'quoted') throw new DomainError('CONFLICT', M.cannotCancel);
  const now = options.now ?? new Date();
  await tx
    .update(purchaseRequests)
    .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
    .where(eq(purchaseRequests.id, request.id));
  await tell(tx, request, COMPRA_NOTICES.cancelled(compraCode(request.number)), options);
  return { id: request.id, message: M.cancelled };
}

/** The quote's validity: the hours staff typed, or the settings' (48 by default). */
const validUntilFrom = (now: Date, hours: number | undefined, settings: Pick<CompraSettings, 'validHours'>) =>
  new Date(now.getTime() + (hours ?? settings.validHours ?? COMPRA_VALID_HOURS_DEFAULT) * 3600_000);

/**
 * Staff quote: each item's confirmed price, the store's sales tax and shipping to our warehouse,
 * our fee from the settings; valid for 48 hours unless told. A quote not yet accepted may be sent again.
 */
export async function quoteCompraRequest(
  tx: DbOrTx,
  staffId: string,
  input: z.output<typeof compraQuoteInput>,
  options: Options = {},
) {
  const request = await lockRequest(tx, input.id);
  if (request.status !== 'requested' && request.status !== 'quoted') throw new DomainError('CONFLICT', M.notQuotable);
  const items = await itemsOf(tx, request.id);
  const prices = new Map(input.items.map((i) => [i.id, i.priceUsdCents]));
  if (prices.size !== input.items.length || items.length !== prices.size || items.some((i) => !prices.has(i.id)))
    throw new DomainError('BAD_INPUT', M.quoteItemsMismatch);
  const settings = await getCompraSettings(tx);
  const quote = quoteCompra(
    {
      items: items.map((i) => ({ priceUsdCents: prices.get(i.id)!, quantity: i.quantity })),
      salesTaxUsdCents: input.salesTaxUsdCents,
      shippingUsdCents: input.shippingUsdCents,
    },
    settings,
  );
  const now = options.now ?? new Date();
  for (const item of items)
    await tx
      .update(purchaseRequestItems)
      .set({ quotedPriceUsdCents: prices.get(item.id)! })
      .where(eq(purchaseRequestItems.id, item.id));
  const validUntil = validUntilFrom(now, input.validHours, settings);
  await tx
    .update(purchaseRequests)
    .set({
      status: 'quoted',
      itemsUsdCents: quote.itemsUsdCents,
      salesTaxUsdCents: quote.salesTaxUsdCents,
      shippingUsdCents: quote.shippingUsdCents,
      feeUsdCents: quote.feeUsdCents,
      totalUsdCents: quote.totalUsdCents,
      quotedAt: now,
      quotedBy: staffId,
      validUntil,
      updatedAt: now,
    })
    .where(eq(purchaseRequests.id, request.id));
  const code = compraCode(request.number);
  // The customer is told the total as accepting it invoices it, taxes included.
  const quoted = items.map((i) => ({ ...i, quotedPriceUsdCents: prices.get(i.id)! }));
  const taxed = compraQuoteTaxes(quote, quoted, await getFiscalQuoteTerms(tx)).totalUsdCents;
  await tell(tx, request, COMPRA_NOTICES.quoted(code, formatUsdFromCents(taxed), formatDateTime(validUntil)), options);
  return { id: request.id, quote, validUntil: validUntil.toISOString(), message: M.quoted(code) };
}

/** Staff renew a quote the customer has not accepted (an expired one, typically): a new validity. */
export async function renewCompraQuote(
  tx: DbOrTx,
  _staffId: string,
  input: z.output<typeof compraRenewInput>,
  options: Options = {},
) {
  const request = await lockRequest(tx, input.id);
  if (request.status !== 'quoted') throw new DomainError('CONFLICT', M.notRenewable);
  const now = options.now ?? new Date();
  const validUntil = validUntilFrom(now, input.validHours, await getCompraSettings(tx));
  await tx.update(purchaseRequests).set({ validUntil, updatedAt: now }).where(eq(purchaseRequests.id, request.id));
  await tell(tx, request, COMPRA_NOTICES.renewed(compraCode(request.number), formatDateTime(validUntil)), options);
  return { id: request.id, validUntil: validUntil.toISOString(), message: M.renewed };
}

/**
 * The customer accepts the quote while it is valid: its invoice is issued at the day's rate (one
 * line per item, the sales tax, the shipping, our fee) and is paid like any other; credit on
 * account pays it first. Accepted once: the locked row says so to a second tab.
 */
export async function acceptCompraQuote(
  tx: DbOrTx,
  customerId: string,
  id: string,
  options: Options & { confirmedTotalUsdCents?: number | null } = {},
) {
  const request = await lockRequest(tx, id, customerId);
  if (request.status !== 'quoted') {
    throw new DomainError('CONFLICT', request.invoiceId ? M.alreadyAccepted : M.notQuoted);
  }
  const now = options.now ?? new Date();
  if (compraQuoteExpired(request.validUntil, now)) throw new DomainError('BAD_INPUT', M.quoteExpired);
  // The goods, sales tax and shipping on the customer's behalf, and our fee (invoice.ts).
  const items = await itemsOf(tx, request.id);
  const lines = compraLines(request, items);
  const quoted = compraQuoteTaxes(request, items, await getFiscalQuoteTerms(tx)).totalUsdCents;
  const code = compraCode(request.number);
  const invoice = await issueInvoice(tx, {
    userId: customerId,
    concept: 'assisted_purchase',
    description: COMPRA_INVOICE_DESCRIPTION(code),
    lines,
    mailboxId: request.mailboxId,
    createdBy: null,
    now,
    deferCredit: true,
  });
  // What the customer accepted is what is invoiced, or nothing is (docs/product/fiscal-invoices.md#taxes).
  confirmedTotal(invoice.usdCents, quoted, options.confirmedTotalUsdCents);
  await tx
    .update(purchaseRequests)
    .set({ status: 'accepted', acceptedAt: now, invoiceId: invoice.id, updatedAt: now })
    .where(eq(purchaseRequests.id, request.id));
  await tell(tx, request, COMPRA_NOTICES.accepted(code, invoice.number), options, 'payment');
  // Credit on account pays it now, once the request names it (then it is paid at once).
  await lockLedger(tx, customerId);
  await applyCredit(tx, customerId, null, now);
  if ((await invoiceRemaining(tx, invoice.id)) <= 0) await markComprasPaid(tx, [invoice.id], now);
  return { id: request.id, invoiceId: invoice.id, invoiceNumber: invoice.number, message: M.accepted(invoice.number) };
}

/**
 * Staff bought it: the store's order number, its receipt (a file of the customer's, kind
 * 'invoice') and what the store finally charged. Less than quoted: the difference is credit on
 * the customer's account at once. More: the customer must accept it (an extra invoice).
 */
export async function recordCompraPurchase(
  tx: DbOrTx,
  staffId: string,
  input: z.output<typeof compraPurchaseInput>,
  options: Options = {},
) {
  const request = await lockRequest(tx, input.id);
  if (request.status === 'purchased' || request.status === 'shipped')
    throw new DomainError('CONFLICT', M.alreadyPurchased);
  if (request.status !== 'paid') throw new DomainError('BAD_INPUT', M.notPaid);
  const items = await itemsOf(tx, request.id);
  if (items.some((i) => i.issue && !i.issueResolution)) throw new DomainError('CONFLICT', M.issuePending);
  if (!(await findOwnFile(tx, input.receiptFileId, request.userId, 'invoice')))
    throw new DomainError('NOT_FOUND', M.receiptInvalid);
  const now = options.now ?? new Date();
  const code = compraCode(request.number);
  // What the store should charge: the quote, less the cancelled items' shares, plus accepted new prices.
  const quotedStore =
    (request.itemsUsdCents ?? 0) +
    (request.salesTaxUsdCents ?? 0) +
    (request.shippingUsdCents ?? 0) +
    items.reduce((sum, i) => sum + (i.issueStoreDeltaUsdCents ?? 0), 0);
  const difference = input.finalUsdCents - quotedStore;
  let creditLedgerEntryId: number | null = null;
  if (difference < 0) {
    const entry = await recordLedgerCorrection(
      tx,
      staffId,
      {
        userId: request.userId,
        kind: 'adjustment',
        amountUsd: fromCents(difference),
        reason: COMPRA_CREDIT_DESCRIPTION(code),
      },
      M.finalAmountInvalid,
    );
    creditLedgerEntryId = entry.id;
  }
  await tx
    .update(purchaseRequests)
    .set({
      status: 'purchased',
      storeOrderNumber: input.storeOrderNumber,
      finalUsdCents: input.finalUsdCents,
      receiptFileId: input.receiptFileId,
      purchasedAt: now,
      purchasedBy: staffId,
      creditLedgerEntryId,
      extraUsdCents: difference > 0 ? difference : null,
      updatedAt: now,
    })
    .where(eq(purchaseRequests.id, request.id));
  await tell(tx, request, COMPRA_NOTICES.purchased(code, input.storeOrderNumber), options);
  const amount = formatUsdFromCents(Math.abs(difference));
  if (difference < 0) {
    await tell(tx, request, COMPRA_NOTICES.credit(code, amount), options, 'payment');
    return { id: request.id, differenceUsdCents: difference, message: M.purchasedCredit(amount) };
  }
  if (difference > 0) {
    await tell(tx, request, COMPRA_NOTICES.extra(code, amount), options, 'payment');
    return { id: request.id, differenceUsdCents: difference, message: M.purchasedExtra(amount) };
  }
  return { id: request.id, differenceUsdCents: 0, message: M.purchased };
}

/** An extra invoice of the request's customer (a difference to pay), paid like any other; credit pays it first. */
async function issueExtraInvoice(
  tx: DbOrTx,
  request: Pick<PurchaseRequestRow, 'userId' | 'mailboxId'>,
  description: string,
  usdCents: number,
  now: Date,
) {
  return issueInvoice(tx, {
    userId: request.userId,
    concept: 'assisted_purchase',
    description,
    // What the store charged more is goods bought on the customer's behalf, like the quote's.
    lines: [{ description, usdCents, kind: 'purchase_on_behalf' }],
    mailboxId: request.mailboxId,
    createdBy: null,
    now,
  });
}

/** The customer accepts what the store charged over the quote: its extra invoice, paid like any other. */
export async function acceptCompraDifference(tx: DbOrTx, customerId: string, id: string, options: Options = {}) {
  const request = await lockRequest(tx, id, customerId);
  if (!request.extraUsdCents || request.extraUsdCents <= 0 || request.extraInvoiceId)
    throw new DomainError('CONFLICT', M.noDifference);
  const now = options.now ?? new Date();
  const invoice = await issueExtraInvoice(
    tx,
    request,
    COMPRA_EXTRA_INVOICE_DESCRIPTION(compraCode(request.number)),
    request.extraUsdCents,
    now,
  );
  await tx
    .update(purchaseRequests)
    .set({ extraInvoiceId: invoice.id, updatedAt: now })
    .where(eq(purchaseRequests.id, request.id));
  return { id: request.id, invoiceId: invoice.id, message: M.differenceAccepted(invoice.number) };
}

/**
 * The store shipped: each carrier tracking becomes a pre-alert on the customer's casillero with
 * the store's receipt as its invoice, matched at once when the parcel already waits "sin dueño",
 * and at reception otherwise. A tracking another customer pre-alerted is refused, nothing changed.
 */
export async function addCompraTrackings(
  tx: DbOrTx,
  staffId: string,
  input: z.output<typeof compraTrackingsInput>,
  config: Pick<Config, 'appUrl'>,
  options: Options = {},
) {
  const request = await lockRequest(tx, input.id);
  if (request.status !== 'purchased' && request.status !== 'shipped')
    throw new DomainError('BAD_INPUT', M.notPurchased);
  const numbers = [...new Map(input.trackingNumbers.map((t) => [trackingKey(t), t.toUpperCase()])).entries()];
  // The items the store ships: not those the customer cancelled when the store failed on them.
  const items = (await itemsOf(tx, request.id)).filter((i) => i.issueResolution !== 'cancelled');
  const code = compraCode(request.number);
  const now = options.now ?? new Date();
  for (const [key, tracking] of numbers) {
    if (!key) throw new DomainError('BAD_INPUT', M.trackingInvalid);
    const [other] = await tx
      .select({ userId: prealerts.userId })
      .from(prealerts)
      .where(sql`tracking_key(${prealerts.trackingNumber}) = ${key}`)
      .limit(1);
    if (other && other.userId !== request.userId) throw new DomainError('CONFLICT', M.trackingTaken(tracking));
    if (other) throw new DomainError('CONFLICT', M.trackingDuplicate(tracking));
  }
  for (const [, tracking] of numbers) {
    const [prealert] = await tx
      .insert(prealerts)
      .values({
        userId: request.userId,
        mailboxId: request.mailboxId,
        trackingNumber: tracking,
        description: COMPRA_PREALERT_DESCRIPTION(code, items.map((i) => i.name).join(', ')),
        quantityItems: items.reduce((n, i) => n + i.quantity, 0),
        amountSpentUsdCents: request.finalUsdCents,
        estimatedValueUsdCents: request.finalUsdCents,
        senderName: storeOfLink(items[0]?.url ?? '') || null,
        carrier: input.carrier,
        notes: `Compra asistida ${code} · pedido ${request.storeOrderNumber ?? ''}`.trim(),
        invoiceFileId: request.receiptFileId,
        status: 'pending',
      })
      .returning({ id: prealerts.id, mailboxId: prealerts.mailboxId });
    try {
      await tx.insert(purchaseRequestTrackings).values({
        requestId: request.id,
        trackingNumber: tracking,
        prealertId: prealert!.id,
        createdBy: staffId,
        createdAt: now,
      });
    } catch (err) {
      if (isUniqueViolation(err, 'purchase_request_trackings_number_key'))
        throw new DomainError('CONFLICT', M.trackingDuplicate(tracking), { cause: err });
      throw err;
    }
    await claimIntakeForPrealert(tx, config, request.userId, {
      id: prealert!.id,
      trackingNumber: tracking,
      mailboxId: prealert!.mailboxId,
    });
  }
  await tx
    .update(purchaseRequests)
    .set({ status: 'shipped', updatedAt: now })
    .where(and(eq(purchaseRequests.id, request.id), ne(purchaseRequests.status, 'shipped')));
  await tell(tx, request, COMPRA_NOTICES.shipped(code, numbers.map(([, t]) => t).join(', ')), options);
  return { id: request.id, message: M.trackingsAdded(numbers.length) };
}

/** An item of the request, locked with it; one of another request is not found. */
async function lockItem(tx: DbOrTx, requestId: string, itemId: string) {
  const [item] = await tx
    .select()
    .from(purchaseRequestItems)
    .where(and(eq(purchaseRequestItems.id, itemId), eq(purchaseRequestItems.requestId, requestId)))
    .for('update');
  if (!item) throw new DomainError('NOT_FOUND', M.itemNotFound);
  return item;
}

/** The price the request charged for an item: the one staff confirmed in the quote. */
const confirmedPrice = (item: Pick<PurchaseRequestItemRow, 'quotedPriceUsdCents' | 'customerPriceUsdCents'>) =>
  item.quotedPriceUsdCents ?? item.customerPriceUsdCents;

/**
 * The store failed on an item of a paid request not yet bought (docs/product/compra-asistida.md#when-the-store-fails):
 * staff mark it out of stock or with a new price, with a note, and the customer is told to choose.
 */
export async function markCompraItemIssue(
  tx: DbOrTx,
  staffId: string,
  input: z.output<typeof compraItemIssueInput>,
  options: Options = {},
) {
  const request = await lockRequest(tx, input.id);
  if (request.status !== 'paid') throw new DomainError('BAD_INPUT', M.issueNotPaid);
  const item = await lockItem(tx, request.id, input.itemId);
  if (item.issue) throw new DomainError('CONFLICT', M.issueAlreadyMarked);
  const price = confirmedPrice(item);
  const newPrice = input.issue === 'price_changed' ? (input.newPriceUsdCents ?? 0) : null;
  if (newPrice !== null && newPrice <= 0) throw new DomainError('BAD_INPUT', M.newPriceInvalid);
  if (newPrice === price) throw new DomainError('BAD_INPUT', M.newPriceSame);
  const now = options.now ?? new Date();
  await tx
    .update(purchaseRequestItems)
    .set({
      issue: input.issue,
      issueNewPriceUsdCents: newPrice,
      issueNote: input.note,
      issueMarkedAt: now,
      issueMarkedBy: staffId,
    })
    .where(eq(purchaseRequestItems.id, item.id));
  await tx.update(purchaseRequests).set({ updatedAt: now }).where(eq(purchaseRequests.id, request.id));
  const code = compraCode(request.number);
  await tell(
    tx,
    request,
    newPrice === null
      ? COMPRA_NOTICES.outOfStock(code, item.name, input.note)
      : COMPRA_NOTICES.priceChanged(
          code,
          item.name,
          formatUsdFromCents(price),
          formatUsdFromCents(newPrice),
          input.note,
        ),
    options,
  );
  return { id: request.id, itemId: item.id, message: M.issueMarked };
}

/** Credit on the customer's account (the same ledger as every credit), paying their open invoices first. */
async function creditCustomer(tx: DbOrTx, userId: string, usdCents: number, description: string, now: Date) {
  await lockLedger(tx, userId);
  const [entry] = await tx
    .insert(ledgerEntries)
    .values({
      userId,
      kind: 'adjustment',
      usdCents: -usdCents,
      invoiceId: null,
      description,
      createdBy: null,
      createdAt: now,
    })
    .returning({ id: ledgerEntries.id });
  await applyCredit(tx, userId, null, now);
  return entry!.id;
}

/**
 * The customer chooses on a marked item of their own request: cancel it (its share of what they
 * paid back as credit, compraItemShare) or accept the new price (more: an extra invoice paid like
 * any other; less: the difference as credit). An out-of-stock item may only be cancelled; a choice
 * is made once. Cancelling the last item left cancels the request (everything paid is back).
 */
export async function chooseCompraItem(
  tx: DbOrTx,
  customerId: string,
  input: z.output<typeof compraItemChoiceInput>,
  options: Options = {},
) {
  const request = await lockRequest(tx, input.id, customerId);
  const item = await lockItem(tx, request.id, input.itemId);
  if (!item.issue) throw new DomainError('CONFLICT', M.noIssue);
  if (item.issueResolution) throw new DomainError('CONFLICT', M.alreadyChosen);
  if (request.status !== 'paid') throw new DomainError('CONFLICT', M.noIssue);
  if (input.choice === 'accept' && item.issue === 'out_of_stock')
    throw new DomainError('BAD_INPUT', M.outOfStockOnlyCancel);
  const now = options.now ?? new Date();
  const code = compraCode(request.number);
  const price = confirmedPrice(item);
  if (input.choice === 'cancel') {
    const items = await itemsOf(tx, request.id);
    const cancelledBefore = items
      .filter((i) => i.id !== item.id && i.issueResolution === 'cancelled')
      .map((i) => shareOf(i));
    const lastOne = items.every((i) => i.id === item.id || i.issueResolution === 'cancelled');
    const share = compraItemShare(
      {
        itemsUsdCents: request.itemsUsdCents ?? 0,
        salesTaxUsdCents: request.salesTaxUsdCents ?? 0,
        shippingUsdCents: request.shippingUsdCents ?? 0,
        feeUsdCents: request.feeUsdCents ?? 0,
      },
      price * item.quantity,
      cancelledBefore,
      lastOne,
    );
    const entryId =
      share.totalUsdCents > 0
        ? await creditCustomer(
            tx,
            customerId,
            share.totalUsdCents,
            COMPRA_ITEM_CREDIT_DESCRIPTION(code, item.name),
            now,
          )
        : null;
    await tx
      .update(purchaseRequestItems)
      .set({
        issueResolution: 'cancelled',
        issueResolvedAt: now,
        issueStoreDeltaUsdCents: -share.storeUsdCents,
        issueCreditUsdCents: share.totalUsdCents,
        issueCreditLedgerEntryId: entryId,
      })
      .where(eq(purchaseRequestItems.id, item.id));
    await tx
      .update(purchaseRequests)
      .set(lastOne ? { status: 'cancelled', cancelledAt: now, updatedAt: now } : { updatedAt: now })
      .where(eq(purchaseRequests.id, request.id));
    const amount = formatUsdFromCents(share.totalUsdCents);
    await tell(tx, request, COMPRA_NOTICES.itemCancelled(code, item.name, amount), options, 'payment');
    return { id: request.id, creditUsdCents: share.totalUsdCents, message: M.itemCancelled(amount) };
  }
  const difference = compraPriceDifference(price, item.issueNewPriceUsdCents ?? price, item.quantity);
  let invoice: { id: string; number: string } | null = null;
  let entryId: number | null = null;
  if (difference > 0)
    invoice = await issueExtraInvoice(tx, request, COMPRA_ITEM_INVOICE_DESCRIPTION(code, item.name), difference, now);
  if (difference < 0)
    entryId = await creditCustomer(
      tx,
      customerId,
      -difference,
      COMPRA_ITEM_PRICE_CREDIT_DESCRIPTION(code, item.name),
      now,
    );
  await tx
    .update(purchaseRequestItems)
    .set({
      issueResolution: 'accepted',
      issueResolvedAt: now,
      issueStoreDeltaUsdCents: difference,
      issueCreditUsdCents: difference < 0 ? -difference : null,
      issueCreditLedgerEntryId: entryId,
      issueInvoiceId: invoice?.id ?? null,
    })
    .where(eq(purchaseRequestItems.id, item.id));
  await tx.update(purchaseRequests).set({ updatedAt: now }).where(eq(purchaseRequests.id, request.id));
  const message = invoice
    ? M.itemAcceptedExtra(invoice.number)
    : difference < 0
      ? M.itemAcceptedCredit(formatUsdFromCents(-difference))
      : M.itemAccepted;
  await tell(tx, request, COMPRA_NOTICES.itemAccepted(code, item.name, message), options, 'payment');
  return { id: request.id, invoiceId: invoice?.id ?? null, message };
}

/** The share an already-cancelled item gave back (for the last item's remainder). */
function shareOf(item: PurchaseRequestItemRow): CompraShare {
  const total = item.issueCreditUsdCents ?? 0;
  const store = -(item.issueStoreDeltaUsdCents ?? 0);
  return { storeUsdCents: store, feeUsdCents: total - store, totalUsdCents: total };
}

/** The administrator's fee settings; app_settings has no trigger, so the audit entry is written here. */
export async function setCompraSettings(tx: DbOrTx, next: CompraSettings): Promise<CompraSettings> {
  const [existing] = await tx
    .select({ key: appSettings.key })
    .from(appSettings)
    .where(eq(appSettings.key, COMPRA_SETTINGS_KEY))
    .for('update');
  const before = await getCompraSettings(tx);
  const after: CompraSettings = {
    feeBasisPoints: next.feeBasisPoints,
    feeMinimumUsdCents: next.feeMinimumUsdCents,
    validHours: next.validHours,
  };
  const value = JSON.stringify(after);
  await tx
    .insert(appSettings)
    .values({ key: COMPRA_SETTINGS_KEY, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
  await writeAuditEntry(tx, {
    entity: 'app_settings',
    entityId: COMPRA_SETTINGS_KEY,
    operation: existing ? 'update' : 'insert',
    before: existing ? { value: before } : null,
    after: existing ? { value: after } : { key: COMPRA_SETTINGS_KEY, value: after },
  });
  return after;
}
