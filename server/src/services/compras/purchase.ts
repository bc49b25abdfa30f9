// Compra asistida's purchase (docs/product/compra-asistida.md): staff buy (order number, final
// amount: the difference is credit or an extra invoice the customer accepts) and enter the store's
// trackings, a pre-alert each on the customer's casillero with the store's receipt as its invoice.
import { and, eq, ne, sql } from 'drizzle-orm';
import {
  COMPRA_CREDIT_DESCRIPTION,
  COMPRA_EXTRA_INVOICE_DESCRIPTION,
  COMPRA_MESSAGES as M,
  COMPRA_NOTICES,
  COMPRA_PREALERT_DESCRIPTION,
  compraCode,
  formatUsdFromCents,
  storeOfLink,
  trackingKey,
  type compraPurchaseInput,
  type compraTrackingsInput,
  type z,
} from '@casillero/shared';
import type { DbOrTx } from '../../db/client';
import type { Config } from '../../env';
import { prealerts, purchaseRequestTrackings, purchaseRequests, type PurchaseRequestRow } from '../../db/schema';
import { isUniqueViolation } from '../../lib/database-errors';
import { DomainError } from '../../lib/domain-error';
import { findOwnFile } from '../../files/store';
import { issueInvoice } from '../billing/invoices';
import { recordLedgerCorrection } from '../billing/ledger';
import { claimIntakeForPrealert } from '../reception';
import { itemsOf, lockRequest, tell, type Options } from './request';

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
        usdCents: difference,
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
export async function issueExtraInvoice(
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
