import { useMemo } from 'react';
import { Alert, Button, Card, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconEye, IconFilterOff, IconRefresh, IconSearch } from '@tabler/icons-react';
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
import { DataTable, ListCountText, ServerListPagination, dataTableColumns, useDebouncedSearch, useListUrlState } from '../../../../components/data-table';
import { getErrorMessage } from '../../../../lib/errors';
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
  const [text, setText] = useDebouncedSearch(search.q, (q) => list.setFilters({ q }));

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

  const hasFilters = Boolean(search.q || search.status || search.type);
  const tooShort = Boolean(search.q && search.q.length < LIST_SEARCH_MIN_LENGTH);

  return (
    <Stack gap="md">
      <Card withBorder radius="md">
        <Stack gap="sm">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label="Buscar"
              placeholder="Cliente, referencia o ID del pago"
              leftSection={<IconSearch size={16} />}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              error={tooShort ? ADMIN_PAYMENT_MESSAGES.searchTooShort(LIST_SEARCH_MIN_LENGTH) : undefined}
              miw={260}
              style={{ flex: 1 }}
            />
            <Select
              label="Estado"
              placeholder="Todos"
              clearable
              w={170}
              data={PAYMENT_STATUSES_SELECTABLE.map((s) => ({ value: s, label: PAYMENT_STATUS_LABELS[s] }))}
              value={search.status ?? null}
              onChange={(v) => list.setFilters({ status: (v ?? undefined) as PaymentsSearch['status'] })}
            />
            <Select
              label="Tipo"
              placeholder="Todos"
              clearable
              w={210}
              data={PAYMENT_TYPES.map((t) => ({ value: t, label: PAYMENT_TYPE_LABELS[t] }))}
              value={search.type ?? null}
              onChange={(v) => list.setFilters({ type: (v ?? undefined) as PaymentsSearch['type'] })}
            />
            <Button
              variant="default"
              leftSection={<IconFilterOff size={16} />}
              disabled={!hasFilters}
              onClick={() => {
                setText('');
                list.clear(['q', 'status', 'type']);
              }}
            >
              Limpiar filtros
            </Button>
          </Group>
          <Group justify="space-between">
            <ListCountText count={count} noun="pagos" />
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              onClick={() => void queryClient.invalidateQueries({ queryKey: trpc.payments.pathKey() })}
              loading={rows.isFetching && !rows.isPending}
            >
              Actualizar
            </Button>
          </Group>
        </Stack>
      </Card>

      {rows.isError && (
        <Alert color="red" icon={<IconAlertCircle />} role="alert" title={ADMIN_PAYMENT_MESSAGES.loadFailed}>
          {getErrorMessage(rows.error, ADMIN_PAYMENT_MESSAGES.loadFailed)}
        </Alert>
      )}

      <Card withBorder radius="md" p={0}>
        <DataTable
          caption="Pagos"
          columns={columns}
          data={rows.data?.rows ?? []}
          getRowId={(r) => r.id}
          sort={{ sort: list.sort, dir: list.dir }}
          onSortChange={(s) => list.setSort(s.sort, s.dir)}
          isLoading={rows.isFetching}
          empty={ADMIN_PAYMENT_MESSAGES.empty}
        />
      </Card>

      <ServerListPagination list={list} pageSize={pageSize} rows={rows.data} count={count} />
    </Stack>
  );
}
