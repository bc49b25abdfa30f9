// The tRPC client and the TanStack Query options proxy. No transformer: the server uses
// none, so dates arrive as ISO strings (and are typed so).
import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, splitLink, TRPCClientError } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@casillero/server/router';
import { TRPC_MAX_BATCH_CALLS } from '@casillero/shared';
import { PRELOAD_MARK, preloadedQueryHrefs, singleQueryHref, TRPC_URL } from './first-data';

export type { AppRouter };

/** Errors a retry cannot fix: the server answered with a 4xx. */
function isClientError(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return false;
  const status = (error.data as { httpStatus?: number } | undefined)?.httpStatus;
  return typeof status === 'number' && status >= 400 && status < 500;
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => !isClientError(error) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

const withCredentials: typeof fetch = (input, init) => fetch(input, { ...init, credentials: 'include' });
/** Taken one by one: a later call of the same query is a new request. */
const preloaded = preloadedQueryHrefs();

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    splitLink({
      // A query the page's HTML preloaded goes out alone, at that address, and is answered from
      // the preload (lib/first-data.ts); every other call is batched as usual.
      condition: (op) => op.type === 'query' && preloaded.delete(singleQueryHref(op.path, op.input)),
      true: httpBatchLink({
        url: TRPC_URL,
        maxItems: 1,
        fetch: (url, init) => withCredentials(`${String(url)}&${PRELOAD_MARK}`, init),
      }),
      // Never more calls per request than the server takes (it answers 413 above that).
      false: httpBatchLink({ url: TRPC_URL, maxItems: TRPC_MAX_BATCH_CALLS, fetch: withCredentials }),
    }),
  ],
});

export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });

export type Trpc = typeof trpc;
