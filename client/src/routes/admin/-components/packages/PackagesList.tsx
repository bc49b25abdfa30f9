import { useMemo, useState } from 'react';
import { ActionIcon, CloseButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconBuildingWarehouse, IconEye, IconPencil, IconTrash, IconUser } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  LIST_DEFAULT_PAGE_SIZE,
  MAILBOX_COUNTRY_LABELS,
  PACKAGE_MESSAGES as M,
  PACKAGE_STATUSES,
  PACKAGE_STATUS_LABELS,
  TRACKING_MESSAGES,
  formatDate,
  formatUsd,
  type MailboxCountry,
  type PackageSort,
  type PackageStatus,
  type SortDirection,
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
import { failureMessage } from './feedback';
import { DeletePackageDialog, IntakeDialog, PackageDetailsDialog, weightText } from './PackageDialogs';
import { EditPackageDialog } from './PackageForm';
import { PackageStatusSelect } from './PackageStatus';
import type { PackageRow } from './types';

export type PackageSearch = {
  q?: string;
  status?: PackageStatus;
  cliente?: string;
  sort?: PackageSort;
  dir?: SortDirection;
  page?: number;
  pageSize?: number;
};

export const COUNTRY_FLAGS: Record<MailboxCountry, string> = { USA: '🇺🇸', CHINA: '🇨🇳', OTHER: '🌐' };

const INTAKE_STATUSES: readonly PackageStatus[] = ['pending', 'received', 'in_warehouse'];

const col = dataTableColumns<PackageRow>();

type Actions = { details: (r: PackageRow) => void; edit: (r: PackageRow) => void; intake: (r: PackageRow) => void; remove: (r: PackageRow) => void };

