import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { NotFound } from './components/layout/NotFound';
import { RouteError } from './components/layout/RouteError';
import { PageLoader } from './components/layout/PageLoader';
import { queryClient as defaultQueryClient, trpc, type Trpc } from './lib/trpc';
import { routeTree } from './routeTree.gen';

/** What every route's beforeLoad and loader receive. */
export type RouterContext = { queryClient: QueryClient; trpc: Trpc };

export function createAppRouter(queryClient: QueryClient = defaultQueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient, trpc },
    defaultPreload: 'intent',
    // Query caches the data; the router asks it every time instead of keeping its own copy.
    defaultPreloadStaleTime: 0,
    defaultPendingMs: 300,
    defaultPendingComponent: PageLoader,
    defaultNotFoundComponent: NotFound,
    defaultErrorComponent: RouteError,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
