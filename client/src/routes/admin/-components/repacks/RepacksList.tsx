// The admin Reempaques list (docs/decisions/008): search, status and page in the URL; the
// server searches, filters, orders (pending first, as a queue) and pages.
import { useMemo, useState } from 'react';
import { Badge, Button, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconCheck, IconTruckDelivery } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  REPACK_ADMIN_LIST_MESSAGES as L,
  REPACK_ADMIN_MESSAGES as M,
  REPACK_STATUSES,
  REPACK_STATUS_LABELS,
  SHIPPING_METHOD_LABELS,
  TRACKING_MESSAGES,
  formatDateTime,
  type RepackStatus,
} from '@casillero/shared';
import {
  ServerList,
  StackedCell,
  dataTableColumns,
  useServerListState,
  type ListNavigate,
  type ListSearch,
} from '../../../../components/data-table';
import { trpc } from '../../../../lib/trpc';
import { failureMessage } from '../packages/feedback';
import { ProcessRepackDialog, customerOf, useMarkShipped, type RepackRow } from './RepackDialogs';

/** /admin/reempaques search params. The order is fixed (pending first), so `sort` never reaches the URL. */
export type RepackSearch = ListSearch<'queue'> & { status?: RepackStatus };

const STATUS_COLORS: Record<RepackStatus, string> = { pending: 'yellow', processed: 'blue', shipped: 'green' };
const TAB_LABELS: Record<RepackStatus, string> = { pending: 'Pendientes', processed: 'Procesadas', shipped: 'Enviadas' };

const col = dataTableColumns<RepackRow>();

type RowActions = { process: (r: RepackRow) => void; markShipped: (r: RepackRow) => void; shippingId: string | undefined };

function repackColumns(actions: RowActions) {
  return [
    col.accessor((r) => customerOf(r), {
      id: 'customer',
      header: 'Cliente',
      enableSorting: false,
      cell: (info) => <StackedCell main={info.getValue()} sub={info.row.original.customer.email} />,
    }),
    col.accessor('packages', {
      id: 'packages',
      header: 'Paquetes',
      enableSorting: false,
      cell: (info) => (
        <Stack gap={2}>
          {info.getValue().map((p) => (
            <Text size="xs" key={p.packageId}>
              <Text span ff="monospace" fw={600} size="xs">
                {p.trackingNumber ?? 'Sin tracking'}
              </Text>{' '}
              {p.packageDescription}
              {p.warehouseLocation ? ` · ${p.warehouseLocation}` : ''}
            </Text>
          ))}
        </Stack>
      ),
    }),
    col.accessor('shippingMethod', {
      id: 'method',
      header: 'Método',
      enableSorting: false,
      cell: (info) => SHIPPING_METHOD_LABELS[info.getValue()],
    }),
    col.accessor('instructions', {
      id: 'instructions',
      header: 'Instrucciones',
      enableSorting: false,
      cell: (info) => (
        <Text size="sm" lineClamp={4} maw={260}>
          {info.getValue() ?? '—'}
        </Text>
      ),
    }),
    col.accessor('status', {
      id: 'status',
      header: 'Estado',
      enableSorting: false,
      cell: (info) => (
        <Badge color={STATUS_COLORS[info.getValue()]} variant="light" style={{ minWidth: 'max-content' }}>
          {REPACK_STATUS_LABELS[info.getValue()]}
        </Badge>
      ),
    }),
    col.accessor('warehouseReceipt', {
      id: 'wr',
      header: 'WR',
      enableSorting: false,
      cell: (info) => (
        <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
          {info.getValue() ?? '—'}
        </Text>
      ),
    }),
    col.accessor('createdAt', {
      id: 'dates',
      header: 'Fechas',
      enableSorting: false,
      cell: (info) => {
        const r = info.row.original;
        return (
          <div>
            <Text size="xs">Solicitada {formatDateTime(r.createdAt)}</Text>
            {r.processedAt && (
              <Text size="xs" c="dimmed">
                Procesada {formatDateTime(r.processedAt)}
                {r.processedByName ? ` · ${r.processedByName}` : ''}
              </Text>
            )}
            {r.shippedAt && (
              <Text size="xs" c="dimmed">
                Enviada {formatDateTime(r.shippedAt)}
              </Text>
            )}
          </div>
        );
      },
    }),
    col.display({
      id: 'actions',
      header: 'Acciones',
      cell: (info) => {
        const r = info.row.original;
        if (r.status === 'pending') {
          return (
            <Button size="xs" leftSection={<IconCheck size={14} />} onClick={() => actions.process(r)}>
              Procesar
            </Button>
          );
        }
        if (r.status === 'processed') {
          return (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconTruckDelivery size={14} />}
              loading={actions.shippingId === r.id}
              onClick={() => actions.markShipped(r)}
            >
              Marcar enviado
            </Button>
          );
        }
        return null;
      },
    }),
  ];
}

type RepacksListProps = {
  search: RepackSearch;
  navigate: ListNavigate<RepackSearch>;
};

export function RepacksList({ search, navigate }: RepacksListProps) {
  const state = useServerListState(search, navigate, { sort: 'queue', dir: 'asc', filterKeys: ['q', 'status'] });
  const [processing, setProcessing] = useState<RepackRow | null>(null);
  const { markShipped, pendingId } = useMarkShipped();

  const counts = useQuery({ ...trpc.repacks.adminCounts.queryOptions({ q: search.q }), placeholderData: keepPreviousData });
  const all = counts.data ? REPACK_STATUSES.reduce((n, s) => n + counts.data[s], 0) : 0;
  const count = counts.data ? { count: search.status ? counts.data[search.status] : all, isCapped: false } : undefined;

  const columns = useMemo(
    () => repackColumns({ process: setProcessing, markShipped: (r) => void markShipped(r), shippingId: pendingId }),
    // markShipped is a fresh closure each render; the row's loading state follows pendingId.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [pendingId],
  );

  // No column is sortable (the queue order is fixed), so the table never changes the order.
  return (
    <ServerList
      search={search}
      state={state}
      rowsQuery={trpc.repacks.adminPage.queryOptions({ ...state.filters, page: state.list.page, pageSize: state.pageSize })}
      countValue={count}
      refreshKey={trpc.repacks.pathKey()}
      columns={columns}
      caption="Solicitudes de reempaque"
      noun={L.countNoun}
      empty={M.empty}
      loadFailed={M.loadFailed}
      toMessage={failureMessage}
      searchPlaceholder={L.searchPlaceholder}
      tooShortMessage={TRACKING_MESSAGES.searchTooShort}
      filterExtras={
        <SegmentedControl
          aria-label="Filtrar por estado"
          value={search.status ?? 'all'}
          onChange={(v) => state.list.setFilters({ status: v === 'all' ? undefined : (v as RepackStatus) })}
          data={[
            { value: 'all', label: `Todas (${all})` },
            ...REPACK_STATUSES.map((s) => ({ value: s, label: `${TAB_LABELS[s]} (${counts.data?.[s] ?? 0})` })),
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
      }
    >
      <ProcessRepackDialog request={processing} onClose={() => setProcessing(null)} />
    </ServerList>
  );
}
