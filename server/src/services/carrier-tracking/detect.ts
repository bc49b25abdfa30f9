// Which carrier a pre-alert's number belongs to (docs/product/first-mile.md#providers), on the
// server only: the maintained ts-tracking-number library (its patterns and check digits for UPS,
// USPS, FedEx, DHL, Amazon, OnTrac and the UPU S10 numbers) stays out of the client's bundle. Our
// own rules add what it lacks: the Chinese senders' numbers, LaserShip, and the shapes a customer
// types without a valid check digit that the warehouse's hint (shared detectCarrier) already knows.
import { getTracking } from 'ts-tracking-number';
import { detectCarrier, type FirstMileCarrier } from '@casillero/shared';

/** Shapes the library does not know, checked first: their prefixes are the carriers' own. */
const OWN_RULES: [RegExp, FirstMileCarrier][] = [
  // YunExpress: YT + 16 digits.
  [/^YT\d{16}$/, 'YunExpress'],
  // 4PX: 4PX + digits + CN.
  [/^4PX\d{10,16}CN$/, '4PX'],
  // Cainiao (AliExpress' logistics): LP + 14 digits.
  [/^LP\d{14}$/, 'Cainiao'],
  // LaserShip: 1LS + 12 or 13 letters and digits, or the older LX + 8 digits.
  [/^1LS[0-9A-Z]{12,13}$/, 'LaserShip'],
  [/^LX\d{8}$/, 'LaserShip'],
];

/** The library's courier codes, as our carriers (S10 is read by its country, below). */
const LIBRARY_COURIERS: Record<string, FirstMileCarrier> = {
  ups: 'UPS',
  usps: 'USPS',
  fedex: 'FedEx',
  dhl: 'DHL',
  amazon: 'Amazon',
  ontrac: 'OnTrac',
};

/** A UPU S10 number (two letters, 8 digits and a check digit, the country) by its country. */
function s10Carrier(key: string): FirstMileCarrier | null {
  if (!/^[A-Z]{2}\d{9}[A-Z]{2}$/.test(key)) return null;
  const country = key.slice(-2);
  if (country === 'US') return 'USPS';
  if (country === 'CN') return 'China Post';
  return null;
}

/**
 * The carrier of a tracking number, or null when its shape names none (then the number is kept
 * as typed and nothing is asked of a provider until someone names the carrier).
 */
export function detectFirstMileCarrier(raw: string): FirstMileCarrier | null {
  const key = raw.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  if (key.length < 5) return null;
  for (const [pattern, carrier] of OWN_RULES) if (pattern.test(key)) return carrier;
  const found = getTracking(key);
  if (found) {
    if (found.courier.code === 's10') return s10Carrier(key);
    const carrier = LIBRARY_COURIERS[found.courier.code];
    if (carrier) return carrier;
  }
  // Shapes without a valid check digit, as customers copy them (the warehouse's hint).
  return s10Carrier(key) ?? detectCarrier(key);
}
