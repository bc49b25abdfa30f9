// How the price list's values are written on /admin/tarifas (docs/product/price-lists.md).
import {
  DELIVERY_ZONE_LABELS,
  PRICE_LIST_FIELDS,
  formatDecimal,
  formatUsdCents,
  type DeliveryZone,
  type PriceList,
} from '@casillero/shared';

export const DELIVERY_ZONES_SHOWN = Object.keys(DELIVERY_ZONE_LABELS) as DeliveryZone[];

/** A value as the page shows it: $6,50 · 15 % · 0,005. */
export function formatPriceValue(unit: (typeof PRICE_LIST_FIELDS)[number]['unit'], value: number): string {
  if (unit === 'usd') return formatUsdCents(value);
  const text = formatDecimal(value, { decimals: 4 });
  return unit === 'percent' ? `${text} %` : text;
}

/** Every row of a version: the fields, then the delivery fees per zone. */
export function priceRows(prices: PriceList): { key: string; label: string; value: string }[] {
  return [
    ...PRICE_LIST_FIELDS.map((f) => ({ key: f.key, label: f.label, value: formatPriceValue(f.unit, prices[f.key]) })),
    ...DELIVERY_ZONES_SHOWN.map((zone) => ({
      key: `delivery.${zone}`,
      label: `Entrega a domicilio: ${DELIVERY_ZONE_LABELS[zone]}`,
      value: formatUsdCents(prices.deliveryFeesUsdCents[zone]),
    })),
  ];
}