function packageColumns(actions: Actions) {
  return [
    col.accessor('trackingNumber', {
      id: 'tracking',
      header: 'Tracking',
      enableSorting: false,
      cell: (info) => (
        <Text ff="monospace" size="sm" fw={600}>
          {info.getValue() ?? '—'}
        </Text>
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
    col.accessor('mailboxCode', {
      id: 'mailbox',
      header: 'Casillero',
      enableSorting: false,
      cell: (info) => (
        <div>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {info.getValue()}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            <span aria-hidden>{COUNTRY_FLAGS[info.row.original.mailboxCountry]}</span> {MAILBOX_COUNTRY_LABELS[info.row.original.mailboxCountry]}
          </Text>
        </div>
      ),
    }),
    col.accessor('packageDescription', {
      id: 'description',
      header: 'Descripción',
      enableSorting: false,
      cell: (info) => (
        <div>
          <Text size="sm" lineClamp={2}>
            {info.getValue()}
          </Text>
          <Text size="xs" c="dimmed">
            {info.row.original.senderName ? `De: ${info.row.original.senderName}` : 'Remitente sin indicar'}
          </Text>
        </div>
      ),
    }),
    col.accessor('weightKg', {
      id: 'weightValue',
      header: 'Peso / Valor',
      enableSorting: false,
      cell: (info) => (
        <div>
          <Text size="sm">{weightText(info.getValue())}</Text>
          <Text size="xs" c="dimmed">
            {info.row.original.estimatedValueUsd === null ? '—' : formatUsd(info.row.original.estimatedValueUsd)}
          </Text>
        </div>
      ),
    }),
    col.accessor('status', {
      id: 'status',
      header: 'Estado',
      cell: (info) => (
        <Stack gap={2}>
          <PackageStatusSelect pkg={info.row.original} />
          {info.row.original.shipmentCode && (
            <Text size="xs" c="dimmed">
              Envío {info.row.original.shipmentCode}
            </Text>
          )}
        </Stack>
      ),
    }),
    col.accessor('createdAt', {
      id: 'createdAt',
      header: 'Fecha',
      cell: (info) => (
        <div>
          <Text size="sm">{formatDate(info.getValue())}</Text>
          <Text size="xs" c="dimmed">
            {info.row.original.receivedDate ? `Recibido ${formatDate(info.row.original.receivedDate)}` : 'Sin recibir'}
          </Text>
        </div>
      ),
    }),
    col.display({
      id: 'actions',
      header: 'Acciones',
      cell: (info) => {
        const row = info.row.original;
        const label = row.trackingNumber ?? row.packageDescription;
        const canIntake = !row.shipmentCode && INTAKE_STATUSES.includes(row.status);
        return (
          <Group gap={4} wrap="nowrap">
            <Tooltip label="Ver detalles">
              <ActionIcon variant="subtle" aria-label={`Ver detalles de ${label}`} onClick={() => actions.details(row)}>
                <IconEye size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Editar">
              <ActionIcon variant="subtle" color="gray" aria-label={`Editar ${label}`} onClick={() => actions.edit(row)}>
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
            {canIntake && (
              <Tooltip label="Recepción en almacén">
                <ActionIcon variant="subtle" color="teal" aria-label={`Recepción en almacén de ${label}`} onClick={() => actions.intake(row)}>
                  <IconBuildingWarehouse size={18} />
                </ActionIcon>
              </Tooltip>
            )}
            <Tooltip label={row.shipmentCode ? M.deleteInShipment(row.shipmentCode) : 'Eliminar'}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Eliminar ${label}`}
                disabled={Boolean(row.shipmentCode)}
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

/** The filter chip of `?cliente=` (the clients screen links here). */
function CustomerFilterChip({ userId, onClear }: { userId: string; onClear: () => void }) {
  const customer = useQuery(trpc.packages.customers.queryOptions({ id: userId }));
  const c = customer.data?.[0];
  return (
    <Group gap={6} wrap="nowrap">
      <IconUser size={16} />
      <Text size="sm">
        Cliente: <b>{c ? (c.fullName ?? c.email) : customer.isPending ? '...' : 'desconocido'}</b>
      </Text>
      <CloseButton size="sm" aria-label="Quitar filtro de cliente" onClick={onClear} />
    </Group>
  );
}

type PackagesListProps = {
  search: PackageSearch;
  navigate: (update: (prev: PackageSearch) => PackageSearch) => void;
};

/** Filters, sort and page from the URL; everything server-side (docs/decisions/008). */
export function PackagesList({ search, navigate }: PackagesListProps) {
  const list = useListUrlState(search, navigate, { sort: 'createdAt' as PackageSort, dir: 'desc' });
  const [detailsOf, setDetailsOf] = useState<string | null>(null);
  const [editOf, setEditOf] = useState<string | null>(null);
  const [intakeOf, setIntakeOf] = useState<PackageRow | null>(null);
  const [deleteOf, setDeleteOf] = useState<PackageRow | null>(null);

  const filters = { q: search.q, status: search.status, cliente: search.cliente };
  const pageSize = search.pageSize ?? LIST_DEFAULT_PAGE_SIZE;
  const input = { ...filters, sort: list.sort, dir: list.dir, page: list.page, pageSize };
  const rows = useQuery({ ...trpc.packages.list.queryOptions(input), placeholderData: keepPreviousData });
  const count = useQuery({ ...trpc.packages.count.queryOptions(filters), placeholderData: keepPreviousData });

  const columns = useMemo(
    () =>
      packageColumns({
        details: (r) => setDetailsOf(r.id),
        edit: (r) => setEditOf(r.id),
        intake: setIntakeOf,
        remove: setDeleteOf,
      }),
    [],
  );

  return (
    <Stack gap="md">
      <ListFilters
        search={search}
        list={list}
        keys={['q', 'status', 'cliente']}
        placeholder="Tracking, descripción, cliente o casillero"
        tooShortMessage={TRACKING_MESSAGES.searchTooShort}
        filters={
          <FilterSelect
            label="Estado"
            w={190}
            data={PACKAGE_STATUSES.map((s) => ({ value: s, label: PACKAGE_STATUS_LABELS[s] }))}
            value={search.status}
            onChange={(status) => list.setFilters({ status })}
          />
        }
      >
        <ListCountBar count={count.data} noun="paquetes">
          {search.cliente && <CustomerFilterChip userId={search.cliente} onClear={() => list.clear(['cliente'])} />}
        </ListCountBar>
      </ListFilters>

      {rows.isError && <ListLoadError error={rows.error} fallback={M.loadFailed} toMessage={failureMessage} />}

      <DataTableCard caption="Paquetes" columns={columns} list={list} rows={rows} empty={M.empty} />

      <ServerListPagination list={list} pageSize={pageSize} rows={rows.data} count={count.data} />

      <PackageDetailsDialog packageId={detailsOf} onClose={() => setDetailsOf(null)} />
      <EditPackageDialog packageId={editOf} onClose={() => setEditOf(null)} />
      <IntakeDialog pkg={intakeOf} onClose={() => setIntakeOf(null)} />
      <DeletePackageDialog pkg={deleteOf} onClose={() => setDeleteOf(null)} />
    </Stack>
  );
}
