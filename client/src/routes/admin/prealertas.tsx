import { SimpleGrid, Text } from '@mantine/core';
import { IconCircleCheck, IconClock, IconMail, IconPackageImport, type Icon } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import {
  ADMIN_PREALERT_MESSAGES as M,
  GENERIC_MESSAGES,
  PREALERT_STATUSES,
  type PrealertStatus,
} from '@casillero/shared';
import {
  AdminPage,
  PhoneSegments,
  ServerList,
  StatCard,
  useListRoute,
  useServerListState,
  type ListSearch,
} from '../../components/data-table';

import { useDetailsParam } from '../../components/details/DetailsDrawer';
import { listSearch } from '../../lib/search';
import { pageHead } from '../../lib/site';
import { trpc } from '../../lib/trpc';
import { PrealertCardList } from './-components/prealerts/PrealertCardList';
import { FirstMileSettingsCard } from './-components/prealerts/FirstMileSettingsCard';
import type { AdminPrealert } from './-components/prealerts/types';

type PrealertsSearch = ListSearch<'createdAt'> & { status?: PrealertStatus };

export const Route = createFileRoute('/admin/prealertas')({
  validateSearch: (search: Record<string, unknown>): PrealertsSearch =>
    listSearch(search, ['createdAt'] as const, { status: PREALERT_STATUSES }),
  head: pageHead('Prealertas'),
  loader: ({ context }) => context.queryClient.prefetchQuery(context.trpc.prealerts.stats.queryOptions()),
  component: PrealertsPage,
});

const COUNTERS: { status: PrealertStatus; label: string; icon: Icon; color: string }[] = [
  { status: 'pending', label: 'Pendientes', icon: IconClock, color: 'yellow' },
  { status: 'confirmed', label: 'Confirmadas', icon: IconCircleCheck, color: 'blue' },
  { status: 'converted', label: 'Convertidas', icon: IconPackageImport, color: 'green' },
  // Made from a customer's forwarded e-mail, not confirmed yet (docs/product/prealerts-from-email.md).
  { status: 'draft', label: 'Borradores (correo o WhatsApp)', icon: IconMail, color: 'gray' },
];

function PrealertsPage() {
  const { search, navigate: setSearch } = useListRoute<PrealertsSearch>(Route);
  const state = useServerListState(search, setSearch, { sort: 'createdAt', dir: 'desc', filterKeys: ['q', 'status'] });
  const details = useDetailsParam(search, setSearch);
  const stats = useQuery(trpc.prealerts.stats.queryOptions());

  return (
    <AdminPage title={M.title} subtitle={M.subtitle}>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {COUNTERS.map(({ status, ...card }) => (
          <StatCard key={status} {...card} value={stats.data?.[status]} />
        ))}
      </SimpleGrid>

      <FirstMileSettingsCard />

      <ServerList
        state={state}
        rowsQuery={trpc.prealerts.list.queryOptions({ ...state.filters, ...state.paging })}
        countQuery={trpc.prealerts.count.queryOptions(state.filters)}
        text={{ ...M, caption: 'Prealertas', noun: 'prealertas', loadFailed: GENERIC_MESSAGES.internal }}
        filterControls={
          <div>
            <Text size="sm" fw={500} mb={4} id="prealert-status-label">
              Estado
            </Text>
            <PhoneSegments
              aria-labelledby="prealert-status-label"
              value={search.status ?? 'all'}
              onChange={(v) => state.list.setFilters({ status: v === 'all' ? undefined : (v as PrealertStatus) })}
              data={[{ value: 'all', label: 'Todas' }, ...COUNTERS.map((c) => ({ value: c.status, label: c.label }))]}
            />
          </div>
        }
        renderRows={(rows: AdminPrealert[] | undefined, isLoading: boolean) => (
          <PrealertCardList
            rows={rows}
            isLoading={isLoading}
            isFiltered={Boolean(search.q || search.status)}
            viewingId={details.openId}
            onView={details.open}
            onCloseView={details.close}
          />
        )}
      />
    </AdminPage>
  );
}
