import { Alert, Card, Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconClock, IconPackageImport, IconSearch, type Icon } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import {
  ADMIN_PREALERT_MESSAGES as M,
  LIST_DEFAULT_PAGE_SIZE,
  LIST_PAGE_SIZES,
  LIST_SEARCH_MIN_LENGTH,
  PREALERT_STATUSES,
  TRACKING_MESSAGES,
  type PrealertStatus,
} from '@casillero/shared';
import { DataTablePagination, useDebouncedSearch } from '../../components/data-table';
import { getErrorMessage } from '../../lib/errors';
import { searchInt, searchOptionalEnum, searchString } from '../../lib/search';
import { BRAND_NAME } from '../../lib/site';
import { trpc } from '../../lib/trpc';
import { PrealertCardList } from './-components/prealerts/PrealertCardList';

type PrealertsSearch = { q?: string; status?: PrealertStatus; page?: number; pageSize?: number };

export const Route = createFileRoute('/admin/prealartas')({
  validateSearch: (search: Record<string, unknown>): PrealertsSearch => {
    const pageSize = searchInt(search.pageSize);
    return {
      q: searchString(search.q, 100)?.trim() || undefined,
      status: searchOptionalEnum(search.status, PREALERT_STATUSES),
      page: searchInt(search.page),
      pageSize: pageSize && (LIST_PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : undefined,
    };
  },
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
  const navigate = Route.useNavigate();
  const stats = useQuery(trpc.prealerts.stats.queryOptions());

  /** Filters go back to page 1; defaults stay out of the URL. */
  const setSearch = (patch: Partial<PrealertsSearch>, keepPage = false) =>
    void navigate({
      search: (prev) => ({ ...prev, ...patch, ...(keepPage ? {} : { page: undefined }) }),
      replace: true,
    });
  const [text, setText] = useDebouncedSearch(search.q, (q) => setSearch({ q }));

  const filters = { q: search.q, status: search.status };
  const pageSize = search.pageSize ?? LIST_DEFAULT_PAGE_SIZE;
  const list = useQuery({
    ...trpc.prealerts.list.queryOptions({ ...filters, page: search.page, pageSize }),
    placeholderData: keepPreviousData,
  });
  const count = useQuery({ ...trpc.prealerts.count.queryOptions(filters), placeholderData: keepPreviousData });
  const page = list.data?.page ?? search.page ?? 1;
  const pageCount = count.data
    ? Math.min(Math.ceil(count.data.count / pageSize), list.data?.maxPage ?? Infinity)
    : page + (list.data?.hasMore ? 1 : 0);
  const tooShort = Boolean(search.q && search.q.length < LIST_SEARCH_MIN_LENGTH);

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

      <Card withBorder radius="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label="Buscar"
            placeholder={M.searchPlaceholder}
            leftSection={<IconSearch size={16} />}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={tooShort ? TRACKING_MESSAGES.searchTooShort(LIST_SEARCH_MIN_LENGTH) : undefined}
            miw={260}
            style={{ flex: 1 }}
          />
          <div>
            <Text size="sm" fw={500} mb={4} id="prealert-status-label">
              Estado
            </Text>
            <SegmentedControl
              aria-labelledby="prealert-status-label"
              value={search.status ?? 'all'}
              onChange={(v) => setSearch({ status: v === 'all' ? undefined : (v as PrealertStatus) })}
              data={[{ value: 'all', label: 'Todas' }, ...COUNTERS.map((c) => ({ value: c.status, label: c.label }))]}
            />
          </div>
        </Group>
      </Card>

      {list.isError && (
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          {getErrorMessage(list.error)}
        </Alert>
      )}

      <PrealertCardList
        rows={list.data?.rows}
        isLoading={list.isPending}
        isFiltered={Boolean(search.q || search.status)}
      />

      {(list.data?.rows.length ?? 0) > 0 || page > 1 ? (
        <DataTablePagination
          page={page}
          pageSize={pageSize}
          pageCount={pageCount}
          onPageChange={(p) => setSearch({ page: p <= 1 ? undefined : p }, true)}
          onPageSizeChange={(size) => setSearch({ pageSize: size === LIST_DEFAULT_PAGE_SIZE ? undefined : size })}
        />
      ) : null}
    </Stack>
  );
}
