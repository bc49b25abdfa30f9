import { useMemo, useRef, useState } from 'react';
import { Badge, Checkbox, CloseButton, Group, Stack, Text } from '@mantine/core';
import { IconBuildingWarehouse, IconPencil, IconPrinter, IconTrash, IconUser } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MAILBOX_COUNTRY_LABELS,
  PACKAGE_MESSAGES as M,
  PACKAGE_STATUSES,
  PACKAGE_STATUS_LABELS,
  WAREHOUSE_MESSAGES,
  formatDate,
  isWarehouseReceiptCode,
  type MailboxCountry,
  type PackageSort,
  type PackageStatus,
  PROBLEM_LIST_FILTERS,
  PROBLEM_LIST_FILTER_LABELS,
  PROBLEM_REASONS,
  PROBLEM_REASON_LABELS,
  PROBLEM_STATE_LABELS,
  formatUsdFromCents,
  type ProblemListFilter,
  type ProblemReason,
} from '@casillero/shared';
import {
  DetailsAction,
  RowAction,
  RowActions,
  ServerList,
  StackedCell,
  dataTableColumns,
  useServerListState,
} from '../../../../components/data-table';
import type { ListActions, ListProps, ListSearch } from '../../../../components/data-table';
import { useDetailsParam } from '../../../../components/details/DetailsDrawer';
import { notifyError } from '../../../../lib/notify';
import { getErrorCode } from '../../../../lib/errors';
import { useCan } from '../../../../lib/permissions';
import { trpc } from '../../../../lib/trpc';
import { failureMessage } from './feedback';
import { DeletePackageDialog, IntakeDialog, PackageDetailsDrawer, weightText } from './PackageDialogs';
import { EditPackageDialog } from './PackageForm';
import { PackageStatusSelect } from './PackageStatus';
import { PrintLabelButton, openLabels } from './PrintLabels';
import type { PackageRow } from './types';

export type PackageSearch = ListSearch<PackageSort> & {
  status?: PackageStatus;
  cliente?: string;
  problema?: ProblemListFilter;
  motivo?: ProblemReason;
};

export const COUNTRY_FLAGS: Record<MailboxCountry, string> = { USA: '🇺🇸', CHINA: '🇨🇳', OTHER: '🌐' };

const INTAKE_STATUSES: readonly PackageStatus[] = ['pending', 'received', 'in_warehouse'];

const col = dataTableColumns<PackageRow>();

/** The rows ticked for printing their labels, across pages (only rows with a WR can be ticked). */
type Selection = { ids: ReadonlySet<string>; toggle: (ids: string[], on: boolean) => void };

const printable = (r: PackageRow) => Boolean(r.warehouseReceipt);

/** The tick column: one per row, and one in the header for the page's rows. */
function selectColumn(selection: Selection, pageRows: () => PackageRow[]) {
  return col.display({
    id: 'select',
    header: () => {
      const ids = pageRows()
        .filter(printable)
        .map((r) => r.id);
      const ticked = ids.filter((id) => selection.ids.has(id)).length;
      return (
        <Checkbox
          aria-label="Seleccionar los paquetes de esta página"
          checked={ids.length > 0 && ticked === ids.length}
          indeterminate={ticked > 0 && ticked < ids.length}
          disabled={ids.length === 0}
          onChange={(e) => selection.toggle(ids, e.currentTarget.checked)}
        />
      );
    },
    cell: (info) => {
      const r = info.row.original;
      return (
        <Checkbox
          aria-label={`Seleccionar ${r.trackingNumber ?? r.packageDescription}`}
          title={printable(r) ? undefined : 'Sin WR: regístralo en el almacén para imprimir su etiqueta'}
          checked={selection.ids.has(r.id)}
          disabled={!printable(r)}
          onChange={(e) => selection.toggle([r.id], e.currentTarget.checked)}
        />
      );
    },
  });
}

