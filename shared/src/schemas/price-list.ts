// The price list's inputs (docs/product/price-lists.md): a new version and its refusals, in
// Spanish. Money in integer cents (the form's UsdCentsInput hands cents), percentages and
// measures with their decimals. What is absurd is refused here, before anything is written.
import { z } from '../zod-es';
import { DELIVERY_ZONE_LABELS } from '../last-mile/last-mile';
import { PRICE_LIST_FIELDS, PRICE_LIST_MESSAGES as M } from '../price-list/messages';
import type { PriceList } from '../price-list/price-list';
import { isoDay } from './form-fields';

const labelOf = (key: keyof PriceList) => PRICE_LIST_FIELDS.find((f) => f.key === key)?.label ?? key;

const hasDecimals = (n: number, decimals: number) => {
  const scaled = n * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
};

/** A field: finite, within [min, max] (min exclusive when `positive`), at most `decimals`. */
function field(
  label: string,
  opts: { min: number; max: number; maxText: string; decimals: number; positive?: boolean },
) {
  return z
    .number({ error: M.positive(label) })
    .refine(Number.isFinite, M.positive(label))
    .refine((n) => n >= 0, M.notNegative(label))
    .refine((n) => !opts.positive || n > 0, M.positive(label))
    .refine((n) => n <= opts.max, M.tooHigh(label, opts.maxText))
    .refine((n) => hasDecimals(n, opts.decimals), M.decimals(label, opts.decimals));
}

const cents = (key: keyof PriceList, maxUsd: number, positive = false) =>
  field(labelOf(key), {
    min: 0,
    max: maxUsd * 100,
    maxText: `$${maxUsd.toLocaleString('es-VE')}`,
    decimals: 0,
    positive,
  });
const measure = (key: keyof PriceList, max: number, decimals: number, positive = false) =>
  field(labelOf(key), { min: 0, max, maxText: max.toLocaleString('es-VE'), decimals, positive });

const delivery = (zone: keyof typeof DELIVERY_ZONE_LABELS) =>
  field(`Entrega a domicilio, ${DELIVERY_ZONE_LABELS[zone]}`, { min: 0, max: 100_000, maxText: '$1.000', decimals: 0 });

/** Every value of a version, with the limits that keep a typing mistake out. */
export const priceListSchema = z.object({
  usaAirRatePerLbUsdCents: cents('usaAirRatePerLbUsdCents', 100, true),
  usaAirMinLb: measure('usaAirMinLb', 100, 2),
  volumetricDivisor: measure('volumetricDivisor', 500, 0, true).refine(
    (n) => n >= 100,
    M.tooLow('Aéreo: divisor volumétrico', '100'),
  ),
  usaSeaRatePerFt3UsdCents: cents('usaSeaRatePerFt3UsdCents', 1_000, true),
  usaSeaMinFt3: measure('usaSeaMinFt3', 100, 2),
  chinaSeaRatePerCbmUsdCents: cents('chinaSeaRatePerCbmUsdCents', 10_000, true),
  chinaSeaMinCbm: measure('chinaSeaMinCbm', 10, 4),
  insuranceRatePercent: measure('insuranceRatePercent', 100, 2),
  insuranceMinimumUsdCents: cents('insuranceMinimumUsdCents', 10_000),
  storageFeePerDayUsdCents: cents('storageFeePerDayUsdCents', 100),
  deliveryFeesUsdCents: z.object({
    caracas: delivery('caracas'),
    central: delivery('central'),
    interior: delivery('interior'),
  }),
}) satisfies z.ZodType<PriceList>;

export const priceListVersionInput = z.object({
  effectiveFrom: isoDay(M.dayRequired),
  prices: priceListSchema,
});
export type PriceListVersionInput = z.input<typeof priceListVersionInput>;

export const priceListCancelInput = z.object({ id: z.uuid({ error: M.notFound }) });

export const priceHonourInput = z.object({
  honourDays: z.number({ error: M.honourRange }).int(M.honourRange).min(0, M.honourRange).max(60, M.honourRange),
});
