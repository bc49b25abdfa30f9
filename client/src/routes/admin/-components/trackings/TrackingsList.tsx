import { useMemo, useState } from 'react';
import { ActionIcon, Button, Group, Menu, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import {
  IconDotsVertical,
  IconDownload,
  IconEye,
  IconPackage,
  IconSwitchHorizontal,
} from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  LIST_DEFAULT_PAGE_SIZE,
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
import {
  DataTableCard,
  FilterSelect,
  ListCountBar,
  ListFilters,
  ListLoadError,
  RefreshButton,
  ServerListPagination,
  dataTableColumns,
  useListUrlState,
} from '../../../../components/data-table';
import { downloadHref } from '../../../../lib/download';
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

  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.trackings.pathKey() });

  return (
    <Stack gap="md">
      <ListFilters
        search={search}
        list={list}
        keys={['q', 'status', 'priority', 'carrier']}
        placeholder="Tracking, cliente, email o casillero"
        tooShortMessage={TRACKING_MESSAGES.searchTooShort}
        filters={
          <>
            <FilterSelect
              label="Estado"
              w={190}
              data={TRACKING_STATUSES.map((s) => ({ value: s, label: TRACKING_STATUS_LABELS[s] }))}
              value={search.status}
              onChange={(status) => list.setFilters({ status })}
            />
            <FilterSelect
              label="Prioridad"
              placeholder="Todas"
              w={140}
              data={PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))}
              value={search.priority}
              onChange={(priority) => list.setFilters({ priority })}
            />
            <FilterSelect
              label="Transportista"
              w={160}
              data={carriers.data ?? (search.carrier ? [search.carrier] : [])}
              value={search.carrier}
              onChange={(carrier) => list.setFilters({ carrier })}
            />
          </>
        }
      >
        <ListCountBar count={count.data} noun="trackings">
          <Group gap="xs">
            <Tooltip label="Actualizar">
              <RefreshButton onRefresh={refresh} isRefreshing={rows.isFetching && !rows.isPending} />
            </Tooltip>
            <Button component="a" href={exportHref} download variant="light" leftSection={<IconDownload size={16} />}>
              Exportar CSV
            </Button>
          </Group>
        </ListCountBar>
      </ListFilters>

      {rows.isError && <ListLoadError error={rows.error} fallback={TRACKING_MESSAGES.loadFailed} />}

      <DataTableCard caption="Trackings" columns={columns} list={list} rows={rows} empty={TRACKING_MESSAGES.empty} />

      <ServerListPagination list={list} pageSize={pageSize} rows={rows.data} count={count.data} />

      <TrackingDetailsDialog trackingId={details} onClose={() => setDetails(null)} />
      <ChangeStatusDialog tracking={statusOf} onClose={() => setStatusOf(null)} />
      <RepackDialog tracking={repackOf} onClose={() => setRepackOf(null)} />
    </Stack>
  );
}
