import { useMemo, useState } from 'react';
import { ActionIcon, Menu, VisuallyHidden } from '@mantine/core';
import { IconDotsVertical, IconEye, IconPackage, IconSwitchHorizontal } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  PRIORITIES,
  PRIORITY_LABELS,
  TRACKING_MESSAGES,
  TRACKING_STATUSES,
  TRACKING_STATUS_LABELS,
  TRACKINGS_CSV_PATH,
  spreadsheetPath,
  formatDate,
  formatUsdFromCents,
  formatKg,
} from '@casillero/shared';
import {
  ServerList,
  StackedCell,
  dataTableColumns,
  useServerListState,
  type ListActions,
  type ListProps,
} from '../../../../components/data-table';
import { useDetailsParam } from '../../../../components/details/DetailsDrawer';
import { useCan } from '../../../../lib/permissions';
import { downloadHref } from '../../../../lib/download';
import { trpc } from '../../../../lib/trpc';
import { lazyModule, OnceNeeded } from '../../../../lib/lazy-parts';
import { PriorityBadge, TrackingStatusBadge } from './StatusBadge';
import type { TrackingRow } from './types';
import { TRACKINGS_LIST, type TrackingsSearch } from './list-defaults';

const col = dataTableColumns<TrackingRow>();

// What a row's menu opens loads when first opened (or once the list is idle).
const dialogs = lazyModule(() => import('./TrackingDialogs'));
const TrackingDetailsDrawer = dialogs.component('TrackingDetailsDrawer');
const ChangeStatusDialog = dialogs.component('ChangeStatusDialog');
const RepackDialog = dialogs.component('RepackDialog');

/** `canWrite`: the role may change trackings (trackings.write). */
function trackingColumns(actions: ListActions<TrackingRow, 'details' | 'status' | 'repack'>) {
  return [
    col.accessor('trackingNumber', {
      id: 'trackingNumber',
      header: 'Tracking',
      cell: (info) => <StackedCell mono main={info.getValue()} />,
    }),
    col.cell('client', 'Cliente', (r) => <StackedCell main={r.clientName} sub={r.clientEmail} />),
    col.accessor('mailboxCode', { id: 'mailbox', header: 'Casillero', enableSorting: false }),
    col.accessor('status', {
      id: 'status',
      header: 'Estado',
      cell: (info) => (
        <TrackingStatusBadge status={info.getValue()} dispatchAuthorizedAt={info.row.original.dispatchAuthorizedAt} />
      ),
    }),
    col.accessor('carrier', { id: 'carrier', header: 'Transportista' }),
    col.cell('weightValue', 'Peso / Valor', (r) => (
      <StackedCell
        main={formatKg(r.actualWeight ?? r.estimatedWeight)}
        sub={formatUsdFromCents(r.estimatedValueUsdCents)}
      />
    )),
    col.accessor('priority', {
      id: 'priority',
      header: 'Prioridad',
      cell: (info) => <PriorityBadge priority={info.getValue()} />,
    }),
    col.accessor('createdAt', { id: 'createdAt', header: 'Fecha', cell: (info) => formatDate(info.getValue()) }),
    col.actions(
      (row) => (
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
            {actions.canWrite && (
              <>
                <Menu.Item leftSection={<IconSwitchHorizontal size={16} />} onClick={() => actions.status(row)}>
                  Cambiar estado
                </Menu.Item>
                <Menu.Item leftSection={<IconPackage size={16} />} onClick={() => actions.repack(row)}>
                  Solicitar reempaque
                </Menu.Item>
              </>
            )}
          </Menu.Dropdown>
        </Menu>
      ),
      () => <VisuallyHidden>Acciones</VisuallyHidden>,
    ),
  ];
}

/** The list tab: filters, sort and page from the URL; server-side everything (docs/decisions/008, 012). */
export function TrackingsList({ search, navigate }: ListProps<TrackingsSearch>) {
  const state = useServerListState(search, navigate, TRACKINGS_LIST);
  const details = useDetailsParam(search, navigate);
  const canWrite = useCan('trackings.write');
  const [statusOf, setStatusOf] = useState<TrackingRow | null>(null);
  const [repackOf, setRepackOf] = useState<TrackingRow | null>(null);
  const carriers = useQuery(trpc.trackings.carriers.queryOptions());
  dialogs.usePreloadWhenIdle();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the columns are built once; opening details only writes the URL
  const columns = useMemo(
    () => trackingColumns({ details: (r) => details.open(r.id), status: setStatusOf, repack: setRepackOf, canWrite }),
    [canWrite],
  );

  return (
    <ServerList
      state={state}
      rowsQuery={trpc.trackings.list.queryOptions(state.input)}
      countQuery={trpc.trackings.count.queryOptions(state.filters)}
      refreshKey={trpc.trackings.pathKey()}
      // The whole filtered set in the list's order, streamed by the server (docs/product/admin-trackings.md#csv-export).
      exportHref={(format) =>
        downloadHref(spreadsheetPath(TRACKINGS_CSV_PATH, format), {
          ...state.filters,
          sort: state.list.sort,
          dir: state.list.dir,
        })
      }
      columns={columns}
      text={{
        ...TRACKING_MESSAGES,
        caption: 'Trackings',
        noun: 'trackings',
        searchPlaceholder: 'Tracking, cliente, email o casillero',
      }}
      selects={[
        { key: 'status', label: 'Estado', w: 190, values: TRACKING_STATUSES, labels: TRACKING_STATUS_LABELS },
        {
          key: 'priority',
          label: 'Prioridad',
          placeholder: 'Todas',
          w: 140,
          values: PRIORITIES,
          labels: PRIORITY_LABELS,
        },
        {
          key: 'carrier',
          label: 'Transportista',
          w: 160,
          data: carriers.data ?? (search.carrier ? [search.carrier] : []),
        },
      ]}
    >
      <OnceNeeded when={details.openId !== null}>
        <TrackingDetailsDrawer id={details.openId} onClose={details.close} />
      </OnceNeeded>
      <OnceNeeded when={statusOf !== null}>
        <ChangeStatusDialog subject={statusOf} onClose={() => setStatusOf(null)} />
      </OnceNeeded>
      <OnceNeeded when={repackOf !== null}>
        <RepackDialog subject={repackOf} onClose={() => setRepackOf(null)} />
      </OnceNeeded>
    </ServerList>
  );
}
