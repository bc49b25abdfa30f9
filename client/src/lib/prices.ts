// The price list the public calculators apply (docs/product/price-lists.md): the server's version
// in effect and the next one scheduled, chosen here by the clock (Caracas days), so a page left
// open across midnight switches by itself. Nothing until it arrives: the prerendered page and the
// first render show no price, so they never show one the server would not charge. With it come the
// fiscal terms (whether invoices carry taxes, each kind's IVA rate), so a quote's total is its invoice's.
import { useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { caracasDayStart, priceListInEffect, type FiscalQuoteTerms, type PriceList } from '@casillero/shared';
import { trpc } from './trpc';

export type PriceListInEffect = { number: number; effectiveFrom: string; prices: PriceList; fiscal: FiscalQuoteTerms };

/** setTimeout's longest wait (about 24.8 days). */
const MAX_TIMEOUT = 2 ** 31 - 1;

export function usePriceList(): PriceListInEffect | null {
  const options = trpc.site.prices.queryOptions();
  const query = useQuery({ ...options, staleTime: 5 * 60_000 });
  const queryClient = useQueryClient();
  const [now, setNow] = useState(() => Date.now());
  const next = query.data?.next ?? null;

  useEffect(() => {
    if (!next) return;
    const wait = caracasDayStart(next.effectiveFrom).getTime() - Date.now();
    const timer = setTimeout(
      () => {
        setNow(Date.now());
        void queryClient.invalidateQueries({ queryKey: options.queryKey });
      },
      Math.min(Math.max(wait, 0) + 1000, MAX_TIMEOUT),
    );
    return () => clearTimeout(timer);
  }, [next, queryClient, options.queryKey]);

  return useMemo(() => {
    if (!query.data?.current) return null;
    const live = [query.data.current, ...(next ? [next] : [])];
    const chosen = priceListInEffect(live, new Date(now));
    return chosen && { ...chosen, fiscal: query.data.fiscal };
  }, [query.data, next, now]);
}
