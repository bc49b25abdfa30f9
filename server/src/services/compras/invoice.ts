// A compra's invoice and the taxes its quote shows (docs/product/compra-asistida.md#accept-and-pay,
// docs/product/fiscal-invoices.md#taxes): the goods, the store's sales tax and its shipping are
// bought and paid on the customer's behalf (not subject to IVA); our fee is our service and bears
// IVA as the fiscal settings say. The quote's taxes and the invoice come from the same lines
// (compraInvoiceLines) and the same computation (quoteTaxes), so "Aceptar y pagar" shows what is invoiced.
import { compraInvoiceLines, quoteTaxes, type FiscalQuoteTerms, type QuoteTaxes } from '@casillero/shared';
import type { DbOrTx } from '../../db/client';
import type { PurchaseRequestItemRow, PurchaseRequestRow } from '../../db/schema';
import { liveFiscalDocument } from '../../queries/fiscal';
import { getFiscalQuoteTerms } from '../fiscal/settings';

type QuotedRequest = Pick<PurchaseRequestRow, 'salesTaxUsdCents' | 'shippingUsdCents' | 'feeUsdCents'>;
type QuotedItem = Pick<PurchaseRequestItemRow, 'name' | 'quantity' | 'quotedPriceUsdCents' | 'customerPriceUsdCents'>;

/** The invoice's lines: one per item at its confirmed price, the sales tax, the shipping and our fee. */
export const compraLines = (request: QuotedRequest, items: readonly QuotedItem[]) =>
  compraInvoiceLines({
    items: items.map((i) => ({
      name: i.name,
      quantity: i.quantity,
      priceUsdCents: i.quotedPriceUsdCents ?? i.customerPriceUsdCents,
    })),
    salesTaxUsdCents: request.salesTaxUsdCents ?? 0,
    shippingUsdCents: request.shippingUsdCents ?? 0,
    feeUsdCents: request.feeUsdCents ?? 0,
  });

/** The quote's taxes under the terms in effect: what accepting it now invoices. */
export const compraQuoteTaxes = (
  request: QuotedRequest,
  items: readonly QuotedItem[],
  terms: FiscalQuoteTerms,
): QuoteTaxes => quoteTaxes(compraLines(request, items), terms);

/** An invoice's taxes as issued: its fiscal document's IVA per rate, or none. */
async function invoiceTaxes(db: DbOrTx, invoice: { id: string; usdCents: number }): Promise<QuoteTaxes> {
  const doc = await liveFiscalDocument(db, invoice.id);
  const ivaBuckets = doc?.ivaBuckets.filter((b) => b.baseUsdCents !== 0) ?? [];
  const ivaUsdCents = doc?.ivaUsdCents ?? 0;
  return {
    subtotalUsdCents: invoice.usdCents - ivaUsdCents,
    importTaxesUsdCents: 0,
    ivaBuckets,
    ivaUsdCents,
    totalUsdCents: invoice.usdCents,
  };
}

/**
 * A request as a screen reads it, with `taxes`: while quoted, those accepting it would invoice now;
 * once accepted, its invoice's; null before a quote.
 */
export async function withCompraTaxes<
  C extends QuotedRequest & {
    status: string;
    totalUsdCents: number | null;
    items: QuotedItem[];
    invoice: { id: string; usdCents: number } | null;
  },
>(db: DbOrTx, compra: C): Promise<C & { taxes: QuoteTaxes | null }> {
  if (compra.invoice) return { ...compra, taxes: await invoiceTaxes(db, compra.invoice) };
  if (compra.totalUsdCents == null) return { ...compra, taxes: null };
  return { ...compra, taxes: compraQuoteTaxes(compra, compra.items, await getFiscalQuoteTerms(db)) };
}

/**
 * The customer's list with each quote's total as it would be invoiced: the invoice's once accepted,
 * otherwise the store's part (not subject) and our fee with its IVA, under the terms in effect.
 */
export async function withTotalsWithTaxes<
  R extends { totalUsdCents: number | null; feeUsdCents: number | null; invoiceUsdCents: number | null },
>(db: DbOrTx, rows: R[]) {
  const terms = rows.some((r) => r.invoiceUsdCents == null && r.totalUsdCents != null)
    ? await getFiscalQuoteTerms(db)
    : null;
  return rows.map(({ feeUsdCents, invoiceUsdCents, ...r }) => {
    const fee = feeUsdCents ?? 0;
    const total =
      invoiceUsdCents ??
      (r.totalUsdCents == null || !terms
        ? r.totalUsdCents
        : quoteTaxes(
            [
              { usdCents: r.totalUsdCents - fee, kind: 'purchase_on_behalf' },
              { usdCents: fee, kind: 'purchase_fee' },
            ],
            terms,
          ).totalUsdCents);
    return { ...r, totalUsdCents: total };
  });
}
