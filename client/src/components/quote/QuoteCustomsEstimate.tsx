import { useMemo } from 'react';
import { Text } from '@mantine/core';
import {
  CUSTOMS_ESTIMATE_MESSAGES as M,
  categorizeItem,
  quoteCustomsEstimate,
  type CustomsCategory,
  type QuoteForCustoms,
  type TravelMode,
} from '@casillero/shared';
import { CustomsCategorySelect } from '../customs/CustomsCategorySelect';
import { CustomsEstimateView } from '../customs/CustomsEstimateView';
import { useCustomsNow } from '../customs/useCustomsNow';

/** The category the customer chose, or the one the description reveals (categorizeItem). */
export const categoryOf = (chosen: CustomsCategory | null, description: string): CustomsCategory =>
  chosen ?? categorizeItem(description);

/** The calculators' category field: the description's category until the customer picks another. */
export function QuoteCategoryField({
  chosen,
  description,
  onChange,
}: {
  chosen: CustomsCategory | null;
  description: string;
  onChange: (category: CustomsCategory) => void;
}) {
  return <CustomsCategorySelect value={categoryOf(chosen, description)} onChange={onChange} />;
}

/**
 * 'Impuestos estimados' under a calculator's quote (docs/product/customs.md#where-the-estimate-is-shown):
 * the quote's guía priced with the customs rules in effect, computed here as the customer types.
 */
export function QuoteCustomsEstimate({
  quote,
  mode,
  category,
}: {
  quote: QuoteForCustoms | null;
  mode: TravelMode;
  category: CustomsCategory;
}) {
  const now = useCustomsNow();
  const estimate = useMemo(
    () => (now && quote ? quoteCustomsEstimate(now, quote, mode, category) : null),
    [now, quote, mode, category],
  );
  if (!quote) return null;
  if (!now || !estimate)
    return (
      <Text size="sm" c="dimmed">
        {M.loading}
      </Text>
    );
  return (
    <CustomsEstimateView
      estimate={estimate}
      rules={now.rules}
      rate={now.rate}
      note={`${M.basis(now.number)} ${M.notInTotal}`}
    />
  );
}
