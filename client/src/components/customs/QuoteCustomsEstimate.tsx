import { useEffect, useMemo } from 'react';
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

/** One quote whose guía the calculator adds the estimate of, by its key ('aereo', 'maritimo'). */
export type QuoteForTotal = { key: string; quote: QuoteForCustoms | null; mode: TravelMode };

/**
 * The estimate of each quote's guía handed back to the calculator, which adds it to its total as
 * the invoice will charge it (docs/product/customs.md#the-invoice). Draws nothing: it lives here so
 * the rules and the estimate stay out of the public pages' first JavaScript.
 */
export function QuoteCustomsTotals({
  quotes,
  chosen,
  description,
  onChange,
}: {
  quotes: QuoteForTotal[];
  chosen: CustomsCategory | null;
  description: string;
  onChange: (update: (before: Record<string, number>) => Record<string, number>) => void;
}) {
  const now = useCustomsNow();
  const category = categoryOf(chosen, description);
  useEffect(() => {
    if (!now) return;
    const totals: Record<string, number> = {};
    for (const q of quotes)
      if (q.quote) totals[q.key] = quoteCustomsEstimate(now, q.quote, q.mode, category).usdCents.total;
    // The same figures: nothing to redraw.
    onChange((before) => (JSON.stringify(before) === JSON.stringify(totals) ? before : totals));
  }, [now, quotes, category, onChange]);
  return null;
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
