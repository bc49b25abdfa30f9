import { Text } from '@mantine/core';
import { PRICE_LIST_MESSAGES } from '@casillero/shared';
import type { PriceListInEffect } from '../../lib/prices';

/** 'Tarifa vigente desde 27/11/2026' above the quotes (docs/product/price-lists.md); a placeholder while it loads. */
export function PriceListSince({ priceList }: { priceList: PriceListInEffect | null }) {
  return (
    <Text size="sm" c="dimmed" data-testid="price-list-since">
      {priceList ? PRICE_LIST_MESSAGES.inEffectSince(priceList.effectiveFrom) : PRICE_LIST_MESSAGES.loading}
    </Text>
  );
}
