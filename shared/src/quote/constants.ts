// The quote calculators' fixed conversions (docs/product/quote-calculators.md). Rates, minimums, the
// divisor and the insurance are the price list's (shared/src/price-list, docs/product/price-lists.md).
// Delivery times live beside the other shared constants in ../constants.ts (DELIVERY_TIME).

export const QUOTE_RATES = {
  /** Pounds per kilogram: the USA rates are per lb, weights are typed in kg (or lb). */
  lbPerKg: 2.20462,
  /** Centimetres per inch: dimensions are entered in cm and converted to inches. */
  cmPerInch: 2.54,
  /** USA sea: cubic inches per cubic foot. */
  cubicInchesPerCubicFoot: 1728,
  /** China sea: cm³ per cubic metre (CBM). */
  cubicCmPerCbm: 1_000_000,
  /** The declared value assumed when the field is left empty, USD cents ($100). */
  defaultDeclaredValueUsdCents: 100_00,
} as const;

/** Decimals shown (and charged) for each billable quantity. */
export const QUOTE_DECIMALS = { lb: 2, ft3: 2, cbm: 4 } as const;

/** What the quote panel and the WhatsApp message say about repacking: quoted apart, not in the total. */
export const REPACK_QUOTE_TEXT = 'Por cotizar';

/** The units the USA calculator reads a weight in: kilograms first, as everything else weighs. */
export const WEIGHT_UNITS = ['kg', 'lb'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];
