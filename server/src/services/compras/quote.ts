// Compra asistida's quote (docs/product/compra-asistida.md): staff quote the request or renew the
// quote's validity, and the customer accepts it while it is valid: its invoice, paid like any other.
import { eq } from 'drizzle-orm';
import {
  COMPRA_INVOICE_DESCRIPTION,
  COMPRA_MESSAGES as M,
  COMPRA_NOTICES,
  COMPRA_VALID_HOURS_DEFAULT,
  compraCode,
  compraQuoteExpired,
  formatDateTime,
  formatUsdFromCents,
  quoteCompra,
  type CompraSettings,
  type compraQuoteInput,
  type compraRenewInput,
  type z,
} from '@casillero/shared';
import type { DbOrTx } from '../../db/client';
import { purchaseRequestItems, purchaseRequests } from '../../db/schema';
import { DomainError } from '../../lib/domain-error';
import { getCompraSettings } from '../../queries/compras';
import { issueInvoice } from '../billing/invoices';
import { applyCredit, invoiceRemaining, lockLedger } from '../billing/ledger';
import { markComprasPaid } from './paid';
import { compraLines, compraQuoteTaxes } from './invoice';
import { confirmedTotal } from '../fiscal/confirmed-total';
import { getFiscalQuoteTerms } from '../fiscal/settings';
import { itemsOf, lockRequest, tell, type Options } from './request';

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
