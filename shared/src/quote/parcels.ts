// The public calculator's engine applied to parcels already in the warehouse (docs/product/last-mile.md#the-ship-request):
// their weight in kg and free-text measures ("30x20x15") read into the calculator's fields.
import { parseDecimal } from '../format';

/** Pounds per kilogram: the warehouse weighs in kg, the USA calculator charges per lb. */
export const LB_PER_KG = 2.20462;

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
