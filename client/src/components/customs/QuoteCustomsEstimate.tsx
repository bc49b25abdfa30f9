import { useMemo } from 'react';
import { Text } from '@mantine/core';
import {
  CUSTOMS_ESTIMATE_MESSAGES as M,
  CUSTOMS_SETTLEMENT_MESSAGES,
  categorizeItem,
  quoteCustomsEstimate,
  shownEstimate,
  type CustomsCategory,
  type QuoteForCustoms,
  type TravelMode,
} from '@casillero/shared';
import { CustomsCategorySelect } from './CustomsCategorySelect';
import { CustomsEstimateView } from './CustomsEstimateView';
import { useCustomsNow } from './useCustomsNow';

/** The category the customer chose, or the one the description reveals (categorizeItem). */
const categoryOf = (chosen: CustomsCategory | null, description: string): CustomsCategory =>
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
  chosen,
  description,
}: {
  quote: QuoteForCustoms | null;
  mode: TravelMode;
  chosen: CustomsCategory | null;
  description: string;
}) {
  const now = useCustomsNow();
  const category = categoryOf(chosen, description);
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
  // How good the estimate has been (docs/product/customs.md#measured-and-honest): said once enough
  // shipments were settled against what customs charged.
  return (
    <>
      <CustomsEstimateView {...shownEstimate(now, estimate)} note={M.inTotal} />
      {now.accuracy && (
        <Text size="sm" c="dimmed" data-testid="aduana-precision">
          {CUSTOMS_SETTLEMENT_MESSAGES.accuracyLine(now.accuracy)}
        </Text>
      )}
    </>
  );
}
