// The agencies catalogue (docs/product/last-mile.md#agencies), on the list engine: kind and
// carrier, code and name, where it is, hours and phone, whether it can be chosen; search, and
// filters by state, city and kind. The administrator edits, deactivates and reactivates.
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Badge } from '@mantine/core';
import { IconPencil, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import {
  AGENCY_KINDS,
  AGENCY_KIND_LABELS,
  VENEZUELAN_STATES,
  type AgencyKind,
  type AgencySort,
  type VenezuelanState,
} from '@casillero/shared';
import { DeskList, RowAction, RowActions, StackedCell, dataTableColumns } from '../../../../components/data-table';
import type { ListProps, ListSearch } from '../../../../components/data-table';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { trpc } from '../../../../lib/trpc';
import { failureMessage } from '../packages/feedback';
import { EditAgencyDialog, useInvalidateAgencies } from './AgencyForm';
import type { AgencyRow } from './types';

export type AgencySearch = ListSearch<AgencySort> & {
  state?: VenezuelanState;
  city?: string;
  kind?: AgencyKind;
};

const col = dataTableColumns<AgencyRow>();

function agencyColumns(edit: (row: AgencyRow) => void, toggle: (row: AgencyRow) => void) {
  return [
    col.accessor('code', {
      id: 'code',
      header: 'Agencia',
      cell: (info) => {
        const r = info.row.original;
        return <StackedCell mono main={r.code} sub={`${r.carrier} · ${r.name}`} />;
      },
    }),
    col.cell('kind', 'Tipo', (r) => AGENCY_KIND_LABELS[r.kind]),
    col.accessor('city', {
      id: 'city',
      header: 'Ubicación',
      cell: (info) => {
        const r = info.row.original;
        return <StackedCell main={`${r.city}, ${r.state}`} sub={r.address} />;
      },
    }),
    col.cell('contact', 'Horario y teléfono', (r) => <StackedCell main={r.hours || '—'} sub={r.phone || undefined} />),
    col.accessor('shipmentCount', { id: 'shipments', header: 'Envíos', enableSorting: false }),
    col.cell('active', 'Estado', (r) =>
      r.active ? <Badge color="green">Activa</Badge> : <Badge color="gray">Inactiva</Badge>,
    ),
    col.actions((row) => (
      <RowActions>
        <RowAction
          label="Editar"
          ariaLabel={`Editar ${row.code}`}
          icon={<IconPencil size={18} />}
          onClick={() => edit(row)}
        />
        <RowAction
          label={row.active ? 'Desactivar' : 'Activar'}
          ariaLabel={`${row.active ? 'Desactivar' : 'Activar'} ${row.code}`}
          icon={row.active ? <IconPlayerPause size={18} /> : <IconPlayerPlay size={18} />}
          color={row.active ? 'red' : 'green'}
          onClick={() => toggle(row)}
        />
      </RowActions>
    )),
  ];
}

export function AgenciesList(props: ListProps<AgencySearch>) {
  const [editing, setEditing] = useState<AgencyRow | null>(null);
  const invalidate = useInvalidateAgencies();
  const setActive = useMutation(trpc.agenciesAdmin.setActive.mutationOptions());
  const cities = useQuery(trpc.agenciesAdmin.cities.queryOptions());
  const chosenState = props.search.state;
  const cityOptions = [
    ...new Set((cities.data ?? []).filter((c) => !chosenState || c.state === chosenState).map((c) => c.city)),
  ];
  const toggle = async (row: AgencyRow) => {
    try {
      const r = await setActive.mutateAsync({ id: row.id, active: !row.active });
      notifySuccess(row.code, r.message);
    } catch (e) {
      notifyError(failureMessage(e, 'No se pudo cambiar la agencia.'));
    }
    await invalidate();
  };
  return (
    <DeskList
      {...props}
      defaults={{ sort: 'city' as AgencySort, dir: 'asc', filterKeys: ['q', 'state', 'city', 'kind'] }}
      rowsQuery={(state) => trpc.agenciesAdmin.list.queryOptions(state.input)}
      countQuery={(state) => trpc.agenciesAdmin.count.queryOptions(state.filters)}
      columns={() => agencyColumns(setEditing, toggle)}
      text={{
        caption: 'Agencias',
        noun: 'agencias',
        empty: 'No hay agencias con estos filtros.',
        loadFailed: 'No se pudieron cargar las agencias.',
        searchPlaceholder: 'Código, nombre, empresa, ciudad o dirección',
      }}
      toMessage={failureMessage}
      selects={[
        { key: 'state', label: 'Estado', w: 180, data: [...VENEZUELAN_STATES] },
        { key: 'city', label: 'Ciudad', w: 170, data: cityOptions },
        { key: 'kind', label: 'Tipo', w: 160, values: AGENCY_KINDS, labels: AGENCY_KIND_LABELS },
      ]}
    >
      <EditAgencyDialog subject={editing} onClose={() => setEditing(null)} />
    </DeskList>
  );
}
