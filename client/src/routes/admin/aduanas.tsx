// /admin/aduanas (docs/product/customs.md): the customs duties of the courier regime, as versions
// with their source, the administrator's.
import { lazy, Suspense } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { can } from '@casillero/shared';
import { pageHead } from '../../lib/site';

// The title as a literal: the route's head and loader stay in the first script, and
// CUSTOMS_MESSAGES would bring every customs text into it (the home page's budget).
const TITLE = 'Aduanas';

// The page loads on demand: the customs code it shares with the customers' estimate is then a
// chunk the page lists, not one the first script lists for this route (the home page's budget).
const CustomsPage = lazy(() => import('./-components/customs/CustomsPage').then((m) => ({ default: m.CustomsPage })));

export const Route = createFileRoute('/admin/aduanas')({
  head: pageHead(TITLE),
  loader: ({ context }) =>
    can(context.user.role, 'customs.manage')
      ? context.queryClient.prefetchQuery(context.trpc.customs.versions.queryOptions())
      : undefined,
  component: () => (
    <Suspense fallback={null}>
      <CustomsPage title={TITLE} />
    </Suspense>
  ),
});
