// A pre-alert's customs estimate (docs/product/customs.md#where-the-estimate-is-shown): the parcel on
// its own guía, in the category its description reveals, at the value the customer declared (or
// spent), with the air calculator's freight for its estimated weight from Miami (none from China:
// sea freight needs the measures the warehouse takes). The card (from the server) and the form
// (as the customer types) compute it with this one function. zod-free.
import type { PriceList } from '../price-list/price-list';
import { quoteUsa } from '../quote/quote';
import { categorizeItem } from './categories';
import { estimateCustoms, type CustomsEstimate } from './estimate';
import type { CustomsRulesNow } from './quote';

export type PrealertForCustoms = {
  description: string;
  estimatedValueUsdCents: number | null;
  amountSpentUsdCents: number | null;
  estimatedWeight: number | null;
  /** The mailbox's warehouse: China ships by sea, Miami by air unless the customer chooses later. */
  origin: 'miami' | 'china' | null;
};

/** Null while the pre-alert says no value (neither estimated nor spent). */
export function prealertCustomsEstimate(
  now: CustomsRulesNow,
  p: PrealertForCustoms,
  prices: PriceList | null,
): CustomsEstimate | null {
  const value = p.estimatedValueUsdCents ?? p.amountSpentUsdCents;
  if (value == null) return null;
  const mode = p.origin === 'china' ? 'sea' : 'air';
  // Its weight alone: measures of 1 cm leave the volumetric weight out, the minimum still applies.
  const air =
    mode === 'air' && prices && p.estimatedWeight
      ? quoteUsa(
          {
            peso: p.estimatedWeight,
            unidad: 'kg',
            largo: 1,
            ancho: 1,
            alto: 1,
            valor: null,
            seguro: false,
            tipo: 'aereo',
          },
          prices,
        )
      : null;
  return estimateCustoms(now.rules, {
    mode,
    category: categorizeItem(p.description),
    declaredValueUsdCents: value,
    freightUsdCents: air?.subtotalUsdCents ?? 0,
    insuranceUsdCents: 0,
    boxes: 1,
    rate: now.rate?.vesPerUsd ?? null,
  });
}
