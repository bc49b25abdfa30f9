// The public calculator's engine applied to parcels already in the warehouse (docs/product/last-mile.md#the-ship-request):
// their weight in kg and free-text measures ("30x20x15") read into the calculator's fields.
import type { DepartureOrigin } from '../departures/departures';
import type { ShippingMethod } from '../enums';
import { parseDecimal } from '../format';
import type { PriceList } from '../price-list/price-list';
import { QUOTE_RATES } from './constants';
import { quoteChina, quoteUsa } from './quote';

/** Pounds per kilogram: the warehouse weighs in kg, the USA calculator charges per lb. */
export const LB_PER_KG = QUOTE_RATES.lbPerKg;

/** "30x20x15", "30 x 20 x 15", "30,5X20X15" → the three measures in cm; null when they do not read. */
export function parseDimensionsCm(text: string | null | undefined): [number, number, number] | null {
  if (!text) return null;
  const parts = text
    .toLowerCase()
    .replace(/cm/g, '')
    .split(/[x×*]/)
    .map((p) => p.trim());
  if (parts.length !== 3) return null;
  const values = parts.map((p) => {
    const reading = parseDecimal(p, { decimals: 2 });
    return reading.status === 'number' && reading.value > 0 ? reading.value : null;
  });
  return values.every((v): v is number => v !== null) ? (values as [number, number, number]) : null;
}

/** A weight in kg as the USA calculator's pounds. */
export const kgToLb = (kg: number) => kg * LB_PER_KG;

/** A box the warehouse measured: a parcel, or a repack's box. */
export type MeasuredBox = { weightKg: number | null; dimensionsCm: string | null; valueUsdCents: number | null };

/**
 * The calculator's price (the freight, no insurance) for one box from its origin by a mode, USD
 * cents, with these prices; null when its weight or measures do not read. China ships by sea
 * whatever the mode says. The weight goes in kg: the engine converts it once. The customs estimate
 * is charged apart, on the shipment's guía (docs/product/customs.md#the-invoice).
 */
export function quoteBoxCents(
  origin: DepartureOrigin,
  method: ShippingMethod,
  box: MeasuredBox,
  prices: PriceList,
): number | null {
  const measures = parseDimensionsCm(box.dimensionsCm);
  if (!measures || box.weightKg == null || box.weightKg <= 0) return null;
  const [largo, ancho, alto] = measures;
  const declared = { valor: null, valorUsdCents: box.valueUsdCents, seguro: false };
  if (origin === 'china') return quoteChina({ largo, ancho, alto, ...declared }, prices)?.totalUsdCents ?? null;
  const quote = quoteUsa({ peso: box.weightKg, unidad: 'kg', largo, ancho, alto, ...declared, tipo: method }, prices);
  return quote?.totalUsdCents ?? null;
}
