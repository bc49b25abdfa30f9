// The departures list (docs/product/departures.md), on the list engine: code, mode and route,
// references, dates, shipments, the promised arrival and whether it is late.
import { Badge, Group, Text } from '@mantine/core';
import {
  DEPARTURE_MESSAGES as M,
  DEPARTURE_MODES,
  DEPARTURE_MODE_LABELS,
  DEPARTURE_ORIGINS,
  DEPARTURE_ORIGIN_LABELS,
  DEPARTURE_PORT_LABELS,
  DEPARTURE_STATUSES,
  DEPARTURE_STATUS_LABELS,
  departureDay,
  type DepartureMode,
  type DepartureOrigin,
  type DepartureSort,
  type DepartureStatus,
} from '@casillero/shared';
import { DeskList, DetailsAction, RowActions, StackedCell, dataTableColumns } from '../../../../components/data-table';
import type { ListProps, ListSearch } from '../../../../components/data-table';
import { trpc } from '../../../../lib/trpc';
import { failureMessage } from '../packages/feedback';
import { DepartureDetailsDrawer } from './DepartureDetails';
import type { DepartureRow } from './types';

export type DepartureSearch = ListSearch<DepartureSort> & {
  mode?: DepartureMode;
  origin?: DepartureOrigin;
  status?: DepartureStatus;
};

const col = dataTableColumns<DepartureRow>();

function departureColumns(details: (row: DepartureRow) => void) {
  return [
    col.cell('code', 'Despacho', (r) => (
      <StackedCell
        mono
        main={r.code}
        sub={`${DEPARTURE_MODE_LABELS[r.mode]} · ${DEPARTURE_ORIGIN_LABELS[r.origin]} → ${DEPARTURE_PORT_LABELS[r.arrivalPort]}`}
      />
    )),
    col.cell('refs', 'Referencias', (r) => (
      <StackedCell
        main={`${r.carrier} ${r.voyage}`}
        sub={[r.masterRef, r.containerNumber].filter(Boolean).join(' · ') || '—'}
      />
    )),
    col.accessor('plannedDeparture', {
      id: 'plannedDeparture',
      header: 'Fechas',
      cell: (info) => {
        const r = info.row.original;
        return (
          <div>
            <Text size="sm">Sale {departureDay(r.plannedDeparture)}</Text>
            <Text size="xs" c="dimmed">
              Cierre {departureDay(r.cutoffOn)} · Llega aprox. {departureDay(r.promisedArrival)}
            </Text>
          </div>
        );
      },
    }),
    col.accessor('shipmentCount', { id: 'shipments', header: 'Envíos', enableSorting: false }),
    col.cell('status', 'Estado', (r) => (
      <Group gap={4}>
        <Badge color={r.status === 'open' ? 'blue' : 'gray'}>{DEPARTURE_STATUS_LABELS[r.status]}</Badge>
        {r.delayedSince && <Badge color="red">{M.delayed}</Badge>}
      </Group>
    )),
    col.actions((row) => (
      <RowActions>
        <DetailsAction name={row.code} onClick={() => details(row)} />
      </RowActions>
    )),
  ];
}

export function DeparturesList(props: ListProps<DepartureSearch>) {
  return (
    <DeskList
      {...props}
      defaults={{
        sort: 'plannedDeparture' as DepartureSort,
        dir: 'desc',
        filterKeys: ['q', 'mode', 'origin', 'status'],
      }}
      rowsQuery={(state) => trpc.departures.list.queryOptions(state.input)}
      countQuery={(state) => trpc.departures.count.queryOptions(state.filters)}
      columns={departureColumns}
      text={{
        caption: 'Despachos',
        noun: 'despachos',
        empty: 'No hay despachos con estos filtros.',
        loadFailed: 'No se pudieron cargar los despachos.',
        searchPlaceholder: 'Código, MAWB/BL, contenedor, vuelo o envío',
      }}
      toMessage={failureMessage}
      selects={[
        { key: 'mode', label: 'Tipo', w: 150, values: DEPARTURE_MODES, labels: DEPARTURE_MODE_LABELS },
        { key: 'origin', label: 'Origen', w: 150, values: DEPARTURE_ORIGINS, labels: DEPARTURE_ORIGIN_LABELS },
        { key: 'status', label: 'Estado', w: 150, values: DEPARTURE_STATUSES, labels: DEPARTURE_STATUS_LABELS },
      ]}
      drawer={(open) => <DepartureDetailsDrawer {...open} />}
    />
  );
}
