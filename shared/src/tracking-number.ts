// Carrier tracking numbers as the warehouse compares them (docs/decisions/019-warehouse-intake.md). A scanner, a customer and a
// manifest write the same parcel's number differently: spaces, lower case, USPS's routing prefix
// (420 + ZIP) in front of the 22-digit number, FedEx's longer label barcodes around the number
// the customer sees on fedex.com. trackingKey() is the one form every lookup compares; the
// database has the same function, tracking_key() (migration 0012), indexed on pre-alerts,
// trackings and packages, and a test runs both over the same table of numbers.

/**
 * Upper case, letters and digits only, then the carrier's wrapping around the number dropped:
 * - USPS: the routing prefix 420 + ZIP (5 or 9 digits) before the 22-digit IMpb number;
 * - FedEx Ground "96" barcode (22 digits): the 15-digit tracking number is its last 15;
 * - FedEx 34-digit barcodes (Express "100…", Ground GSN "96…"): the 12-digit tracking number
 *   is its last 12.
 * Keep in step with tracking_key() at the top of server/drizzle/0012_warehouse_intake.sql.
 */
export function trackingKey(raw: string): string {
  const k = raw.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  if (/^420[0-9]{5}9[0-9]{21}$/.test(k)) return k.slice(8);
  if (/^420[0-9]{9}9[0-9]{21}$/.test(k)) return k.slice(12);
  if (/^96[0-9]{20}$/.test(k)) return k.slice(7);
  if (/^(96[0-9]{20}|100[0-9]{19})[0-9]{12}$/.test(k)) return k.slice(22);
  return k;
}

/**
 * A number as the warehouse stores it on an intake and its package: what was scanned or typed,
 * without spaces and in upper case ("tba 3058 1274 5000" → "TBA305812745000"); dashes and the
 * carrier's own prefixes stay.
 */
export const cleanTrackingNumber = (raw: string) => raw.replace(/\s+/g, '').toUpperCase();

/** The carriers a number can be recognised from (the values of CARRIERS in enums.ts). */
export type DetectedCarrier = 'USPS' | 'UPS' | 'FedEx' | 'DHL' | 'Amazon';

/**
 * The carrier a tracking number's shape points to, or null when it could be several or none.
 * A hint for the operator and the manifest (the number itself decides nothing): checked on the
 * raw number's key-free form, so the long label barcodes are recognised before being shortened.
 */
export function detectCarrier(raw: string): DetectedCarrier | null {
  const k = raw.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  if (k === '') return null;
  // UPS: 1Z + 6-character shipper + 2-digit service + 8 characters (18 in all).
  if (/^1Z[0-9A-Z]{16}$/.test(k)) return 'UPS';
  // Amazon Logistics: TBA + 12 digits (sometimes more).
  if (/^TBA[0-9]{9,14}$/.test(k)) return 'Amazon';
  // USPS: routing prefix, IMpb 22 digits (91–95…), 20-digit (7…/03…/23…), S10 international "EA123456789US".
  if (/^420([0-9]{5}|[0-9]{9})9[0-9]{21}$/.test(k)) return 'USPS';
  if (/^9[1-5][0-9]{20}$/.test(k)) return 'USPS';
  if (/^[A-Z]{2}[0-9]{9}US$/.test(k)) return 'USPS';
  // FedEx: 96 barcodes (22 or 34), Express 34 (100…), 12 or 15 digits.
  if (/^96[0-9]{20}$|^96[0-9]{32}$|^100[0-9]{31}$/.test(k)) return 'FedEx';
  if (/^[0-9]{12}$|^[0-9]{15}$/.test(k)) return 'FedEx';
  // DHL Express: a 10-digit waybill; DHL eCommerce: GM/LX/RX… + digits, or JJD… license plates.
  if (/^[0-9]{10}$/.test(k)) return 'DHL';
  if (/^(GM|LX|RX)[0-9]{16,18}$|^JJD[0-9]{8,}$|^JVGL[0-9]{8,}$/.test(k)) return 'DHL';
  return null;
}

/** The warehouse's own receipt numbers, as printed on its labels: WR-2026-1000123. */
export const WAREHOUSE_RECEIPT_PATTERN = /^WR-\d{4}-\d{1,12}$/;

/** Whether a scanned code is one of our WR labels rather than a carrier's number. */
export const isWarehouseReceiptCode = (code: string) => WAREHOUSE_RECEIPT_PATTERN.test(code.trim().toUpperCase());
