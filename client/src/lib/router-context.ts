// What every route's beforeLoad and loader receive from the router (router.tsx creates it).
// Its own module, below the routes: the helpers the routes call (guards.ts, loader.ts) take it
// without importing the router, which imports every route.
import type { QueryClient } from '@tanstack/react-query';
import type { Trpc } from './trpc';

export type RouterContext = { queryClient: QueryClient; trpc: Trpc };
