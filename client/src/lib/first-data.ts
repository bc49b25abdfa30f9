// A page's first data, asked for while its HTML is still being parsed (docs/decisions/014-prerendered-and-compressed.md).
// The build writes into each app shell a `<link rel="preload" as="fetch">` for every query its
// routes' loaders start (scripts/prerender.mjs, from `firstQueries` in entry-server.tsx); the
// tRPC client sends those queries alone, at exactly those addresses, so the browser answers them
// from the preload instead of asking again once the JavaScript has run: on a phone's network,
// a round trip (or two) less before the page shows its data.

export const TRPC_URL = '/trpc';

/**
 * Marks the preloaded addresses (the server ignores it): an ordinary call of the same query,
 * sent by the batch link with the same address otherwise, can never be answered by a preload.
 */
export const PRELOAD_MARK = 'preload=1';

/** The address tRPC's batch link gives a query sent alone (no transformer: the input as JSON), marked. */
export function singleQueryHref(path: string, input: unknown): string {
  return `${TRPC_URL}/${path}?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: input }))}&${PRELOAD_MARK}`;
}

/**
 * How long after the app starts a preloaded answer may still be used. One the page did not ask
 * for (it opened with other filters) is forgotten after it: the same query minutes later must
 * reach the server, not get an answer from the page's first seconds.
 */
const PRELOAD_USE_WINDOW_MS = 15_000;

/** The query addresses this page's HTML preloaded (none while prerendering); each is for one use. */
export function preloadedQueryHrefs(): Set<string> {
  if (typeof document === 'undefined') return new Set();
  const links = document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]');
  const hrefs = new Set(
    Array.from(links, (link) => link.getAttribute('href') ?? '').filter((href) => href.startsWith(`${TRPC_URL}/`)),
  );
  setTimeout(() => hrefs.clear(), PRELOAD_USE_WINDOW_MS);
  return hrefs;
}

/**
 * What a page rendered before any JavaScript carries in its SERVER_DATA_ID script: the URL it
 * was rendered at, then (a signed-in page the server rendered, docs/decisions/033) each query's
 * key and answer, which the browser puts in its cache before hydrating, so its first render
 * matches the HTML and asks the server nothing again. An array: no property names to ship.
 */
export type ServerData = [href: string, ...queries: [queryKey: readonly unknown[], data: unknown][]];
