// Carrier tracking numbers as the warehouse compares them (docs/decisions/019-warehouse-intake.md). A scanner, a customer and a
// manifest write the same parcel's number differently: spaces, lower case, USPS's routing prefix
// (420 + ZIP) in front of the 22-digit number, FedEx's longer label barcodes around the number
// the customer sees on fedex.com. trackingKey() is the one form every lookup compares; the
// database has the same function, tracking_key() (migration 0012), indexed on pre-alerts,
// trackings and packages, and a test runs both over the same table of numbers.

import { TRACKING_MESSAGES } from './trackings/messages';

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

/**
 * A number as a person typed it in a form: trimmed and in upper case. Spaces inside stay, so the
 * rule below refuses them and the person sees what they typed is not a number.
 */
export const typedTrackingNumber = (raw: string) => raw.trim().toUpperCase();

/**
 * The one rule for a carrier's tracking number as we store it, however it comes in (a customer's
 * pre-alert, the admin's form, a scan at reception, a carrier's manifest): once cleaned, 5 to 50
 * letters, digits, hyphens or underscores. Nothing else reaches a page, a label or a CSV cell.
 */
export const TRACKING_NUMBER_RULE = { min: 5, max: 50, pattern: /^[A-Za-z0-9_-]+$/ } as const;

/** Why a cleaned number breaks the rule (as TRACKING_MESSAGES words it), or null when it keeps it. */
export function trackingNumberProblem(cleaned: string): string | null {
  if (cleaned.length < TRACKING_NUMBER_RULE.min) return TRACKING_MESSAGES.trackingNumberMin;
  if (cleaned.length > TRACKING_NUMBER_RULE.max) return TRACKING_MESSAGES.trackingNumberMax;
  if (!TRACKING_NUMBER_RULE.pattern.test(cleaned)) return TRACKING_MESSAGES.trackingNumberPattern;
  return null;
}

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

/** The Chinese carriers a number's shape points to (the stores' e-mails from China name them). */
export type ChineseCarrier = 'China Post' | 'Cainiao' | 'YunExpress' | '4PX';

/**
 * The Chinese carrier a number's shape points to, or null. Kept apart from detectCarrier (whose
 * results stay as they are): YunExpress "YT" + 16 digits; 4PX "4PX" + 10 to 16 digits + "CN";
 * Cainiao "LP" + 14 digits; China Post's international S10 numbers ending in "CN" (LY123456789CN).
 */
export function detectChineseCarrier(raw: string): ChineseCarrier | null {
  const k = raw.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  if (/^YT[0-9]{16}$/.test(k)) return 'YunExpress';
  if (/^4PX[0-9]{10,16}CN$/.test(k)) return '4PX';
  if (/^LP[0-9]{14}$/.test(k)) return 'Cainiao';
  if (/^[A-Z]{2}[0-9]{9}CN$/.test(k)) return 'China Post';
  return null;
}

/** The warehouse's own receipt numbers, as printed on its labels: WR-2026-1000123. */
export const WAREHOUSE_RECEIPT_PATTERN = /^WR-\d{4}-\d{1,12}$/;

/** Whether a scanned code is one of our WR labels rather than a carrier's number. */
export const isWarehouseReceiptCode = (code: string) => WAREHOUSE_RECEIPT_PATTERN.test(code.trim().toUpperCase());
