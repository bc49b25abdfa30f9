// Every rate and minimum of the quote calculators (docs/product/quote-calculators.md), in one place (docs/product/product-decisions.md#d8-one-value-one-place).
// Delivery times live beside the other shared constants in ../constants.ts (DELIVERY_TIME).

export const QUOTE_RATES = {
  /** Centimetres per inch: dimensions are entered in cm and converted to inches. */
  cmPerInch: 2.54,
  /** USA air: volumetric weight (lb) = L × W × H in inches / 166. */
  volumetricDivisor: 166,
  /** USA air: the billable weight is never under 6 lb. */
  usaAirMinLb: 6,
  /** USA air: USD per billable pound. */
  usaAirRatePerLb: 6.5,
  /** USA air: taxes, a share of the shipping subtotal. */
  usaAirTaxRate: 0.15,
  /** USA sea: cubic inches per cubic foot. */
  cubicInchesPerCubicFoot: 1728,
  /** USA sea: the billable volume is never under 1.5 ft³. */
  usaSeaMinFt3: 1.5,
  /** USA sea: USD per billable ft³, taxes included (no separate tax line). */
  usaSeaRatePerFt3: 40,
  /** China sea: cm³ per cubic metre (CBM). */
  cubicCmPerCbm: 1_000_000,
  /** China sea: the billable volume is never under 0.005 CBM. */
  chinaSeaMinCbm: 0.005,
  /** China sea: USD per billable CBM. */
  chinaSeaRatePerCbm: 990,
  /** Optional insurance: a share of the declared value. */
  insuranceRate: 0.05,
  /** The declared value assumed when the field is left empty. */
  defaultDeclaredValueUsd: 100,
} as const;

/** Decimals shown (and charged) for each billable quantity. */
export const QUOTE_DECIMALS = { lb: 2, ft3: 2, cbm: 4 } as const;

/** What the quote panel and the WhatsApp message say about repacking: quoted apart, not in the total. */
export const REPACK_QUOTE_TEXT = 'Por cotizar';
