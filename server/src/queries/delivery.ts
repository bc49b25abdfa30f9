// The delivery fees per zone (docs/product/last-mile.md#delivery), kept as one app_settings row
// like the storage settings: one change is one row and one audit entry.
import { eq } from 'drizzle-orm';
import { DELIVERY_FEE_DEFAULTS_USD_CENTS, DELIVERY_ZONES, type DeliveryZone } from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { appSettings } from '../db/schema';

export const DELIVERY_FEES_KEY = 'delivery_fees';

export type DeliveryFees = Record<DeliveryZone, number>;

/** Each zone's home-delivery fee in USD cents; a zone never set costs its default. */
export async function getDeliveryFees(db: DbOrTx): Promise<DeliveryFees> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, DELIVERY_FEES_KEY));
  const fees = { ...DELIVERY_FEE_DEFAULTS_USD_CENTS };
  if (!row) return fees;
  try {
    const parsed = JSON.parse(row.value) as Partial<Record<string, unknown>>;
    for (const zone of DELIVERY_ZONES) {
      const value = parsed[zone];
      if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) fees[zone] = value;
    }
  } catch {
    // An unreadable row leaves the defaults.
  }
  return fees;
}
