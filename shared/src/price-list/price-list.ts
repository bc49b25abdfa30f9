// The price list (docs/product/price-lists.md): every rate, minimum, divisor and fee the business
// charges, as data with the day it takes effect. A change is a new version, never an edit of the
// past; the version in effect on a day (in Caracas) is the latest one that started on or before
// it. zod-free on purpose: the public calculators import it.
import type { DeliveryZone } from '../enums';

export type PriceList = {
  /** USA air: USD cents per billable pound. */
  usaAirRatePerLbUsdCents: number;
  /** USA air: the billable weight is never under this many lb. */
  usaAirMinLb: number;
  /** USA air: volumetric weight (lb) = L × W × H in inches / this divisor. */
  volumetricDivisor: number;
  /** USA sea: USD cents per billable ft³. */
  usaSeaRatePerFt3UsdCents: number;
  /** USA sea: the billable volume is never under this many ft³. */
  usaSeaMinFt3: number;
  /** China sea: USD cents per billable CBM. */
  chinaSeaRatePerCbmUsdCents: number;
  /** China sea: the billable volume is never under this many CBM. */
  chinaSeaMinCbm: number;
  /** Insurance: a percentage of the declared value, up to two decimals (5 is 5 %). */
  insuranceRatePercent: number;
  /** Insurance: the least an insured shipment pays, USD cents. */
  insuranceMinimumUsdCents: number;
  /** Storage past the free days, USD cents per day. */
  storageFeePerDayUsdCents: number;
  /** Home delivery per zone, USD cents (pickup at an agency costs nothing). */
  deliveryFeesUsdCents: Record<DeliveryZone, number>;
};

/**
 * Version 1: the figures the calculators, the ship request and the invoices used before prices
 * became data (the seed of migration price_list_versions writes the same, with the insurance,
 * storage fee and delivery fees the administrator had set, when set).
 */
export const PRICE_LIST_V1: PriceList = {
  usaAirRatePerLbUsdCents: 650,
  usaAirMinLb: 6,
  volumetricDivisor: 166,
  usaSeaRatePerFt3UsdCents: 4000,
  usaSeaMinFt3: 1.5,
  chinaSeaRatePerCbmUsdCents: 99000,
  chinaSeaMinCbm: 0.005,
  insuranceRatePercent: 5,
  insuranceMinimumUsdCents: 0,
  storageFeePerDayUsdCents: 50,
  deliveryFeesUsdCents: { caracas: 500, central: 800, interior: 1200 },
};

/** The day version 1 is shown as starting on ('Tarifa vigente desde 27/11/2026'). */
export const PRICE_LIST_V1_FROM = '2026-11-27';

/** One version as the API carries it. */
export type PriceListVersion = {
  id: string;
  /** 1, 2, 3… in the order they were created. */
  number: number;
  /** The first day it applies, YYYY-MM-DD in Caracas (from 00:00 Caracas time). */
  effectiveFrom: string;
  prices: PriceList;
  /** Set when a scheduled version was cancelled before it took effect: it never applies. */
  cancelledAt: string | null;
};

const caracasDayFmt = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Caracas' });

/** The calendar day in Caracas (YYYY-MM-DD) of a moment. */
export const caracasDay = (at: Date) => caracasDayFmt.format(at);

/** The moment a Caracas day starts (Caracas keeps UTC−4 all year, no daylight saving). */
export const caracasDayStart = (day: string) => new Date(`${day}T00:00:00-04:00`);

/** The Caracas day after `day`. */
export function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * The version in effect at a moment (or on a Caracas day given as YYYY-MM-DD): the one with the
 * latest start on or before that day, cancelled ones left out. Before the first version's start,
 * the first applies (it is the price list of everything before it). Null only for no versions.
 */
export function priceListInEffect<V extends Pick<PriceListVersion, 'effectiveFrom' | 'cancelledAt'>>(
  versions: readonly V[],
  at: Date | string,
): V | null {
  const day = typeof at === 'string' ? at : caracasDay(at);
  const live = versions.filter((v) => !v.cancelledAt).sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom));
  let chosen: V | null = live[0] ?? null;
  for (const v of live) if (v.effectiveFrom <= day) chosen = v;
  return chosen;
}

/** The next version to start after a moment, if one is scheduled. */
export function nextPriceList<V extends Pick<PriceListVersion, 'effectiveFrom' | 'cancelledAt'>>(
  versions: readonly V[],
  at: Date | string,
): V | null {
  const day = typeof at === 'string' ? at : caracasDay(at);
  return (
    versions
      .filter((v) => !v.cancelledAt && v.effectiveFrom > day)
      .sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom))[0] ?? null
  );
}

/** How many days a price seen in the ship request is honoured when none is set. */
export const PRICE_HONOUR_DAYS_DEFAULT = 7;
