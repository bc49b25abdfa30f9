import { Card, Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconClock, IconPackageImport, type Icon } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import {
  ADMIN_PREALERT_MESSAGES as M,
  GENERIC_MESSAGES,
  PREALERT_STATUSES,
  TRACKING_MESSAGES,
  type PrealertStatus,
} from '@casillero/shared';
import { ServerList, useServerListState, type ListSearch, useListNavigate } from '../../components/data-table';

import { useDetailsParam } from '../../components/details/DetailsDrawer';
import { listSearch, searchOptionalEnum } from '../../lib/search';
import { BRAND_NAME } from '../../lib/site';
import { trpc } from '../../lib/trpc';
import { PrealertCardList } from './-components/prealerts/PrealertCardList';
import type { AdminPrealert } from './-components/prealerts/types';

type PrealertsSearch = ListSearch<'createdAt'> & { status?: PrealertStatus };

export const Route = createFileRoute('/admin/prealartas')({
  validateSearch: (search: Record<string, unknown>): PrealertsSearch => ({
    ...listSearch(search, ['createdAt'] as const),
    status: searchOptionalEnum(search.status, PREALERT_STATUSES),
  }),
  head: () => ({ meta: [{ title: `Prealartas · ${BRAND_NAME}` }] }),
  loader: ({ context }) => context.queryClient.prefetchQuery(context.trpc.prealerts.stats.queryOptions()),
  component: PrealertsPage,
});

const COUNTERS: { status: PrealertStatus; label: string; icon: Icon; color: string }[] = [
  { status: 'pending', label: 'Pendientes', icon: IconClock, color: 'yellow' },
  { status: 'confirmed', label: 'Confirmadas', icon: IconCircleCheck, color: 'blue' },
  { status: 'converted', label: 'Convertidas', icon: IconPackageImport, color: 'green' },
];

function PrealertsPage() {
  const search = Route.useSearch();
  const setSearch = useListNavigate<PrealertsSearch>(Route.useNavigate());
  const state = useServerListState(search, setSearch, { sort: 'createdAt', dir: 'desc', filterKeys: ['q', 'status'] });
  const details = useDetailsParam(search, setSearch);
  const stats = useQuery(trpc.prealerts.stats.queryOptions());

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {M.title}
        </Title>
        <Text c="dimmed">{M.subtitle}</Text>
      </div>

      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {COUNTERS.map((c) => (
          <Card key={c.status} withBorder radius="md" padding="md">
            <Group justify="space-between" wrap="nowrap">
              <div>
                <Text size="sm" c="dimmed">
                  {c.label}
                </Text>
                {stats.data ? (
                  <Text fz={28} fw={700} aria-label={`${c.label}: ${stats.data[c.status]}`}>
                    {stats.data[c.status].toLocaleString('es-ES')}
                  </Text>
                ) : (
                  <Skeleton h={32} w={60} mt={4} />
                )}
              </div>
              <ThemeIcon size={44} radius="md" variant="light" color={c.color}>
                <c.icon size={24} />
              </ThemeIcon>
            </Group>
          </Card>
        ))}
      </SimpleGrid>

      <ServerList
        search={search}
        state={state}
        rowsQuery={trpc.prealerts.list.queryOptions({ ...state.filters, page: state.list.page, pageSize: state.pageSize })}
        countQuery={trpc.prealerts.count.queryOptions(state.filters)}
        caption="Prealertas"
        noun="prealertas"
        empty={M.empty}
        loadFailed={GENERIC_MESSAGES.internal}
        searchPlaceholder={M.searchPlaceholder}
        tooShortMessage={TRACKING_MESSAGES.searchTooShort}
        filterControls={
          <div>
            <Text size="sm" fw={500} mb={4} id="prealert-status-label">
              Estado
            </Text>
            <SegmentedControl
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
    </Stack>
  );
}
