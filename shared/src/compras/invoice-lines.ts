// The lines of a compra's invoice (docs/product/compra-asistida.md#accept-and-pay): one per item, the
// store's sales tax and its shipping, all bought in the customer's name and paid on their behalf
// (not subject to IVA), and our fee, the business's own service (taxed as the fiscal settings say
// for 'purchase_fee'). The quote's taxes and the invoice are computed from these same lines.
import type { LineKind } from '../fiscal/taxes';
import { COMPRA_LINE_LABELS } from './messages';

export type CompraInvoiceParts = {
  items: readonly { name: string; quantity: number; priceUsdCents: number }[];
  salesTaxUsdCents: number;
  shippingUsdCents: number;
  feeUsdCents: number;
};

export type CompraInvoiceLine = { description: string; usdCents: number; kind: LineKind };

/** The invoice's lines, those of 0 left out. */
export function compraInvoiceLines(parts: CompraInvoiceParts): CompraInvoiceLine[] {
  return [
    ...parts.items.map((i) => ({
      description: COMPRA_LINE_LABELS.item(i.name, i.quantity),
      usdCents: i.priceUsdCents * i.quantity,
      kind: 'purchase_on_behalf' as const,
    })),
    { description: COMPRA_LINE_LABELS.salesTax, usdCents: parts.salesTaxUsdCents, kind: 'purchase_on_behalf' as const },
    { description: COMPRA_LINE_LABELS.shipping, usdCents: parts.shippingUsdCents, kind: 'purchase_on_behalf' as const },
    { description: COMPRA_LINE_LABELS.fee, usdCents: parts.feeUsdCents, kind: 'purchase_fee' as const },
  ].filter((l) => l.usdCents > 0);
}
