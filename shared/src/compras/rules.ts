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

/** The casilleros a purchase may go to. */
export const COMPRA_LOCATIONS = ['miami', 'beijing'] as const;

export const COMPRA_MAX_ITEMS = 20;
export const COMPRA_QUANTITY_MAX = 99;
/** The biggest price a line may have: $100.000,00. */
export const COMPRA_PRICE_MAX_CENTS = 10_000_000;
export const COMPRA_VALID_HOURS_DEFAULT = 48;
export const COMPRA_VALID_HOURS_MAX = 24 * 14;

export const COMPRA_LIST_SORTS = ['createdAt', 'totalUsdCents'] as const;

/** 'C-000123'. */
export const compraCode = (number: number) => `C-${String(number).padStart(6, '0')}`;

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
export function quoteCompra(
  input: CompraQuoteInput,
  settings: { feeBasisPoints: number; feeMinimumUsdCents: number },
): CompraQuote {
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
