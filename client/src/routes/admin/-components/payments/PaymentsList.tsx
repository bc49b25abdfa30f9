import { useMemo } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_PAYMENT_MESSAGES,
  LIST_DEFAULT_PAGE_SIZE,
  LIST_SEARCH_MIN_LENGTH,
  PAYMENT_STATUSES_SELECTABLE,
  PAYMENT_STATUS_LABELS,
  PAYMENT_TYPES,
  PAYMENT_TYPE_LABELS,
  formatDate,
  formatUsd,
  formatVes,
} from '@casillero/shared';
import {
  DataTableCard,
  FilterSelect,
  ListCountBar,
  ListFilters,
  ListLoadError,
  ServerListPagination,
  dataTableColumns,
  useListUrlState,
} from '../../../../components/data-table';
import { trpc } from '../../../../lib/trpc';
import { PaymentStatusBadge } from './PaymentStatusBadge';
import type { PaymentRow, PaymentsSearch } from './types';

const col = dataTableColumns<PaymentRow>();

function paymentColumns(openDetails: (row: PaymentRow) => void) {
  return [
    col.accessor('customerName', {
      id: 'customer',
      header: 'Cliente',
      enableSorting: false,
      cell: (info) => (
        <div>
          <Text size="sm">{info.getValue() ?? '—'}</Text>
          <Text size="xs" c="dimmed">
            {info.row.original.customerEmail}
          </Text>
        </div>
      ),
    }),
    col.accessor('transactionType', {
      id: 'type',
      header: 'Tipo',
      enableSorting: false,
      cell: (info) => PAYMENT_TYPE_LABELS[info.getValue()],
    }),
    col.accessor('amountUsd', {
      id: 'amount',
      header: 'Monto',
      enableSorting: false,
      cell: (info) => (
        <div>
          <Text size="sm" fw={600}>
            {formatUsd(info.getValue())}
          </Text>
          {info.row.original.amountVes !== null && (
            <Text size="xs" c="dimmed">
              {formatVes(info.row.original.amountVes)}
            </Text>
          )}
        </div>
      ),
    }),
    col.accessor('paymentMethod', {
      id: 'method',
      header: 'Método',
      enableSorting: false,
      cell: (info) => (
        <div>
          <Text size="sm">{info.getValue() ?? 'N/A'}</Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {info.row.original.paymentReference ?? 'Sin referencia'}
          </Text>
        </div>
      ),
    }),
    col.accessor('createdAt', { id: 'createdAt', header: 'Fecha', cell: (info) => formatDate(info.getValue()) }),
    col.accessor('status', { id: 'status', header: 'Estado', enableSorting: false, cell: (info) => <PaymentStatusBadge status={info.getValue()} /> }),
    col.display({
      id: 'actions',
      header: 'Acciones',
      cell: (info) => {
        const row = info.row.original;
        return (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconEye size={14} />}
            onClick={() => openDetails(row)}
            aria-label={`Ver Detalles del pago de ${row.customerName ?? row.customerEmail} (${formatUsd(row.amountUsd)})`}
          >
            Ver Detalles
          </Button>
        );
      },
    }),
  ];
}

type PaymentsListProps = {
  search: PaymentsSearch;
  navigate: (update: (prev: PaymentsSearch) => PaymentsSearch) => void;
};

/** Filters, order and page from the URL; everything filtered and paged by the server. */
export function PaymentsList({ search, navigate }: PaymentsListProps) {
  const queryClient = useQueryClient();
  const list = useListUrlState(search, navigate, { sort: 'createdAt', dir: 'desc' });

  const filters = { q: search.q, status: search.status, type: search.type };
  const pageSize = search.pageSize ?? LIST_DEFAULT_PAGE_SIZE;
  const input = { ...filters, dir: list.dir, page: list.page, pageSize };
  const rows = useQuery({ ...trpc.payments.list.queryOptions(input), placeholderData: keepPreviousData });
  // The summary (fetched once by the page) gives the total and the per-status counts; only a
  // search or a type filter needs the server's bounded count.
  const summary = useQuery(trpc.payments.summary.queryOptions());
  const narrowed = Boolean(search.type || (search.q && search.q.trim().length >= LIST_SEARCH_MIN_LENGTH));
  const bounded = useQuery({ ...trpc.payments.count.queryOptions(filters), placeholderData: keepPreviousData, enabled: narrowed });
  const total = summary.data?.total.count;
  const count =
    total === undefined
      ? undefined
      : narrowed
        ? bounded.data && { ...bounded.data, total }
        : { count: search.status ? summary.data!.byStatus[search.status].count : total, isCapped: false, total };

  const columns = useMemo(() => paymentColumns((row) => navigate((prev) => ({ ...prev, pago: row.id }))), [navigate]);

  return (
    <Stack gap="md">
      <ListFilters
        search={search}
        list={list}
        keys={['q', 'status', 'type']}
        placeholder="Cliente, referencia o ID del pago"
        tooShortMessage={ADMIN_PAYMENT_MESSAGES.searchTooShort}
        filters={
          <>
            <FilterSelect
              label="Estado"
              w={170}
              data={PAYMENT_STATUSES_SELECTABLE.map((s) => ({ value: s, label: PAYMENT_STATUS_LABELS[s] }))}
              value={search.status}
              onChange={(status) => list.setFilters({ status })}
            />
            <FilterSelect
              label="Tipo"
              w={210}
              data={PAYMENT_TYPES.map((t) => ({ value: t, label: PAYMENT_TYPE_LABELS[t] }))}
              value={search.type}
              onChange={(type) => list.setFilters({ type })}
            />
          </>
        }
      >
        <ListCountBar
          count={count}
          noun="pagos"
          onRefresh={() => queryClient.invalidateQueries({ queryKey: trpc.payments.pathKey() })}
          isRefreshing={rows.isFetching && !rows.isPending}
        />
      </ListFilters>

      {rows.isError && <ListLoadError error={rows.error} fallback={ADMIN_PAYMENT_MESSAGES.loadFailed} />}

      <DataTableCard caption="Pagos" columns={columns} list={list} rows={rows} empty={ADMIN_PAYMENT_MESSAGES.empty} />

      <ServerListPagination list={list} pageSize={pageSize} rows={rows.data} count={count} />
    </Stack>
  );
}
