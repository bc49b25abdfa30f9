// Carrier tracking numbers as the warehouse compares them (issue 15). A scanner, a customer and a
// manifest write the same parcel's number differently: spaces, lower case, USPS's routing prefix
// (420 + ZIP) in front of the 22-digit number. trackingKey() is the one form every lookup
// compares; the database has the same function, tracking_key() (migration 0012), indexed on
// pre-alerts, trackings and packages, and a test runs both over the same table of numbers.

/** Upper case, letters and digits only, USPS's routing prefix dropped. */
export function trackingKey(raw: string): string {
  const k = raw.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  if (/^420[0-9]{5}9[0-9]{21}$/.test(k)) return k.slice(8);
  if (/^420[0-9]{9}9[0-9]{21}$/.test(k)) return k.slice(12);
  return k;
}

/** The warehouse's own receipt numbers, as printed on its labels: WR-2026-1000123. */
export const WAREHOUSE_RECEIPT_PATTERN = /^WR-\d{4}-\d{1,12}$/;

/** Whether a scanned code is one of our WR labels rather than a carrier's number. */
export const isWarehouseReceiptCode = (code: string) => WAREHOUSE_RECEIPT_PATTERN.test(code.trim().toUpperCase());
