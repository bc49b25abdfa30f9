// Sin dueño (docs/product/warehouse-intake.md#sin-dueño): parcels received that nobody expected, newest first. A customer
// who pre-alerts one gets it automatically; here an operator gives one to a casillero by hand
// (the customer is told), or prints its label.
import { useMemo, useState } from 'react';
import { Anchor, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPrinter, IconUserPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferOutput } from '@trpc/tanstack-react-query';
import { createFileRoute } from '@tanstack/react-router';
import {
  RECEPTION_MESSAGES as M,
  WAREHOUSE_MESSAGES,
  formatDateTime,
  labelsUrl,
  formatKg,
  formatMeasures,
} from '@casillero/shared';
import {
  AdminPage,
  RowAction,
  RowActions,
  ServerList,
  StackedCell,
  TotalBadge,
  dataTableColumns,
  useListRoute,
  useServerListState,
  type ListSearch,
} from '../../components/data-table';
import { DialogForm, SubjectModal } from '../../components/forms/FormDialog';
import { notifySuccess } from '../../lib/notify';
import { getErrorMessage } from '../../lib/errors';
import { listSearch } from '../../lib/search';
import { pageHead } from '../../lib/site';
import { trpc } from '../../lib/trpc';

type UnclaimedSearch = ListSearch<'default'>;
type UnclaimedRow = inferOutput<typeof trpc.reception.unclaimed>['rows'][number];

export const Route = createFileRoute('/admin/sin-dueno')({
  validateSearch: (search: Record<string, unknown>): UnclaimedSearch => listSearch(search, ['default'] as const),
  head: pageHead('Paquetes sin dueño'),
  component: UnclaimedPage,
});

const col = dataTableColumns<UnclaimedRow>();

function columns(assign: (row: UnclaimedRow) => void) {
  return [
    col.cell('wr', 'WR', (r) => <StackedCell mono main={r.warehouseReceipt} sub={formatDateTime(r.receivedAt)} />),
    col.cell('tracking', 'Tracking', (r) => <StackedCell mono main={r.trackingNumber} sub={r.carrier ?? '—'} />),
    col.cell('codeRead', 'Código leído', (r) => <StackedCell mono main={r.mailboxCodeRead ?? '—'} />),
    col.cell('description', 'Descripción', (r) => (
      <StackedCell
        main={r.description ?? '—'}
        sub={`${formatKg(r.weightKg)}${r.dimensionsCm ? ` · ${formatMeasures(r.dimensionsCm)}` : ''}`}
      />
    )),
    col.cell('photos', 'Fotos', (r) => <Text size="sm">{r.photoCount}</Text>),
    col.actions((r) => (
      <RowActions>
        <RowAction
          label={M.assign}
          ariaLabel={`${M.assign} ${r.warehouseReceipt}`}
          color="teal"
          icon={<IconUserPlus size={18} />}
          onClick={() => assign(r)}
        />
        <Anchor
          href={labelsUrl({ intakeIds: [r.id] })}
          target="_blank"
          rel="noopener"
          aria-label={`${WAREHOUSE_MESSAGES.labelPrint} ${r.warehouseReceipt}`}
        >
          <IconPrinter size={18} />
        </Anchor>
      </RowActions>
    )),
  ];
}

/** The casillero picker: active mailboxes found by code, name or e-mail as the operator types. */
function AssignForm({ row, onClose }: { row: UnclaimedRow; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [q, setQ] = useState(row.mailboxCodeRead ?? '');
  const [debounced] = useDebouncedValue(q, 250);
  const [mailboxId, setMailboxId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const choices = useQuery(trpc.reception.mailboxes.queryOptions({ q: debounced }));
  const assign = useMutation(trpc.reception.assign.mutationOptions());
  const data = (choices.data ?? []).map((m) => ({ value: m.id, label: `${m.code} · ${m.customerName}` }));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!mailboxId) {
      setError(M.mailboxRequired);
      return;
    }
    try {
      const result = await assign.mutateAsync({ intakeId: row.id, mailboxId });
      notifySuccess(M.assignedTitle, M.assigned(result.warehouseReceipt, result.mailboxCode));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.reception.unclaimed.queryKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.reception.unclaimedCount.queryKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.packages.list.queryKey() }),
      ]);
      onClose();
    } catch (caught) {
      setError(getErrorMessage(caught, M.assignFailed));
    }
  };

  return (
    <DialogForm onSubmit={submit} error={error} onCancel={onClose} label={M.assignSave} loading={assign.isPending}>
      <Stack gap={2}>
        <Text size="sm" ff="monospace">
          {row.warehouseReceipt} · {row.trackingNumber}
        </Text>
        {row.mailboxCodeRead && (
          <Text size="sm" c="dimmed">
            Código leído: {row.mailboxCodeRead}
          </Text>
        )}
      </Stack>
      <Select
        label={M.mailboxLabel}
        placeholder={M.assignSearch}
        searchable
        data-autofocus
        data={data}
        value={mailboxId}
        onChange={setMailboxId}
        searchValue={q}
        onSearchChange={setQ}
        filter={({ options }) => options}
        nothingFoundMessage={choices.isFetching ? 'Buscando…' : 'Ningún casillero activo coincide'}
      />
    </DialogForm>
  );
}

function UnclaimedPage() {
  const { search, navigate } = useListRoute<UnclaimedSearch>(Route);
  const state = useServerListState(search, navigate, { sort: 'default', dir: 'desc', filterKeys: ['q'] });
  const [assignOf, setAssignOf] = useState<UnclaimedRow | null>(null);
  const cols = useMemo(() => columns(setAssignOf), []);

  return (
    <AdminPage
      title={M.unclaimedTitle}
      subtitle={M.unclaimedSubtitle}
      badge={<TotalBadge query={trpc.reception.unclaimedCount.queryOptions({})} noun="paquetes" />}
    >
      <ServerList
        state={state}
        rowsQuery={trpc.reception.unclaimed.queryOptions(state.input)}
        countQuery={trpc.reception.unclaimedCount.queryOptions(state.filters)}
        columns={cols}
        text={{
          caption: M.unclaimedTitle,
          noun: 'paquetes',
          empty: M.unclaimedEmpty,
          loadFailed: M.lookupFailed,
          searchPlaceholder: M.unclaimedSearch,
        }}
      >
        <SubjectModal subject={assignOf} title={M.assignTitle} onClose={() => setAssignOf(null)}>
          {(row) => <AssignForm row={row} onClose={() => setAssignOf(null)} />}
        </SubjectModal>
      </ServerList>
    </AdminPage>
  );
}