/** `canWrite`: the role may change packages (packages.write); without it only the details show. */
function packageColumns(
  actions: ListActions<PackageRow, 'details' | 'edit' | 'intake' | 'remove'>,
  selection: Selection,
  pageRows: () => PackageRow[],
) {
  return [
    selectColumn(selection, pageRows),
    col.cell('tracking', 'Tracking', (r) => <StackedCell mono main={r.trackingNumber} />),
    col.cell('customer', 'Cliente', (r) => <StackedCell main={r.customerName} sub={r.customerEmail} />),
    col.cell('mailbox', 'Casillero', (r) => (
      <StackedCell
        nowrap
        main={r.mailboxCode}
        sub={
          <>
            <span aria-hidden>{COUNTRY_FLAGS[r.mailboxCountry]}</span> {MAILBOX_COUNTRY_LABELS[r.mailboxCountry]}
          </>
        }
      />
    )),
    col.cell('description', 'Descripción', (r) => (
      <StackedCell
        main={
          <Text span size="sm" lineClamp={2}>
            {r.packageDescription}
          </Text>
        }
        sub={r.senderName ? `De: ${r.senderName}` : 'Remitente sin indicar'}
      />
    )),
    col.cell('weightValue', 'Peso / Valor', (r) => (
      <StackedCell
        main={weightText(r.weightKg)}
        sub={r.estimatedValueUsdCents === null ? '—' : formatUsdFromCents(r.estimatedValueUsdCents)}
      />
    )),
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
          {info.row.original.problemState && (
            <Badge color="orange" variant="light" size="sm">
              {PROBLEM_STATE_LABELS[info.row.original.problemState]}
            </Badge>
          )}
          {info.row.original.problemReason && (
            <Text size="xs" c="dimmed">
              {PROBLEM_REASON_LABELS[info.row.original.problemReason]}
              {info.row.original.problemState === 'awaiting_customer' && info.row.original.problemAbandonOn
                ? ` · abandono ${formatDate(info.row.original.problemAbandonOn)}`
                : ''}
            </Text>
          )}
        </Stack>
      ),
    }),
    col.accessor('createdAt', {
      id: 'createdAt',
      header: 'Fecha',
      cell: (info) => (
        <StackedCell
          main={formatDate(info.getValue())}
          sub={
            info.row.original.receivedDate ? `Recibido ${formatDate(info.row.original.receivedDate)}` : 'Sin recibir'
          }
        />
      ),
    }),
    col.actions((row) => {
      const label = row.trackingNumber ?? row.packageDescription;
      const canIntake = !row.shipmentCode && INTAKE_STATUSES.includes(row.status);
      return (
        <RowActions>
          <DetailsAction name={label} onClick={() => actions.details(row)} />
          {row.warehouseReceipt && (
            <RowAction
              label={WAREHOUSE_MESSAGES.labelPrint}
              ariaLabel={`${WAREHOUSE_MESSAGES.labelPrint} de ${label}`}
              color="dark"
              icon={<IconPrinter size={18} />}
              onClick={() => openLabels([row.id])}
            />
          )}
          {actions.canWrite && (
            <>
              <RowAction
                label="Editar"
                ariaLabel={`Editar ${label}`}
                color="gray"
                icon={<IconPencil size={18} />}
                onClick={() => actions.edit(row)}
              />
              {canIntake && (
                <RowAction
                  label="Recepción en almacén"
                  ariaLabel={`Recepción en almacén de ${label}`}
                  color="teal"
                  icon={<IconBuildingWarehouse size={18} />}
                  onClick={() => actions.intake(row)}
                />
              )}
              <RowAction
                label={row.shipmentCode ? M.deleteInShipment(row.shipmentCode) : 'Eliminar'}
                ariaLabel={`Eliminar ${label}`}
                color="red"
                disabled={Boolean(row.shipmentCode)}
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

/** Filters, sort and page from the URL; everything server-side (docs/decisions/008, 012). */
export function PackagesList({ search, navigate }: ListProps<PackageSearch>) {
  const state = useServerListState(search, navigate, {
    sort: 'createdAt',
    dir: 'desc',
    filterKeys: ['q', 'status', 'cliente', 'problema', 'motivo'],
  });
  const details = useDetailsParam(search, navigate);
  const canWrite = useCan('packages.write');
  const [editOf, setEditOf] = useState<string | null>(null);
  const [intakeOf, setIntakeOf] = useState<PackageRow | null>(null);
  const [deleteOf, setDeleteOf] = useState<PackageRow | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const queryClient = useQueryClient();
  const rowsInput = state.input;
  // The header's tick reads the page on screen when it renders (the columns stay memoised).
  const pageRows = useRef<() => PackageRow[]>(() => []);
  pageRows.current = () => queryClient.getQueryData(trpc.packages.list.queryKey(rowsInput))?.rows ?? [];

  const selection: Selection = useMemo(
    () => ({
      ids: selected,
      toggle: (ids, on) =>
        setSelected((prev) => {
          const next = new Set(prev);
          for (const id of ids) {
            if (on) next.add(id);
            else next.delete(id);
          }
          return next;
        }),
    }),
    [selected],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: the columns are built once; opening details only writes the URL
  const columns = useMemo(
    () =>
      packageColumns(
        {
          details: (r) => details.open(r.id),
          edit: (r) => setEditOf(r.id),
          intake: setIntakeOf,
          remove: setDeleteOf,
          canWrite,
        },
        selection,
        () => pageRows.current(),
      ),
    [canWrite, selection],
  );

  /** A WR typed or scanned into the search, then Enter (a scanner ends with it): open that package. */
  const openScannedReceipt = async (text: string) => {
    try {
      const found = await queryClient.fetchQuery({
        ...trpc.packages.byWarehouseReceipt.queryOptions({ warehouseReceipt: text }),
        staleTime: 0,
      });
      details.open(found.id);
      return true;
    } catch (error) {
      // Not a WR of ours: the text stays an ordinary search.
      if (isWarehouseReceiptCode(text))
        notifyError(
          getErrorCode(error) === 'NOT_FOUND'
            ? WAREHOUSE_MESSAGES.receiptNotFound(text.toUpperCase())
            : failureMessage(error, M.loadFailed),
        );
      return false;
    }
  };

  return (
    <ServerList
      state={state}
      rowsQuery={trpc.packages.list.queryOptions(state.input)}
      countQuery={trpc.packages.count.queryOptions(state.filters)}
      columns={columns}
      text={{
        ...M,
        caption: 'Paquetes',
        noun: 'paquetes',
        searchPlaceholder: 'Tracking, descripción, cliente o casillero',
      }}
      toMessage={failureMessage}
      selects={[
        { key: 'status', label: 'Estado', w: 190, values: PACKAGE_STATUSES, labels: PACKAGE_STATUS_LABELS },
        // Every customer's open problems (docs/product/problem-parcels.md#staff-see-every-open-problem).
        {
          key: 'problema',
          label: 'Problema',
          w: 250,
          values: PROBLEM_LIST_FILTERS,
          labels: PROBLEM_LIST_FILTER_LABELS,
        },
        { key: 'motivo', label: 'Motivo del problema', w: 210, values: PROBLEM_REASONS, labels: PROBLEM_REASON_LABELS },
      ]}
      onSearchEnter={openScannedReceipt}
      countExtras={
        <>
          {selected.size > 0 && (
            <Group gap={6} wrap="nowrap">
              <PrintLabelButton packageIds={[...selected]} size="xs" />
              <CloseButton size="sm" aria-label="Quitar la selección" onClick={() => setSelected(new Set())} />
            </Group>
          )}
          {search.cliente && (
            <CustomerFilterChip userId={search.cliente} onClear={() => state.list.clear(['cliente'])} />
          )}
        </>
      }
    >
      <PackageDetailsDrawer id={details.openId} onClose={details.close} />
      <EditPackageDialog packageId={editOf} onClose={() => setEditOf(null)} />
      <IntakeDialog subject={intakeOf} onClose={() => setIntakeOf(null)} />
      <DeletePackageDialog pkg={deleteOf} onClose={() => setDeleteOf(null)} />
    </ServerList>
  );
}
