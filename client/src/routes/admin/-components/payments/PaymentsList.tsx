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
  formatPaidAmount,
  formatUsdFromCents,
  formatVesFromCents,
} from '@casillero/shared';
import {
  ServerList,
  StackedCell,
  dataTableColumns,
  useServerListState,
  type ListProps,
} from '../../../../components/data-table';
import { useDetailsParam } from '../../../../components/details/DetailsDrawer';
import { PaymentDetailsDrawer } from './PaymentDetailsDialog';
import { trpc } from '../../../../lib/trpc';
import { PaymentStatusBadge } from './PaymentStatusBadge';
import type { PaymentRow, PaymentsSearch } from './types';

const col = dataTableColumns<PaymentRow>();

function paymentColumns(openDetails: (row: PaymentRow) => void) {
  return [
    col.cell('customer', 'Cliente', (r) => <StackedCell main={r.customerName} sub={r.customerEmail} />),
    col.cell('type', 'Tipo', (r) => (
      <StackedCell
        main={PAYMENT_TYPE_LABELS[r.transactionType]}
        sub={r.invoiceNumber ? <span style={{ whiteSpace: 'nowrap' }}>Factura {r.invoiceNumber}</span> : undefined}
      />
    )),
    // In the currency the customer paid in, the figure the details show; a Bs. payment shows its
    // USD value under it.
    col.cell('amount', 'Monto', (r) => {
      const paidInBolivares = r.currency === 'VES' && r.amountVesCents !== null;
      return (
        <StackedCell
          main={
            <Text span size="sm" fw={600}>
              {formatPaidAmount(r)}
            </Text>
          }
          sub={
            paidInBolivares
              ? `≈ ${formatUsdFromCents(r.amountUsdCents)}`
              : r.amountVesCents === null
                ? undefined
                : formatVesFromCents(r.amountVesCents)
          }
        />
      );
    }),
    col.cell('method', 'Método', (r) => (
      <StackedCell
        main={r.paymentMethod ?? 'N/A'}
        sub={
          <Text span size="xs" ff="monospace">
            {r.paymentReference ?? 'Sin referencia'}
          </Text>
        }
      />
    )),
    col.accessor('createdAt', { id: 'createdAt', header: 'Fecha', cell: (info) => formatDate(info.getValue()) }),
    col.cell('status', 'Estado', (r) => <PaymentStatusBadge status={r.status} />),
    col.actions((row) => (
      <Button
        size="xs"
        variant="light"
        leftSection={<IconEye size={14} />}
        onClick={() => openDetails(row)}
        aria-label={`Ver Detalles del pago de ${row.customerName ?? row.customerEmail} (${formatUsdFromCents(row.amountUsdCents)})`}
      >
        Ver Detalles
      </Button>
    )),
  ];
}

/** Filters, order and page from the URL; everything filtered and paged by the server. */
export function PaymentsList({ search, navigate }: ListProps<PaymentsSearch>) {
  const state = useServerListState(search, navigate, {
    sort: 'createdAt',
    dir: 'desc',
    filterKeys: ['q', 'status', 'type'],
  });
  const details = useDetailsParam(search, navigate);
  // The summary (fetched once by the page) gives the total and the per-status counts; only a
  // search or a type filter needs the server's bounded count.
  const summary = useQuery(trpc.payments.summary.queryOptions());
  const narrowed = Boolean(search.type || (search.q && search.q.trim().length >= LIST_SEARCH_MIN_LENGTH));
  const bounded = useQuery({
    ...trpc.payments.count.queryOptions(state.filters),
    placeholderData: keepPreviousData,
    enabled: narrowed,
  });
  const total = summary.data?.total.count;
  const count =
    total === undefined
      ? undefined
      : narrowed
        ? bounded.data && { ...bounded.data, total }
        : { count: search.status ? summary.data!.byStatus[search.status].count : total, isCapped: false, total };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the columns are built once; opening details only writes the URL
  const columns = useMemo(() => paymentColumns((row) => details.open(row.id)), []);

  return (
    <ServerList
      state={state}
      rowsQuery={trpc.payments.list.queryOptions({ ...state.filters, dir: state.list.dir, ...state.paging })}
      countValue={count}
      refreshKey={trpc.payments.pathKey()}
      columns={columns}
      text={{
        ...ADMIN_PAYMENT_MESSAGES,
        caption: 'Pagos',
        noun: 'pagos',
        searchPlaceholder: 'Cliente, referencia o ID del pago',
      }}
      selects={[
        { key: 'status', label: 'Estado', w: 170, values: PAYMENT_STATUSES_SELECTABLE, labels: PAYMENT_STATUS_LABELS },
        { key: 'type', label: 'Tipo', w: 210, values: PAYMENT_TYPES, labels: PAYMENT_TYPE_LABELS },
      ]}
    >
      <PaymentDetailsDrawer id={details.openId} onClose={details.close} />
    </ServerList>
  );
}
