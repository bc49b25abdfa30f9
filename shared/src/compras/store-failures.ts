// When the store fails on an item of a paid request (docs/product/compra-asistida.md#when-the-store-fails):
// the issues, the customer's choices and the arithmetic of an item's share, in integer USD cents.
// Its own module, apart from rules.ts: the entry chunk imports rules.ts (the public home's
// JavaScript budget), and only the Compras screens need these.
/**
 * When the store fails on an item of a paid request (docs/product/compra-asistida.md#when-the-store-fails):
 * out of stock (the customer may only cancel it) or its price changed (cancel, or accept the new price).
 */
export const COMPRA_ITEM_ISSUES = ['out_of_stock', 'price_changed'] as const;
export type CompraItemIssue = (typeof COMPRA_ITEM_ISSUES)[number];
export const COMPRA_ITEM_ISSUE_LABELS: Record<CompraItemIssue, string> = {
  out_of_stock: 'Agotado',
  price_changed: 'Cambió de precio',
};
export const COMPRA_ITEM_CHOICES = ['cancel', 'accept'] as const;
export type CompraItemChoice = (typeof COMPRA_ITEM_CHOICES)[number];
/** What the customer chose: cancelled (its share back as credit) or accepted (the new price). */
export type CompraItemResolution = 'cancelled' | 'accepted';

/** What the request charged, that an item's share is taken from. */
export type CompraShareBasis = {
  itemsUsdCents: number;
  salesTaxUsdCents: number;
  shippingUsdCents: number;
  feeUsdCents: number;
};
/** An item's share: of the store's total (its line, sales tax, shipping) and of our fee; total is both. */
export type CompraShare = { storeUsdCents: number; feeUsdCents: number; totalUsdCents: number };

/** part × line ÷ items, rounded half up to the cent (integers only). */
const proportional = (part: number, line: number, items: number) =>
  items <= 0 ? 0 : Math.floor((2 * part * line + items) / (2 * items));

/**
 * What cancelling an item gives back: its line (confirmed price × quantity) plus its share of the
 * sales tax, the shipping and our fee in proportion to its line over all the items', each rounded
 * half up to the cent. The last item left takes what the earlier cancellations left, so cancelling
 * every item gives back exactly what was paid.
 */
export function compraItemShare(
  basis: CompraShareBasis,
  lineUsdCents: number,
  cancelledBefore: readonly CompraShare[] = [],
  lastOne = false,
): CompraShare {
  if (lastOne) {
    const storeUsdCents =
      basis.itemsUsdCents +
      basis.salesTaxUsdCents +
      basis.shippingUsdCents -
      cancelledBefore.reduce((sum, s) => sum + s.storeUsdCents, 0);
    const feeUsdCents = basis.feeUsdCents - cancelledBefore.reduce((sum, s) => sum + s.feeUsdCents, 0);
    return { storeUsdCents, feeUsdCents, totalUsdCents: storeUsdCents + feeUsdCents };
  }
  const storeUsdCents =
    lineUsdCents +
    proportional(basis.salesTaxUsdCents, lineUsdCents, basis.itemsUsdCents) +
    proportional(basis.shippingUsdCents, lineUsdCents, basis.itemsUsdCents);
  const feeUsdCents = proportional(basis.feeUsdCents, lineUsdCents, basis.itemsUsdCents);
  return { storeUsdCents, feeUsdCents, totalUsdCents: storeUsdCents + feeUsdCents };
}

/** Accepting a new price: (new − confirmed) × quantity; more is an extra invoice, less is credit. */
export const compraPriceDifference = (confirmedUsdCents: number, newUsdCents: number, quantity: number) =>
  (newUsdCents - confirmedUsdCents) * quantity;
