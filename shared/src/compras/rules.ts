// Compra asistida (docs/product/compra-asistida.md): we buy in a store abroad for a customer who
// cannot pay it, and they pay us in bolívares. The states, the settings and the quote's arithmetic,
// all in integer USD cents.

export const COMPRAS_PATH = '/dashboard/compras';
export const ADMIN_COMPRAS_PATH = '/admin/compras';
export const COMPRAS_TITLE = 'Compras';
/** The staff desk's title; here, not only in the messages, so a route's head can name it cheaply. */
export const ADMIN_COMPRAS_TITLE = 'Compra asistida';

/**
 * requested: the customer asked; quoted: staff sent the quote (it expires at validUntil);
 * accepted: its invoice was issued and waits to be paid; paid: we may buy; purchased: bought in
 * the store; shipped: the store's trackings were entered (pre-alerted); cancelled.
 */
export const COMPRA_STATUSES = [
  'requested',
  'quoted',
  'accepted',
  'paid',
  'purchased',
  'shipped',
  'cancelled',
] as const;
export type CompraStatus = (typeof COMPRA_STATUSES)[number];

export const COMPRA_STATUS_LABELS: Record<CompraStatus, string> = {
  requested: 'Solicitada',
  quoted: 'Cotizada',
  accepted: 'Aceptada (por pagar)',
  paid: 'Pagada',
  purchased: 'Comprada',
  shipped: 'Enviada por la tienda',
  cancelled: 'Cancelada',
};

/** A quote past its validity, shown as such while it stays 'quoted'. */
export const COMPRA_EXPIRED_LABEL = 'Cotización vencida';

/** The casilleros a purchase may go to. */
export const COMPRA_LOCATIONS = ['miami', 'beijing'] as const;

export const COMPRA_LOCATION_LABELS: Record<string, string> = { miami: 'Miami', beijing: 'Beijing' };

export const COMPRA_MAX_ITEMS = 20;
export const COMPRA_QUANTITY_MAX = 99;
/** The biggest price a line may have: $100.000,00. */
export const COMPRA_PRICE_MAX_CENTS = 10_000_000;
export const COMPRA_VALID_HOURS_DEFAULT = 48;
export const COMPRA_VALID_HOURS_MAX = 24 * 14;

export const COMPRA_LIST_SORTS = ['createdAt', 'totalUsdCents'] as const;

/** 'C-000123'. */
export const compraCode = (number: number) => `C-${String(number).padStart(6, '0')}`;

/**
 * Our service fee: a percentage (in basis points: 800 is 8 %) of the store's total, never under a
 * minimum; and how many hours a quote is valid unless staff say otherwise.
 */
export type CompraSettings = { feeBasisPoints: number; feeMinimumUsdCents: number; validHours: number };
export type CompraFeeSettings = Pick<CompraSettings, 'feeBasisPoints' | 'feeMinimumUsdCents'>;
export const COMPRA_DEFAULT_SETTINGS: CompraSettings = {
  feeBasisPoints: 800,
  feeMinimumUsdCents: 500,
  validHours: COMPRA_VALID_HOURS_DEFAULT,
};

export type CompraQuoteInput = {
  items: readonly { priceUsdCents: number; quantity: number }[];
  salesTaxUsdCents: number;
  shippingUsdCents: number;
};

export type CompraQuote = {
  itemsUsdCents: number;
  salesTaxUsdCents: number;
  shippingUsdCents: number;
  /** What the store charges: items, sales tax and shipping to our warehouse. */
  storeUsdCents: number;
  feeUsdCents: number;
  totalUsdCents: number;
};

/**
 * The quote: each item's price × its quantity, plus the store's sales tax and its shipping to our
 * warehouse (the store's total), plus our fee: the percentage of the store's total, rounded half
 * up to the cent, or the minimum when that is more. Integers in, integers out.
 */
export function quoteCompra(input: CompraQuoteInput, settings: CompraFeeSettings): CompraQuote {
  const itemsUsdCents = input.items.reduce((sum, i) => sum + i.priceUsdCents * i.quantity, 0);
  const storeUsdCents = itemsUsdCents + input.salesTaxUsdCents + input.shippingUsdCents;
  const percentFee = Math.floor((storeUsdCents * settings.feeBasisPoints + 5_000) / 10_000);
  const feeUsdCents = Math.max(percentFee, settings.feeMinimumUsdCents);
  return {
    itemsUsdCents,
    salesTaxUsdCents: input.salesTaxUsdCents,
    shippingUsdCents: input.shippingUsdCents,
    storeUsdCents,
    feeUsdCents,
    totalUsdCents: storeUsdCents + feeUsdCents,
  };
}

/** Whether a quote can still be accepted at `now`. */
export const compraQuoteExpired = (validUntil: string | Date | null, now: Date = new Date()) =>
  validUntil != null && new Date(validUntil).getTime() <= now.getTime();

/** The store's name as its link shows it: 'amazon.com' of 'https://www.amazon.com/dp/…'. */
export function storeOfLink(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

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
