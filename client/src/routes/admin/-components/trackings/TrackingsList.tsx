import { useMemo, useState } from 'react';
import { ActionIcon, Alert, Button, Card, Group, Menu, Select, Stack, Text, TextInput, Tooltip, VisuallyHidden } from '@mantine/core';
import {
  IconAlertCircle,
  IconDotsVertical,
  IconDownload,
  IconEye,
  IconFilterOff,
  IconPackage,
  IconRefresh,
  IconSearch,
  IconSwitchHorizontal,
} from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  LIST_DEFAULT_PAGE_SIZE,
  LIST_SEARCH_MIN_LENGTH,
  PRIORITIES,
  PRIORITY_LABELS,
  TRACKING_MESSAGES,
  TRACKING_STATUSES,
  TRACKING_STATUS_LABELS,
  TRACKINGS_CSV_PATH,
  formatDate,
  formatUsd,
  type TrackingListSearch,
  type TrackingSort,
} from '@casillero/shared';
import { DataTable, ListCountText, ServerListPagination, dataTableColumns, useDebouncedSearch, useListUrlState } from '../../../../components/data-table';
import { downloadHref } from '../../../../lib/download';
import { getErrorMessage } from '../../../../lib/errors';
import { trpc } from '../../../../lib/trpc';
import { PriorityBadge, TrackingStatusBadge } from './StatusBadge';
import { ChangeStatusDialog, RepackDialog, TrackingDetailsDialog } from './TrackingDialogs';
import type { TrackingRow } from './types';

const col = dataTableColumns<TrackingRow>();

type Actions = { details: (row: TrackingRow) => void; status: (row: TrackingRow) => void; repack: (row: TrackingRow) => void };

function trackingColumns(actions: Actions) {
  return [
    col.accessor('trackingNumber', {
      id: 'trackingNumber',
      header: 'Tracking',
      cell: (info) => (
        <Text ff="monospace" size="sm" fw={600}>
          {info.getValue()}
        </Text>
      ),
    }),
    col.accessor('clientName', {
      id: 'client',
      header: 'Cliente',
      enableSorting: false,
      cell: (info) => (
        <div>
          <Text size="sm">{info.getValue() ?? '—'}</Text>
          <Text size="xs" c="dimmed">
            {info.row.original.clientEmail}
          </Text>
        </div>
      ),
    }),
    col.accessor('mailboxCode', { id: 'mailbox', header: 'Casillero', enableSorting: false }),
    col.accessor('status', {
      id: 'status',
      header: 'Estado',
      cell: (info) => <TrackingStatusBadge status={info.getValue()} dispatchAuthorizedAt={info.row.original.dispatchAuthorizedAt} />,
    }),
    col.accessor('carrier', { id: 'carrier', header: 'Transportista' }),
    col.accessor('estimatedWeight', {
      id: 'weightValue',
      header: 'Peso / Valor',
      enableSorting: false,
      cell: (info) => {
        const r = info.row.original;
        return (
          <div>
            <Text size="sm">{(r.actualWeight ?? r.estimatedWeight).toLocaleString('es-ES', { maximumFractionDigits: 2 })} kg</Text>
            <Text size="xs" c="dimmed">
              {formatUsd(r.estimatedValue)}
            </Text>
          </div>
        );
      },
    }),
    col.accessor('priority', { id: 'priority', header: 'Prioridad', cell: (info) => <PriorityBadge priority={info.getValue()} /> }),
    col.accessor('createdAt', { id: 'createdAt', header: 'Fecha', cell: (info) => formatDate(info.getValue()) }),
    col.display({
      id: 'actions',
      header: () => <VisuallyHidden>Acciones</VisuallyHidden>,
      cell: (info) => {
        const row = info.row.original;
        return (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={`Acciones de ${row.trackingNumber}`}>
                <IconDotsVertical size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconEye size={16} />} onClick={() => actions.details(row)}>
                Ver detalles
              </Menu.Item>
              <Menu.Item leftSection={<IconSwitchHorizontal size={16} />} onClick={() => actions.status(row)}>
                Cambiar estado
              </Menu.Item>
              <Menu.Item leftSection={<IconPackage size={16} />} onClick={() => actions.repack(row)}>
                Solicitar reempaque
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        );
      },
    }),
  ];
}

type TrackingsListProps = {
  search: TrackingListSearch;
  navigate: (update: (prev: TrackingListSearch) => TrackingListSearch) => void;
};

