// The customs rules in effect and the latest exchange rate (customs.current), for the estimates the
// public calculators compute as the customer types (docs/product/customs.md#where-the-estimate-is-shown).
import { useQuery } from '@tanstack/react-query';
import type { CustomsRulesNow } from '@casillero/shared';
import { trpc } from '../../lib/trpc';

export function useCustomsNow(): CustomsRulesNow | null {
  const query = useQuery({ ...trpc.customs.current.queryOptions(), staleTime: 5 * 60_000 });
  return query.data ?? null;
}
