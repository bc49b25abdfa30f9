import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { NotFound } from './components/layout/NotFound';
import { RouteError } from './components/layout/RouteError';
import { PageLoader } from './components/layout/PageLoader';
import type { RouterContext } from './lib/router-context';
import { queryClient as defaultQueryClient, trpc } from './lib/trpc';
import { routeTree } from './routeTree.gen';

/** `history`: the browser's by default; the prerender passes a memory history at the page's URL. */
export function createAppRouter(queryClient: QueryClient = defaultQueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient, trpc } satisfies RouterContext,
    defaultPreload: 'intent',
    // Query caches the data; the router asks it every time instead of keeping its own copy.
    defaultPreloadStaleTime: 0,
    defaultPendingMs: 300,
    // Once the page's data is there it shows at once: the router's default keeps a spinner it
    // has shown on screen for at least 500 ms, which a slow phone connection pays on every page.
    defaultPendingMinMs: 0,
    defaultPendingComponent: PageLoader,
    defaultNotFoundComponent: NotFound,
    defaultErrorComponent: RouteError,
    // The prerender (a memory history) leaves it out: on the server the router would write an
    // inline script for it, which the CSP blocks and the browser would then fail to hydrate.
    scrollRestoration: !history,
  });
}

export type ClientRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: ClientRouter;
  }
}
