import { useMemo } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import {
  ORIGIN_OF_MAILBOX_LOCATION,
  prealertCustomsEstimate,
  shownEstimate,
  type PrealertForCustoms,
} from '@casillero/shared';
import { usePriceList } from '../../lib/prices';
import { PrealertCustoms } from './PrealertCustoms';
import { useCustomsNow } from './useCustomsNow';

type Props = Omit<PrealertForCustoms, 'origin'> & {
  /** The chosen casillero's warehouse location ('miami', 'china'…), null while none is chosen. */
  location: string | null;
  items: number;
};

/**
 * The pre-alert form's 'Impuestos estimados' as the customer types (docs/product/customs.md#where-the-estimate-is-shown):
 * the same function the card's estimate comes from, with the rules from customs.current.
 */
export function LivePrealertCustoms({ location, items, ...prealert }: Props) {
  const now = useCustomsNow();
  const priceList = usePriceList();
  // The description as it settles, not at every key.
  const [description] = useDebouncedValue(prealert.description, 300);
  const { estimatedValueUsdCents, amountSpentUsdCents, estimatedWeight } = prealert;
  const shown = useMemo(() => {
    if (!now) return null;
    const origin = (location && ORIGIN_OF_MAILBOX_LOCATION[location]) || null;
    const estimate = prealertCustomsEstimate(
      now,
      { description, estimatedValueUsdCents, amountSpentUsdCents, estimatedWeight, origin },
      priceList?.prices ?? null,
    );
    return estimate && shownEstimate(now, estimate);
  }, [now, priceList, location, description, estimatedValueUsdCents, amountSpentUsdCents, estimatedWeight]);
  if (!shown) return null;
  return <PrealertCustoms shown={shown} items={items} testId="aduana-prealerta-formulario" />;
}
