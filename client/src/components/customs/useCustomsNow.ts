// The customs rules in effect and the latest exchange rate (customs.current), for the estimates the
// public calculators compute as the customer types (docs/product/customs.md#where-the-estimate-is-shown).
import { useQuery } from '@tanstack/react-query';
import type { CustomsRulesNow, EstimateAccuracy } from '@casillero/shared';
import { trpc } from '../../lib/trpc';

/** With the estimate's measured error over the last 90 days (null: too few shipments settled yet). */
export function useCustomsNow(): (CustomsRulesNow & { accuracy: EstimateAccuracy | null }) | null {
  const query = useQuery({ ...trpc.customs.current.queryOptions(), staleTime: 5 * 60_000 });
  return query.data ?? null;
}
