import { useMemo } from 'react';
import { Button, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ADMIN_PAYMENT_MESSAGES,
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
  FilterSelect,
  ServerList,
  StackedCell,
  dataTableColumns,
  useServerListState,
  type ListNavigate,
} from '../../../../components/data-table';
import { useDetailsParam } from '../../../../components/details/DetailsDrawer';
import { PaymentDetailsDrawer } from './PaymentDetailsDialog';
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
      cell: (info) => <StackedCell main={info.getValue()} sub={info.row.original.customerEmail} />,
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
        <StackedCell
          main={
            <Text span size="sm" fw={600}>
              {formatUsd(info.getValue())}
            </Text>
          }
          sub={info.row.original.amountVes === null ? undefined : formatVes(info.row.original.amountVes)}
        />
      ),
    }),
    col.accessor('paymentMethod', {
      id: 'method',
      header: 'Método',
      enableSorting: false,
      cell: (info) => (
        <StackedCell
          main={info.getValue() ?? 'N/A'}
          sub={
            <Text span size="xs" ff="monospace">
              {info.row.original.paymentReference ?? 'Sin referencia'}
            </Text>
          }
        />
      ),
    }),
    col.accessor('createdAt', { id: 'createdAt', header: 'Fecha', cell: (info) => formatDate(info.getValue()) }),
    col.accessor('status', {
      id: 'status',
      header: 'Estado',
      enableSorting: false,
      cell: (info) => <PaymentStatusBadge status={info.getValue()} />,
    }),
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
  navigate: ListNavigate<PaymentsSearch>;
};

/** Filters, order and page from the URL; everything filtered and paged by the server. */
export function PaymentsList({ search, navigate }: PaymentsListProps) {
  const state = useServerListState(search, navigate, { sort: 'createdAt', dir: 'desc', filterKeys: ['q', 'status', 'type'] });
  const details = useDetailsParam(search, navigate);
  // The summary (fetched once by the page) gives the total and the per-status counts; only a
  // search or a type filter needs the server's bounded count.
  const summary = useQuery(trpc.payments.summary.queryOptions());
  const narrowed = Boolean(search.type || (search.q && search.q.trim().length >= LIST_SEARCH_MIN_LENGTH));
  const bounded = useQuery({ ...trpc.payments.count.queryOptions(state.filters), placeholderData: keepPreviousData, enabled: narrowed });
  const total = summary.data?.total.count;
  const count =
    total === undefined
      ? undefined
      : narrowed
        ? bounded.data && { ...bounded.data, total }
        : { count: search.status ? summary.data!.byStatus[search.status].count : total, isCapped: false, total };

  // eslint-disable-next-line react-hooks/exhaustive-deps -- `details.open` only writes the URL
  const columns = useMemo(() => paymentColumns((row) => details.open(row.id)), []);

  return (
    <ServerList
      search={search}
      state={state}
      rowsQuery={trpc.payments.list.queryOptions({
        ...state.filters,
        dir: state.list.dir,
        page: state.list.page,
        pageSize: state.pageSize,
      })}
      countValue={count}
      refreshKey={trpc.payments.pathKey()}
      columns={columns}
      caption="Pagos"
      noun="pagos"
      empty={ADMIN_PAYMENT_MESSAGES.empty}
      loadFailed={ADMIN_PAYMENT_MESSAGES.loadFailed}
      searchPlaceholder="Cliente, referencia o ID del pago"
      tooShortMessage={ADMIN_PAYMENT_MESSAGES.searchTooShort}
      filterControls={
        <>
          <FilterSelect
            label="Estado"
            w={170}
            data={PAYMENT_STATUSES_SELECTABLE.map((s) => ({ value: s, label: PAYMENT_STATUS_LABELS[s] }))}
            value={search.status}
            onChange={(status) => state.list.setFilters({ status })}
          />
          <FilterSelect
            label="Tipo"
            w={210}
            data={PAYMENT_TYPES.map((t) => ({ value: t, label: PAYMENT_TYPE_LABELS[t] }))}
            value={search.type}
            onChange={(type) => state.list.setFilters({ type })}
          />
        </>
      }
    >
      <PaymentDetailsDrawer paymentId={details.openId} onClose={details.close} />
    </ServerList>
  );
}
