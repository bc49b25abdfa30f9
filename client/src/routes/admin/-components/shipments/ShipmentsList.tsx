import { useMemo, useState } from 'react';
import { ActionIcon, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  LIST_DEFAULT_PAGE_SIZE,
  SHIPMENT_EDIT_MESSAGES as E,
  SHIPMENT_MESSAGES as M,
  SHIPMENT_STATUSES,
  SHIPMENT_STATUS_LABELS,
  TRACKING_MESSAGES,
  formatDate,
  formatUsd,
  type ShipmentSort,
  type ShipmentStatus,
  type SortDirection,
} from '@casillero/shared';
import {
  DataTableCard,
  FilterSelect,
  ListCountText,
  ListFilters,
  ListLoadError,
  ServerListPagination,
  dataTableColumns,
  useListUrlState,
} from '../../../../components/data-table';
import { trpc } from '../../../../lib/trpc';
import { failureMessage } from '../packages/feedback';
import { ShipmentDetailsDialog, formatDay, kgText } from './ShipmentDetails';
import { EditShipmentDialog, RemoveShipmentDialog } from './ShipmentEditDialogs';
import { ShipmentStatusSelect } from './ShipmentStatus';
import type { ShipmentRow } from './types';

export type ShipmentSearch = { q?: string; status?: ShipmentStatus; sort?: ShipmentSort; dir?: SortDirection; page?: number; pageSize?: number };

const col = dataTableColumns<ShipmentRow>();

type RowActions = { details: (r: ShipmentRow) => void; edit: (r: ShipmentRow) => void; remove: (r: ShipmentRow) => void };

function shipmentColumns(actions: RowActions) {
  return [
    col.accessor('shipmentCode', {
      id: 'code',
      header: 'Código',
      enableSorting: false,
      cell: (info) => (
        <div>
          <Text ff="monospace" size="sm" fw={600}>
            {info.getValue()}
          </Text>
          {info.row.original.trackingNumber && (
            <Text size="xs" c="dimmed">
              {info.row.original.trackingNumber}
            </Text>
          )}
        </div>
      ),
    }),
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
    col.accessor('deliveryCity', {
      id: 'destination',
      header: 'Destino',
      enableSorting: false,
      cell: (info) => (
        <div>
          <Text size="sm">{info.getValue()}</Text>
          <Text size="xs" c="dimmed">
            {info.row.original.deliveryState}
          </Text>
        </div>
      ),
    }),
    col.accessor('packageCount', { id: 'packages', header: 'Paquetes', enableSorting: false }),
    col.accessor('totalWeightKg', {
      id: 'weightCost',
      header: 'Peso / Costo',
      enableSorting: false,
      cell: (info) => (
        <div>
          <Text size="sm">{kgText(info.getValue())}</Text>
          <Text size="xs" c="dimmed">
            {formatUsd(info.row.original.shippingCostUsd)}
          </Text>
        </div>
      ),
    }),
    col.accessor('status', { id: 'status', header: 'Estado', cell: (info) => <ShipmentStatusSelect shipment={info.row.original} /> }),
    col.accessor('createdAt', {
      id: 'createdAt',
      header: 'Fechas',
      cell: (info) => {
        const r = info.row.original;
        return (
          <div>
            <Text size="sm">Creado {formatDate(info.getValue())}</Text>
            <Text size="xs" c="dimmed">
              Estimado {formatDay(r.estimatedDelivery)}
            </Text>
            <Text size="xs" c="dimmed">
              Entregado {formatDay(r.actualDelivery)}
            </Text>
          </div>
        );
      },
    }),
    col.display({
      id: 'actions',
      header: 'Acciones',
      cell: (info) => {
        const row = info.row.original;
        const canRemove = row.status === 'preparing';
        return (
          <Group gap={4} wrap="nowrap">
            <Tooltip label="Ver detalles">
              <ActionIcon variant="subtle" aria-label={`Ver detalles de ${row.shipmentCode}`} onClick={() => actions.details(row)}>
                <IconEye size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Editar envío">
              <ActionIcon variant="subtle" color="gray" aria-label={`Editar envío ${row.shipmentCode}`} onClick={() => actions.edit(row)}>
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={canRemove ? 'Eliminar envío' : E.onlyPreparing}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Eliminar envío ${row.shipmentCode}`}
                disabled={!canRemove}
                onClick={() => actions.remove(row)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        );
      },
    }),
  ];
}

type ShipmentsListProps = {
  search: ShipmentSearch;
  navigate: (update: (prev: ShipmentSearch) => ShipmentSearch) => void;
};

export function ShipmentsList({ search, navigate }: ShipmentsListProps) {
  const list = useListUrlState(search, navigate, { sort: 'createdAt' as ShipmentSort, dir: 'desc' });
  const [detailsOf, setDetailsOf] = useState<string | null>(null);
  const [editing, setEditing] = useState<ShipmentRow | null>(null);
  const [removing, setRemoving] = useState<ShipmentRow | null>(null);

  const filters = { q: search.q, status: search.status };
  const pageSize = search.pageSize ?? LIST_DEFAULT_PAGE_SIZE;
  const input = { ...filters, sort: list.sort, dir: list.dir, page: list.page, pageSize };
  const rows = useQuery({ ...trpc.shipments.list.queryOptions(input), placeholderData: keepPreviousData });
  const count = useQuery({ ...trpc.shipments.count.queryOptions(filters), placeholderData: keepPreviousData });
  const columns = useMemo(
    () => shipmentColumns({ details: (r) => setDetailsOf(r.id), edit: setEditing, remove: setRemoving }),
    [],
  );

  return (
    <Stack gap="md">
      <ListFilters
        search={search}
        list={list}
        keys={['q', 'status']}
        placeholder="Código, tracking, cliente o ciudad"
        tooShortMessage={TRACKING_MESSAGES.searchTooShort}
        filters={
          <FilterSelect
            label="Estado"
            w={190}
            data={SHIPMENT_STATUSES.map((s) => ({ value: s, label: SHIPMENT_STATUS_LABELS[s] }))}
            value={search.status}
            onChange={(status) => list.setFilters({ status })}
          />
        }
      >
        <ListCountText count={count.data} noun="envíos" />
      </ListFilters>

      {rows.isError && <ListLoadError error={rows.error} fallback={M.loadFailed} toMessage={failureMessage} />}

      <DataTableCard caption="Envíos" columns={columns} list={list} rows={rows} empty={M.empty} />

      <ServerListPagination list={list} pageSize={pageSize} rows={rows.data} count={count.data} />
      <ShipmentDetailsDialog shipmentId={detailsOf} onClose={() => setDetailsOf(null)} />
      <EditShipmentDialog shipment={editing} onClose={() => setEditing(null)} />
      <RemoveShipmentDialog shipment={removing} onClose={() => setRemoving(null)} />
    </Stack>
  );
}
