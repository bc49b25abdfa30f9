// The admin Reempaques list (docs/decisions/008): search, status and page in the URL; the
// server searches, filters, orders (pending first, as a queue) and pages.
import { useMemo, useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { IconCheck, IconTruckDelivery } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  REPACK_ADMIN_LIST_MESSAGES as L,
  REPACK_ADMIN_MESSAGES as M,
  REPACK_STATUSES,
  REPACK_STATUS_LABELS,
  SHIPPING_METHOD_LABELS,
  formatDateTime,
  type RepackStatus,
} from '@casillero/shared';
import {
  LabelBadge,
  PhoneSegments,
  ServerList,
  StackedCell,
  dataTableColumns,
  useServerListState,
} from '../../../../components/data-table';
import type { ListProps, ListSearch } from '../../../../components/data-table';
import { trpc } from '../../../../lib/trpc';
import { failureMessage } from '../packages/feedback';
import { ProcessRepackDialog, customerOf, useMarkShipped, type RepackRow } from './RepackDialogs';
import { useCan } from '../../../../lib/permissions';

/** /admin/reempaques search params. The order is fixed (pending first), so `sort` never reaches the URL. */
export type RepackSearch = ListSearch<'queue'> & { status?: RepackStatus };

const STATUS_COLORS: Record<RepackStatus, string> = { pending: 'yellow', processed: 'blue', shipped: 'green' };
const TAB_LABELS: Record<RepackStatus, string> = {
  pending: 'Pendientes',
  processed: 'Procesadas',
  shipped: 'Enviadas',
};

const col = dataTableColumns<RepackRow>();

type RowActions = {
  process: (r: RepackRow) => void;
  markShipped: (r: RepackRow) => void;
  shippingId: string | undefined;
  /** Atención reads the queue; only roles that may process repacks get the actions column. */
  canWrite: boolean;
};

function repackColumns(actions: RowActions) {
  return [
    col.cell('customer', 'Cliente', (r) => <StackedCell main={customerOf(r)} sub={r.customer.email} />),
    col.cell('packages', 'Paquetes', (r) => (
      <Stack gap={2}>
        {r.packages.map((p) => (
          <Text size="xs" key={p.packageId}>
            <Text span ff="monospace" fw={600} size="xs">
              {p.trackingNumber ?? 'Sin tracking'}
            </Text>{' '}
            {p.packageDescription}
            {p.warehouseLocation ? ` · ${p.warehouseLocation}` : ''}
          </Text>
        ))}
      </Stack>
    )),
    col.cell('method', 'Método', (r) => SHIPPING_METHOD_LABELS[r.shippingMethod]),
    col.cell('instructions', 'Instrucciones', (r) => (
      <Text size="sm" lineClamp={4} maw={260}>
        {r.instructions ?? '—'}
      </Text>
    )),
    col.cell('status', 'Estado', (r) => (
      <LabelBadge value={r.status} labels={REPACK_STATUS_LABELS} colors={STATUS_COLORS} />
    )),
    col.cell('wr', 'WR', (r) => (
      <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
        {r.warehouseReceipt ?? '—'}
      </Text>
    )),
    col.cell('dates', 'Fechas', (r) => (
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
    )),
    ...(actions.canWrite ? [repackActions(actions)] : []),
  ];
}

function repackActions(actions: RowActions) {
  return col.actions((r) => {
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
  });
}

export function RepacksList({ search, navigate }: ListProps<RepackSearch>) {
  const state = useServerListState(search, navigate, { sort: 'queue', dir: 'asc', filterKeys: ['q', 'status'] });
  const [processing, setProcessing] = useState<RepackRow | null>(null);
  const { markShipped, pendingId } = useMarkShipped();

  const counts = useQuery({
    ...trpc.repacks.adminCounts.queryOptions({ q: search.q }),
    placeholderData: keepPreviousData,
  });
  const all = counts.data ? REPACK_STATUSES.reduce((n, s) => n + counts.data[s], 0) : 0;
  const count = counts.data ? { count: search.status ? counts.data[search.status] : all, isCapped: false } : undefined;

  const canWrite = useCan('repacks.write');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the columns are built once; markShipped reads current state when called and the row follows pendingId
  const columns = useMemo(
    () =>
      repackColumns({
        process: setProcessing,
        markShipped: (r) => void markShipped(r),
        shippingId: pendingId,
        canWrite,
      }),
    // markShipped is a fresh closure each render; the row's loading state follows pendingId.
    [pendingId, canWrite],
  );

  // No column is sortable (the queue order is fixed), so the table never changes the order.
  return (
    <ServerList
      state={state}
      rowsQuery={trpc.repacks.adminPage.queryOptions({ ...state.filters, ...state.paging })}
      countValue={count}
      refreshKey={trpc.repacks.pathKey()}
      columns={columns}
      text={{ ...M, caption: 'Solicitudes de reempaque', noun: L.countNoun, searchPlaceholder: L.searchPlaceholder }}
      toMessage={failureMessage}
      filterExtras={
        <PhoneSegments
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
      <ProcessRepackDialog subject={processing} onClose={() => setProcessing(null)} />
    </ServerList>
  );
}
