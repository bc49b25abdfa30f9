// The delivery fees per zone (docs/product/last-mile.md#delivery), part of the price list.
import type { DeliveryZone } from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { getPricesInEffect } from './prices';

export const DELIVERY_FEES_KEY = 'delivery_fees';

export type DeliveryFees = Record<DeliveryZone, number>;

/**
 * Each zone's home-delivery fee in USD cents: the price list's in effect (docs/product/price-lists.md).
 * The 'delivery_fees' row is what the administrator set before prices were versioned; the
 * migration price_list_versions copied it into version 1 and nothing reads it since.
 */
export async function getDeliveryFees(db: DbOrTx, at: Date = new Date()): Promise<DeliveryFees> {
  return { ...(await getPricesInEffect(db, at)).prices.deliveryFeesUsdCents };
}
