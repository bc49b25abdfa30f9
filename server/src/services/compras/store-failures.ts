// When the store fails on an item of a paid request (docs/product/compra-asistida.md#when-the-store-fails):
// staff mark it out of stock or with a new price, and the customer cancels it or accepts the price.
import { and, eq } from 'drizzle-orm';
import {
  COMPRA_MESSAGES as M,
  COMPRA_NOTICES,
  compraCode,
  formatUsdFromCents,
  COMPRA_ITEM_CREDIT_DESCRIPTION,
  COMPRA_ITEM_INVOICE_DESCRIPTION,
  COMPRA_ITEM_PRICE_CREDIT_DESCRIPTION,
  compraItemShare,
  compraPriceDifference,
  type CompraShare,
  type compraItemChoiceInput,
  type compraItemIssueInput,
  type z,
} from '@casillero/shared';
import type { DbOrTx } from '../../db/client';
import { ledgerEntries, purchaseRequestItems, purchaseRequests, type PurchaseRequestItemRow } from '../../db/schema';
import { DomainError } from '../../lib/domain-error';
import { applyCredit, lockLedger } from '../billing/ledger';
import { issueExtraInvoice } from './purchase';
import { itemsOf, lockRequest, tell, type Options } from './request';

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
