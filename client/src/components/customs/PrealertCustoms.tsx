import {
  CUSTOMS_ESTIMATE_MESSAGES as M,
  formatUsdCents,
  formatVesCentimos,
  type CustomsEstimateShown,
} from '@casillero/shared';
import { CustomsEstimateView } from './CustomsEstimateView';

/** Half-up share of a whole among `n`. */
const share = (whole: number, n: number) => Math.round(whole / n);

/**
 * A pre-alert's 'Impuestos estimados' (docs/product/customs.md#where-the-estimate-is-shown): the
 * parcel's pieces, and with several articles each one's share of the total.
 */
export function PrealertCustoms({
  shown,
  items,
  testId,
}: {
  shown: CustomsEstimateShown;
  items: number;
  testId?: string;
}) {
  const { usdCents, vesCentimos } = shown.estimate;
  const perItem =
    items > 1
      ? M.perItem(
          items,
          shown.rate
            ? `${formatUsdCents(share(usdCents.total, items))} · ${formatVesCentimos(share(vesCentimos.total, items))}`
            : formatUsdCents(share(usdCents.total, items)),
        )
      : null;
  return (
    <CustomsEstimateView
      {...shown}
      testId={testId ?? 'aduana-prealerta'}
      note={perItem ? `${M.prealertBasis} ${perItem}` : M.prealertBasis}
    />
  );
}
