import { useState } from 'react';
import { Text } from '@mantine/core';
import { IconPencil, IconSpeakerphone, IconTrash } from '@tabler/icons-react';
import {
  SHIPMENT_EDIT_MESSAGES as E,
  SHIPMENT_MESSAGES as M,
  SHIPMENT_NEWS_MESSAGES as N,
  SHIPMENT_STATUSES,
  SHIPMENT_STATUS_LABELS,
  formatDate,
  type ShipmentSort,
  type ShipmentStatus,
  formatUsdFromCents,
} from '@casillero/shared';
import {
  DeskList,
  DetailsAction,
  RowAction,
  RowActions,
  StackedCell,
  dataTableColumns,
} from '../../../../components/data-table';
import type { ListActions, ListProps, ListSearch } from '../../../../components/data-table';
import { formatDay, kgText } from '../../../../components/shipments/format';
import { ShipmentStatusBadge } from '../../../../components/shipments/ShipmentStatusBadge';
import { trpc } from '../../../../lib/trpc';
import { failureMessage } from '../packages/feedback';
import { ShipmentDetailsDrawer } from './ShipmentDetails';
import { EditShipmentDialog, RemoveShipmentDialog } from './ShipmentEditDialogs';
import { PostShipmentNewsDialog } from './ShipmentNews';
import { ShipmentStatusSelect } from './ShipmentStatus';
import { useCan } from '../../../../lib/permissions';
import type { ShipmentRow } from './types';

export type ShipmentSearch = ListSearch<ShipmentSort> & { status?: ShipmentStatus };

const col = dataTableColumns<ShipmentRow>();

/** Roles that only read shipments (caja, atención) see the status and the details, no changes. */
function shipmentColumns(actions: ListActions<ShipmentRow, 'details' | 'edit' | 'remove' | 'news'>) {
  return [
    col.cell('code', 'Código', (r) => <StackedCell mono main={r.shipmentCode} sub={r.trackingNumber ?? undefined} />),
    col.cell('customer', 'Cliente', (r) => <StackedCell main={r.customerName} sub={r.customerEmail} />),
    col.cell('destination', 'Destino', (r) => <StackedCell main={r.deliveryCity} sub={r.deliveryState} />),
    col.accessor('packageCount', { id: 'packages', header: 'Paquetes', enableSorting: false }),
    col.cell('weightCost', 'Peso / Costo', (r) => (
      <StackedCell main={kgText(r.totalWeightKg)} sub={formatUsdFromCents(r.shippingCostUsdCents)} />
    )),
    col.accessor('status', {
      id: 'status',
      header: 'Estado',
      cell: (info) =>
        actions.canWrite ? (
          <ShipmentStatusSelect shipment={info.row.original} />
        ) : (
          <ShipmentStatusBadge status={info.getValue()} />
        ),
    }),
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
    col.actions((row) => {
      const code = row.shipmentCode;
      const canRemove = row.status === 'preparing';
      return (
        <RowActions>
          <DetailsAction name={code} onClick={() => actions.details(row)} />
          {actions.canWrite && (
            <>
              <RowAction
                label={N.action}
                ariaLabel={`${N.action} del envío ${code}`}
                color="orange"
                icon={<IconSpeakerphone size={18} />}
                onClick={() => actions.news(row)}
              />
              <RowAction
                label="Editar envío"
                ariaLabel={`Editar envío ${code}`}
                color="gray"
                icon={<IconPencil size={18} />}
                onClick={() => actions.edit(row)}
              />
              <RowAction
                label={canRemove ? 'Eliminar envío' : E.onlyPreparing}
                ariaLabel={`Eliminar envío ${code}`}
                color="red"
                disabled={!canRemove}
                icon={<IconTrash size={18} />}
                onClick={() => actions.remove(row)}
              />
            </>
          )}
        </RowActions>
      );
    }),
  ];
}

export function ShipmentsList(props: ListProps<ShipmentSearch>) {
  const [editing, setEditing] = useState<ShipmentRow | null>(null);
  const [removing, setRemoving] = useState<ShipmentRow | null>(null);
  const [posting, setPosting] = useState<ShipmentRow | null>(null);
  const canWrite = useCan('shipments.write');
  return (
    <DeskList
      {...props}
      defaults={{ sort: 'createdAt' as ShipmentSort, dir: 'desc', filterKeys: ['q', 'status'] }}
      rowsQuery={(state) => trpc.shipments.list.queryOptions(state.input)}
      countQuery={(state) => trpc.shipments.count.queryOptions(state.filters)}
      columns={(details: (row: ShipmentRow) => void) =>
        shipmentColumns({ details, edit: setEditing, remove: setRemoving, news: setPosting, canWrite })
      }
      columnsKey={canWrite}
      text={{ ...M, caption: 'Envíos', noun: 'envíos', searchPlaceholder: 'Código, tracking, cliente o ciudad' }}
      toMessage={failureMessage}
      selects={[{ key: 'status', label: 'Estado', w: 190, values: SHIPMENT_STATUSES, labels: SHIPMENT_STATUS_LABELS }]}
      drawer={(open) => <ShipmentDetailsDrawer {...open} />}
    >
      <EditShipmentDialog subject={editing} onClose={() => setEditing(null)} />
      <RemoveShipmentDialog shipment={removing} onClose={() => setRemoving(null)} />
      <PostShipmentNewsDialog subject={posting} onClose={() => setPosting(null)} />
    </DeskList>
  );
}
