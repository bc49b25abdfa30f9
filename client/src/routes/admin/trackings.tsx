import { Alert, Tabs } from '@mantine/core';
import { IconAlertCircle, IconChartBar, IconList, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { PRIORITIES, TRACKING_SORTS, TRACKING_STATUSES, TRACKING_TABS } from '@casillero/shared';
import { PageLoader } from '../../components/layout/PageLoader';
import { listSearch, searchString } from '../../lib/search';
import { AdminPage, HeaderButton, useListNavigate } from '../../components/data-table';

import { getErrorMessage } from '../../lib/errors';
import { pageHead } from '../../lib/site';
import { trpc } from '../../lib/trpc';
import { TrackingAnalytics } from './-components/trackings/TrackingAnalytics';
import { TrackingStateBadges, TrackingStatCards } from './-components/trackings/TrackingStats';
import { TrackingsList } from './-components/trackings/TrackingsList';
import { TRACKINGS_LIST, type TrackingsSearch } from './-components/trackings/list-defaults';
import { listQueryInput } from '../../components/data-table/list-input';
import { useCan } from '../../lib/permissions';
import { lazyModule, OnceNeeded } from '../../lib/lazy-parts';

// The create tab's form loads when the tab is first opened (or once the page is idle).
const createForm = lazyModule(() => import('./-components/trackings/TrackingCreateForm'));
const TrackingCreateForm = createForm.component('TrackingCreateForm');

export const Route = createFileRoute('/admin/trackings')({
  // The same rules as the shared trackingListSearch schema, as plain functions so zod stays out
  // of the initial JavaScript (see lib/search.ts); the server parses the list input with zod.
  validateSearch: (search: Record<string, unknown>): TrackingsSearch => ({
    ...listSearch(search, TRACKING_SORTS, { status: TRACKING_STATUSES, priority: PRIORITIES, tab: TRACKING_TABS }),
    carrier: searchString(search.carrier, 100)?.trim() || undefined,
  }),
  head: pageHead('Trackings'),
  // Opening a tracking's details (`ver`) is not a new list: it does not run the loader again.
  loaderDeps: ({ search: { ver: _details, ...list } }) => list,
  loader: ({ context, deps }) => {
    if ((deps.tab ?? 'lista') === 'lista') {
      // The list's first page and its count start with the page's code, not after it: on a
      // phone's connection that is a round trip saved (the list's useQuery finds them cached).
      const { input, filters } = listQueryInput(deps, TRACKINGS_LIST);
      void context.queryClient.prefetchQuery(context.trpc.trackings.list.queryOptions(input));
      void context.queryClient.prefetchQuery(context.trpc.trackings.count.queryOptions(filters));
      void context.queryClient.prefetchQuery(context.trpc.trackings.carriers.queryOptions());
    }
    return context.queryClient.prefetchQuery(context.trpc.trackings.stats.queryOptions());
  },
  component: TrackingsPage,
});

type Tab = (typeof TRACKING_TABS)[number];

function TrackingsPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const stats = useQuery(trpc.trackings.stats.queryOptions());
  const canWrite = useCan('trackings.write');
  createForm.usePreloadWhenIdle(canWrite);
  // A role that cannot create trackings never lands on the create tab, even from a link.
  const tab: Tab = search.tab === 'crear' && !canWrite ? 'lista' : (search.tab ?? 'lista');

  const setSearch = useListNavigate<TrackingsSearch>(navigate);
  const setTab = (next: Tab) =>
    void navigate({ search: (prev) => ({ ...prev, tab: next === 'lista' ? undefined : next }) });

  return (
    <AdminPage
      title="Trackings"
      subtitle="Todos los paquetes entrantes de los clientes, su estado y sus avisos."
      actions={canWrite && <HeaderButton label="Nuevo Tracking" onClick={() => setTab('crear')} />}
    >
      {stats.isError && (
        <Alert color="red" icon={<IconAlertCircle />}>
          {getErrorMessage(stats.error)}
        </Alert>
      )}
      <TrackingStatCards stats={stats.data} />
      <TrackingStateBadges stats={stats.data} />

      <Tabs value={tab} onChange={(v) => v && setTab(v as Tab)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="lista" leftSection={<IconList size={16} />}>
            Lista de trackings
          </Tabs.Tab>
          {canWrite && (
            <Tabs.Tab value="crear" leftSection={<IconPlus size={16} />}>
              Crear tracking
            </Tabs.Tab>
          )}
          <Tabs.Tab value="analitica" leftSection={<IconChartBar size={16} />}>
            Analítica
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="lista" pt="md">
          <TrackingsList search={search} navigate={setSearch} />
        </Tabs.Panel>
        <Tabs.Panel value="crear" pt="md">
          <OnceNeeded when={tab === 'crear'}>
            <TrackingCreateForm onCreated={() => setTab('lista')} />
          </OnceNeeded>
        </Tabs.Panel>
        <Tabs.Panel value="analitica" pt="md">
          {stats.data ? <TrackingAnalytics stats={stats.data} /> : <PageLoader />}
        </Tabs.Panel>
      </Tabs>
    </AdminPage>
  );
}
