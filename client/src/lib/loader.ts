// Route loaders: fetch a page's queries before it renders, so the page's own `useQuery` of the
// same options finds them in the cache (the TanStack Router + Query pattern).
import type { EnsureQueryDataOptions } from '@tanstack/react-query';
import type { RouterContext } from './router-context';
import type { Trpc } from './trpc';

// biome-ignore lint/suspicious/noExplicitAny: a query of any tRPC procedure: its error and key types differ by procedure
type AnyQueryOptions = EnsureQueryDataOptions<any, any, any, any>;

/** `loader: ensureQueries((t) => [t.profile.get.queryOptions()])`: the page waits for them. */
export function ensureQueries(pick: (api: Trpc) => AnyQueryOptions[]) {
  return ({ context }: { context: RouterContext }) =>
    Promise.all(pick(context.trpc).map((options) => context.queryClient.ensureQueryData(options)));
}

/**
 * What a page draws around its main data (a notice, a card, a button above its list), fetched with
 * it, so the page does not move as each part arrives and a tap aimed at a row lands on it. A part
 * that fails is left to its own component, which says so and retries, instead of failing the page.
 */
export function ensureAlongside(context: RouterContext, pick: (api: Trpc) => AnyQueryOptions[]) {
  return Promise.all(
    pick(context.trpc).map((options) => context.queryClient.ensureQueryData(options).catch(() => undefined)),
  );
}
