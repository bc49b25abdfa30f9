// The customs estimate of a calculator's quote (docs/product/customs.md#where-the-estimate-is-shown):
// one guía with the quote's declared value, freight and insurance, in the category chosen. The
// page and its browser test compute it with this one function. zod-free.
import type { TravelMode } from '../travel-rules/travel-rules';
import { estimateCustoms, type CustomsEstimate } from './estimate';
import type { CustomsCategory, CustomsRules } from './rules';

/** What the estimate needs of a quote (UsaQuote, ChinaQuote): its freight, insurance and declared value. */
export type QuoteForCustoms = { subtotalUsdCents: number; seguroUsdCents: number; valorDeclaradoUsdCents: number };

/** The rules in effect and the day's rate, as `customs.current` answers them. */
export type CustomsRulesNow = {
  number: number;
  rules: CustomsRules;
  /** The latest exchange rate recorded (null: none yet, the estimate shows USD only). */
  rate: { vesPerUsd: string; rateDate: string } | null;
};

/** The quote's guía priced by customs: one box, the freight (without import taxes) and the insurance. */
export function quoteCustomsEstimate(
  now: CustomsRulesNow,
  quote: QuoteForCustoms,
  mode: TravelMode,
  category: CustomsCategory,
): CustomsEstimate {
  return estimateCustoms(now.rules, {
    mode,
    category,
    declaredValueUsdCents: quote.valorDeclaradoUsdCents,
    freightUsdCents: quote.subtotalUsdCents,
    insuranceUsdCents: quote.seguroUsdCents,
    boxes: 1,
    rate: now.rate?.vesPerUsd ?? null,
  });
}

/** An estimate as a screen shows it: the pieces, the version and rates its labels name, the rate of the Bs. */
export type CustomsEstimateShown = {
  estimate: CustomsEstimate;
  version: number;
  ivaBasisPoints: number;
  serviceFeeBasisPoints: number;
  rate: CustomsRulesNow['rate'];
};

/** What a screen needs to show `estimate`, computed with `now`. */
export const shownEstimate = (now: CustomsRulesNow, estimate: CustomsEstimate): CustomsEstimateShown => ({
  estimate,
  version: now.number,
  ivaBasisPoints: now.rules.ivaBasisPoints,
  serviceFeeBasisPoints: now.rules.serviceFeeBasisPoints,
  rate: now.rate,
});