/** The list tab: filters, sort and page from the URL; server-side everything (docs/decisions/008). */
export function TrackingsList({ search, navigate }: TrackingsListProps) {
  const queryClient = useQueryClient();
  const list = useListUrlState(search, navigate, { sort: 'createdAt' as TrackingSort, dir: 'desc' });
  const [text, setText] = useDebouncedSearch(search.q, (q) => list.setFilters({ q }));
  const [details, setDetails] = useState<string | null>(null);
  const [statusOf, setStatusOf] = useState<TrackingRow | null>(null);
  const [repackOf, setRepackOf] = useState<TrackingRow | null>(null);

  const filters = { q: search.q, status: search.status, priority: search.priority, carrier: search.carrier };
  const pageSize = search.pageSize ?? LIST_DEFAULT_PAGE_SIZE;
  const input = { ...filters, sort: list.sort, dir: list.dir, page: list.page, pageSize };
  /** The whole filtered set in the list's order, streamed by the server (admin spec §9). */
  const exportHref = downloadHref(TRACKINGS_CSV_PATH, { ...filters, sort: list.sort, dir: list.dir });

  const rows = useQuery({ ...trpc.trackings.list.queryOptions(input), placeholderData: keepPreviousData });
  const count = useQuery({ ...trpc.trackings.count.queryOptions(filters), placeholderData: keepPreviousData });
  const carriers = useQuery(trpc.trackings.carriers.queryOptions());

  const columns = useMemo(
    () => trackingColumns({ details: (r) => setDetails(r.id), status: setStatusOf, repack: setRepackOf }),
    [],
  );

  const hasFilters = Boolean(search.q || search.status || search.priority || search.carrier);
  const tooShort = Boolean(search.q && search.q.length < LIST_SEARCH_MIN_LENGTH);

  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.trackings.pathKey() });

  return (
    <Stack gap="md">
      <Card withBorder radius="md">
        <Stack gap="sm">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label="Buscar"
              placeholder="Tracking, cliente, email o casillero"
              leftSection={<IconSearch size={16} />}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              error={tooShort ? TRACKING_MESSAGES.searchTooShort(LIST_SEARCH_MIN_LENGTH) : undefined}
              miw={260}
              style={{ flex: 1 }}
            />
            <Select
              label="Estado"
              placeholder="Todos"
              clearable
              w={190}
              data={TRACKING_STATUSES.map((s) => ({ value: s, label: TRACKING_STATUS_LABELS[s] }))}
              value={search.status ?? null}
              onChange={(v) => list.setFilters({ status: (v ?? undefined) as TrackingListSearch['status'] })}
            />
            <Select
              label="Prioridad"
              placeholder="Todas"
              clearable
              w={140}
              data={PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))}
              value={search.priority ?? null}
              onChange={(v) => list.setFilters({ priority: (v ?? undefined) as TrackingListSearch['priority'] })}
            />
            <Select
              label="Transportista"
              placeholder="Todos"
              clearable
              w={160}
              data={carriers.data ?? (search.carrier ? [search.carrier] : [])}
              value={search.carrier ?? null}
              onChange={(v) => list.setFilters({ carrier: v ?? undefined })}
            />
            <Button
              variant="default"
              leftSection={<IconFilterOff size={16} />}
              disabled={!hasFilters}
              onClick={() => {
                setText('');
                list.clear(['q', 'status', 'priority', 'carrier']);
              }}
            >
              Limpiar filtros
            </Button>
          </Group>
          <Group justify="space-between">
            <ListCountText count={count.data} noun="trackings" />
            <Group gap="xs">
              <Tooltip label="Actualizar">
                <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={() => void refresh()} loading={rows.isFetching && !rows.isPending}>
                  Actualizar
                </Button>
              </Tooltip>
              <Button component="a" href={exportHref} download variant="light" leftSection={<IconDownload size={16} />}>
                Exportar CSV
              </Button>
            </Group>
          </Group>
        </Stack>
      </Card>

      {rows.isError && (
        <Alert color="red" icon={<IconAlertCircle />} role="alert" title={TRACKING_MESSAGES.loadFailed}>
          {getErrorMessage(rows.error, TRACKING_MESSAGES.loadFailed)}
        </Alert>
      )}

      <Card withBorder radius="md" p={0}>
        <DataTable
          caption="Trackings"
          columns={columns}
          data={rows.data?.rows ?? []}
          getRowId={(r) => r.id}
          sort={{ sort: list.sort, dir: list.dir }}
          onSortChange={(s) => list.setSort(s.sort, s.dir)}
          isLoading={rows.isFetching}
          empty={TRACKING_MESSAGES.empty}
        />
      </Card>

      <ServerListPagination list={list} pageSize={pageSize} rows={rows.data} count={count.data} />

      <TrackingDetailsDialog trackingId={details} onClose={() => setDetails(null)} />
      <ChangeStatusDialog tracking={statusOf} onClose={() => setStatusOf(null)} />
      <RepackDialog tracking={repackOf} onClose={() => setRepackOf(null)} />
    </Stack>
  );
}
